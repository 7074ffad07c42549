// Original file: protos/core.proto


export interface BracketReply {
  'bracket'?: (number);
  'nextChangeAt'?: (string);
  '_bracket'?: "bracket";
  '_nextChangeAt'?: "nextChangeAt";
}

export interface BracketReply__Output {
  'bracket'?: (number);
  'nextChangeAt'?: (string);
  '_bracket'?: "bracket";
  '_nextChangeAt'?: "nextChangeAt";
}
