// Original file: protos/webhook.proto


export interface RotatedSecret {
  'id'?: (string);
  'secret'?: (string);
  'previousSecretExpiresAt'?: (string);
  '_previousSecretExpiresAt'?: "previousSecretExpiresAt";
}

export interface RotatedSecret__Output {
  'id'?: (string);
  'secret'?: (string);
  'previousSecretExpiresAt'?: (string);
  '_previousSecretExpiresAt'?: "previousSecretExpiresAt";
}
