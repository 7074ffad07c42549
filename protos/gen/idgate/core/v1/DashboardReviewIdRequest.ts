// Original file: protos/core.proto


export interface DashboardReviewIdRequest {
  'id'?: (string);
}

export interface DashboardReviewIdRequest__Output {
  'id'?: (string);
}
