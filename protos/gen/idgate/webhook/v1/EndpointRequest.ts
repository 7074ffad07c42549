// Original file: protos/webhook.proto


export interface EndpointRequest {
  'id'?: (string);
}

export interface EndpointRequest__Output {
  'id'?: (string);
}
