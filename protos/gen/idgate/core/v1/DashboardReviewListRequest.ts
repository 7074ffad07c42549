// Original file: protos/core.proto


export interface DashboardReviewListRequest {
  'projectId'?: (string);
  'status'?: (string);
  'after'?: (string);
  'before'?: (string);
  '_projectId'?: "projectId";
  '_status'?: "status";
  '_after'?: "after";
  '_before'?: "before";
}

export interface DashboardReviewListRequest__Output {
  'projectId'?: (string);
  'status'?: (string);
  'after'?: (string);
  'before'?: (string);
  '_projectId'?: "projectId";
  '_status'?: "status";
  '_after'?: "after";
  '_before'?: "before";
}
