// Original file: protos/core.proto


export interface BracketRequest {
  'resultToken'?: (string);
  'claim'?: (boolean);
}

export interface BracketRequest__Output {
  'resultToken'?: (string);
  'claim'?: (boolean);
}
