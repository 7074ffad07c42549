// Original file: protos/core.proto


export interface DashboardReview {
  'id'?: (string);
  'projectId'?: (string);
  'projectName'?: (string);
  'status'?: (string);
  'reason'?: (string);
  'sessionStatus'?: (string);
  'contextJson'?: (string);
  'note'?: (string);
  'createdAt'?: (string);
  'decidedAt'?: (string);
  'decidedBy'?: (string);
  '_note'?: "note";
  '_decidedAt'?: "decidedAt";
  '_decidedBy'?: "decidedBy";
}

export interface DashboardReview__Output {
  'id'?: (string);
  'projectId'?: (string);
  'projectName'?: (string);
  'status'?: (string);
  'reason'?: (string);
  'sessionStatus'?: (string);
  'contextJson'?: (string);
  'note'?: (string);
  'createdAt'?: (string);
  'decidedAt'?: (string);
  'decidedBy'?: (string);
  '_note'?: "note";
  '_decidedAt'?: "decidedAt";
  '_decidedBy'?: "decidedBy";
}
