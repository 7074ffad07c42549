// Original file: protos/core.proto

import type { DashboardProject as _idgate_core_v1_DashboardProject, DashboardProject__Output as _idgate_core_v1_DashboardProject__Output } from '../../../idgate/core/v1/DashboardProject.ts';

export interface DashboardProjectList {
  'projects'?: (_idgate_core_v1_DashboardProject)[];
}

export interface DashboardProjectList__Output {
  'projects'?: (_idgate_core_v1_DashboardProject__Output)[];
}
