// Original file: protos/core.proto

import type { DashboardUsageProject as _idgate_core_v1_DashboardUsageProject, DashboardUsageProject__Output as _idgate_core_v1_DashboardUsageProject__Output } from '../../../idgate/core/v1/DashboardUsageProject.ts';
import type { DashboardSessionItem as _idgate_core_v1_DashboardSessionItem, DashboardSessionItem__Output as _idgate_core_v1_DashboardSessionItem__Output } from '../../../idgate/core/v1/DashboardSessionItem.ts';

export interface DashboardSessionList {
  'projectId'?: (string);
  'projects'?: (_idgate_core_v1_DashboardUsageProject)[];
  'sessions'?: (_idgate_core_v1_DashboardSessionItem)[];
  'older'?: (string);
  'newer'?: (string);
  '_older'?: "older";
  '_newer'?: "newer";
}

export interface DashboardSessionList__Output {
  'projectId'?: (string);
  'projects'?: (_idgate_core_v1_DashboardUsageProject__Output)[];
  'sessions'?: (_idgate_core_v1_DashboardSessionItem__Output)[];
  'older'?: (string);
  'newer'?: (string);
  '_older'?: "older";
  '_newer'?: "newer";
}
