// Original file: protos/core.proto

import type { DashboardRulesProject as _idgate_core_v1_DashboardRulesProject, DashboardRulesProject__Output as _idgate_core_v1_DashboardRulesProject__Output } from '../../../idgate/core/v1/DashboardRulesProject.ts';
import type { DashboardFaceUser as _idgate_core_v1_DashboardFaceUser, DashboardFaceUser__Output as _idgate_core_v1_DashboardFaceUser__Output } from '../../../idgate/core/v1/DashboardFaceUser.ts';

export interface DashboardFaceUsers {
  'projectId'?: (string);
  'projects'?: (_idgate_core_v1_DashboardRulesProject)[];
  'users'?: (_idgate_core_v1_DashboardFaceUser)[];
  'nextCursor'?: (string);
  '_nextCursor'?: "nextCursor";
}

export interface DashboardFaceUsers__Output {
  'projectId'?: (string);
  'projects'?: (_idgate_core_v1_DashboardRulesProject__Output)[];
  'users'?: (_idgate_core_v1_DashboardFaceUser__Output)[];
  'nextCursor'?: (string);
  '_nextCursor'?: "nextCursor";
}
