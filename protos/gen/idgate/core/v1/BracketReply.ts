// Original file: protos/core.proto


export interface BracketReply {
  'bracket'?: (number);
  'nextChangeAt'?: (string);
  'method'?: (string);
  'verifiedAt'?: (string);
  'redirectUrl'?: (string);
  '_bracket'?: "bracket";
  '_nextChangeAt'?: "nextChangeAt";
  '_redirectUrl'?: "redirectUrl";
}

export interface BracketReply__Output {
  'bracket'?: (number);
  'nextChangeAt'?: (string);
  'method'?: (string);
  'verifiedAt'?: (string);
  'redirectUrl'?: (string);
  '_bracket'?: "bracket";
  '_nextChangeAt'?: "nextChangeAt";
  '_redirectUrl'?: "redirectUrl";
}
