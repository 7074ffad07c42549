// Original file: protos/core.proto


export interface DashboardReviewProject {
  'id'?: (string);
  'name'?: (string);
}

export interface DashboardReviewProject__Output {
  'id'?: (string);
  'name'?: (string);
}
