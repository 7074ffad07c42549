// Original file: protos/core.proto


export interface DashboardRulesProject {
  'id'?: (string);
  'name'?: (string);
}

export interface DashboardRulesProject__Output {
  'id'?: (string);
  'name'?: (string);
}
