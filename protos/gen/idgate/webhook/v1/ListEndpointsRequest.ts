// Original file: protos/webhook.proto


export interface ListEndpointsRequest {
  'tenantId'?: (string);
}

export interface ListEndpointsRequest__Output {
  'tenantId'?: (string);
}
