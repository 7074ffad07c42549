// Original file: protos/core.proto


export interface DashboardUsageProject {
  'id'?: (string);
  'name'?: (string);
}

export interface DashboardUsageProject__Output {
  'id'?: (string);
  'name'?: (string);
}
