// Original file: protos/core.proto


export interface DashboardWebhookIdRequest {
  'endpointId'?: (string);
}

export interface DashboardWebhookIdRequest__Output {
  'endpointId'?: (string);
}
