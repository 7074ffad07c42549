// Original file: protos/webhook.proto


export interface CreateEndpointRequest {
  'tenantId'?: (string);
  'projectId'?: (string);
  'url'?: (string);
  'events'?: (string)[];
  'apiVersion'?: (string);
  '_projectId'?: "projectId";
  '_apiVersion'?: "apiVersion";
}

export interface CreateEndpointRequest__Output {
  'tenantId'?: (string);
  'projectId'?: (string);
  'url'?: (string);
  'events'?: (string)[];
  'apiVersion'?: (string);
  '_projectId'?: "projectId";
  '_apiVersion'?: "apiVersion";
}
