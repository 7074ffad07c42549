// Original file: protos/core.proto


export interface DashboardRulesRequest {
  'projectId'?: (string);
}

export interface DashboardRulesRequest__Output {
  'projectId'?: (string);
}
