// Original file: protos/core.proto


export interface DashboardWebhookEnabledRequest {
  'endpointId'?: (string);
  'enabled'?: (boolean);
}

export interface DashboardWebhookEnabledRequest__Output {
  'endpointId'?: (string);
  'enabled'?: (boolean);
}
