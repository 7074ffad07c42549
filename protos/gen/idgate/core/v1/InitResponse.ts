// Original file: protos/core.proto


export interface InitResponse {
  'token'?: (string);
  'verifyUrl'?: (string);
  'expiresAt'?: (string);
}

export interface InitResponse__Output {
  'token'?: (string);
  'verifyUrl'?: (string);
  'expiresAt'?: (string);
}
