// Original file: protos/core.proto


export interface ReviewDecisionRequest {
  'id'?: (string);
  'note'?: (string);
  '_note'?: "note";
}

export interface ReviewDecisionRequest__Output {
  'id'?: (string);
  'note'?: (string);
  '_note'?: "note";
}
