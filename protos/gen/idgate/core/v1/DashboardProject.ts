// Original file: protos/core.proto

import type { DashboardKey as _idgate_core_v1_DashboardKey, DashboardKey__Output as _idgate_core_v1_DashboardKey__Output } from '../../../idgate/core/v1/DashboardKey.ts';

export interface DashboardProject {
  'id'?: (string);
  'name'?: (string);
  'apiVersion'?: (string);
  'createdAt'?: (string);
  'keys'?: (_idgate_core_v1_DashboardKey)[];
}

export interface DashboardProject__Output {
  'id'?: (string);
  'name'?: (string);
  'apiVersion'?: (string);
  'createdAt'?: (string);
  'keys'?: (_idgate_core_v1_DashboardKey__Output)[];
}
