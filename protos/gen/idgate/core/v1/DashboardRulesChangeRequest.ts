// Original file: protos/core.proto

import type { SetProjectRulesRequest as _idgate_core_v1_SetProjectRulesRequest, SetProjectRulesRequest__Output as _idgate_core_v1_SetProjectRulesRequest__Output } from '../../../idgate/core/v1/SetProjectRulesRequest.ts';

export interface DashboardRulesChangeRequest {
  'projectId'?: (string);
  'change'?: (_idgate_core_v1_SetProjectRulesRequest | null);
}

export interface DashboardRulesChangeRequest__Output {
  'projectId'?: (string);
  'change'?: (_idgate_core_v1_SetProjectRulesRequest__Output);
}
