// Original file: protos/webhook.proto


export interface Attempt {
  'number'?: (number);
  'signedAt'?: (string);
  'durationMs'?: (number);
  'outcome'?: (string);
  'statusCode'?: (number);
  'error'?: (string);
  '_statusCode'?: "statusCode";
  '_error'?: "error";
}

export interface Attempt__Output {
  'number'?: (number);
  'signedAt'?: (string);
  'durationMs'?: (number);
  'outcome'?: (string);
  'statusCode'?: (number);
  'error'?: (string);
  '_statusCode'?: "statusCode";
  '_error'?: "error";
}
