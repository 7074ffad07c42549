// Original file: protos/core.proto


export interface AgeProof {
  'method'?: (string);
  'bracket'?: (number);
  'nextChangeAt'?: (string);
  'verifiedAt'?: (string);
  '_nextChangeAt'?: "nextChangeAt";
}

export interface AgeProof__Output {
  'method'?: (string);
  'bracket'?: (number);
  'nextChangeAt'?: (string);
  'verifiedAt'?: (string);
  '_nextChangeAt'?: "nextChangeAt";
}
