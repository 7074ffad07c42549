// Original file: protos/webhook.proto


export interface RotateSecretRequest {
  'id'?: (string);
  'overlapSeconds'?: (number);
  '_overlapSeconds'?: "overlapSeconds";
}

export interface RotateSecretRequest__Output {
  'id'?: (string);
  'overlapSeconds'?: (number);
  '_overlapSeconds'?: "overlapSeconds";
}
