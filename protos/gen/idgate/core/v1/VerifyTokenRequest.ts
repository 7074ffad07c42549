// Original file: protos/core.proto


export interface VerifyTokenRequest {
  'token'?: (string);
  'idempotencyKey'?: (string);
  '_idempotencyKey'?: "idempotencyKey";
}

export interface VerifyTokenRequest__Output {
  'token'?: (string);
  'idempotencyKey'?: (string);
  '_idempotencyKey'?: "idempotencyKey";
}
