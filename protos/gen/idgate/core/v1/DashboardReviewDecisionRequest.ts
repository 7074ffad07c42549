// Original file: protos/core.proto


export interface DashboardReviewDecisionRequest {
  'id'?: (string);
  'decision'?: (string);
  'note'?: (string);
  '_note'?: "note";
}

export interface DashboardReviewDecisionRequest__Output {
  'id'?: (string);
  'decision'?: (string);
  'note'?: (string);
  '_note'?: "note";
}
