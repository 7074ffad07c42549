// Original file: protos/core.proto


export interface Review {
  'id'?: (string);
  'status'?: (string);
  'reason'?: (string);
  'sessionToken'?: (string);
  'sessionStatus'?: (string);
  'externalUserId'?: (string);
  'contextJson'?: (string);
  'checksJson'?: (string);
  'riskBand'?: (string);
  'note'?: (string);
  'createdAt'?: (string);
  'decidedAt'?: (string);
  'retakeSessionToken'?: (string);
  '_externalUserId'?: "externalUserId";
  '_riskBand'?: "riskBand";
  '_note'?: "note";
  '_decidedAt'?: "decidedAt";
  '_retakeSessionToken'?: "retakeSessionToken";
}

export interface Review__Output {
  'id'?: (string);
  'status'?: (string);
  'reason'?: (string);
  'sessionToken'?: (string);
  'sessionStatus'?: (string);
  'externalUserId'?: (string);
  'contextJson'?: (string);
  'checksJson'?: (string);
  'riskBand'?: (string);
  'note'?: (string);
  'createdAt'?: (string);
  'decidedAt'?: (string);
  'retakeSessionToken'?: (string);
  '_externalUserId'?: "externalUserId";
  '_riskBand'?: "riskBand";
  '_note'?: "note";
  '_decidedAt'?: "decidedAt";
  '_retakeSessionToken'?: "retakeSessionToken";
}
