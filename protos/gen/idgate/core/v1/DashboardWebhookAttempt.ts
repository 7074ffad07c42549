// Original file: protos/core.proto


export interface DashboardWebhookAttempt {
  'number'?: (number);
  'signedAt'?: (string);
  'durationMs'?: (number);
  'outcome'?: (string);
  'statusCode'?: (number);
  'error'?: (string);
  '_statusCode'?: "statusCode";
  '_error'?: "error";
}

export interface DashboardWebhookAttempt__Output {
  'number'?: (number);
  'signedAt'?: (string);
  'durationMs'?: (number);
  'outcome'?: (string);
  'statusCode'?: (number);
  'error'?: (string);
  '_statusCode'?: "statusCode";
  '_error'?: "error";
}
