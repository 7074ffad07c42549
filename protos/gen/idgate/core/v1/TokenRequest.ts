// Original file: protos/core.proto


export interface TokenRequest {
  'token'?: (string);
}

export interface TokenRequest__Output {
  'token'?: (string);
}
