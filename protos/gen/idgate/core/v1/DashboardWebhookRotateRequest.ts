// Original file: protos/core.proto


export interface DashboardWebhookRotateRequest {
  'endpointId'?: (string);
  'overlapHours'?: (number);
}

export interface DashboardWebhookRotateRequest__Output {
  'endpointId'?: (string);
  'overlapHours'?: (number);
}
