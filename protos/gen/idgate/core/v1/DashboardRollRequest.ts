// Original file: protos/core.proto


export interface DashboardRollRequest {
  'projectId'?: (string);
  'kind'?: (string);
  'overlapHours'?: (number);
}

export interface DashboardRollRequest__Output {
  'projectId'?: (string);
  'kind'?: (string);
  'overlapHours'?: (number);
}
