// Original file: protos/core.proto

import type { DashboardMember as _idgate_core_v1_DashboardMember, DashboardMember__Output as _idgate_core_v1_DashboardMember__Output } from '../../../idgate/core/v1/DashboardMember.ts';

export interface DashboardSession {
  'sessionToken'?: (string);
  'member'?: (_idgate_core_v1_DashboardMember | null);
}

export interface DashboardSession__Output {
  'sessionToken'?: (string);
  'member'?: (_idgate_core_v1_DashboardMember__Output);
}
