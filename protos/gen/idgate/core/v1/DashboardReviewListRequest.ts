// Original file: protos/core.proto


export interface DashboardReviewListRequest {
  'projectId'?: (string);
  'status'?: (string);
  '_projectId'?: "projectId";
  '_status'?: "status";
}

export interface DashboardReviewListRequest__Output {
  'projectId'?: (string);
  'status'?: (string);
  '_projectId'?: "projectId";
  '_status'?: "status";
}
