// Original file: protos/core.proto


export interface DashboardWebhookCreateRequest {
  'projectId'?: (string);
  'url'?: (string);
  'events'?: (string)[];
  'apiVersion'?: (string);
  '_apiVersion'?: "apiVersion";
}

export interface DashboardWebhookCreateRequest__Output {
  'projectId'?: (string);
  'url'?: (string);
  'events'?: (string)[];
  'apiVersion'?: (string);
  '_apiVersion'?: "apiVersion";
}
