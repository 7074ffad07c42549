// Original file: protos/core.proto


export interface TeamSignInRequest {
  'email'?: (string);
  'password'?: (string);
}

export interface TeamSignInRequest__Output {
  'email'?: (string);
  'password'?: (string);
}
