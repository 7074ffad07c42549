// Original file: protos/core.proto


export interface DashboardWebhookDeliveriesRequest {
  'endpointId'?: (string);
  'limit'?: (number);
  '_limit'?: "limit";
}

export interface DashboardWebhookDeliveriesRequest__Output {
  'endpointId'?: (string);
  'limit'?: (number);
  '_limit'?: "limit";
}
