// Original file: protos/core.proto


export interface DashboardWebhookTestSent {
  'eventId'?: (string);
}

export interface DashboardWebhookTestSent__Output {
  'eventId'?: (string);
}
