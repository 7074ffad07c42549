// Original file: protos/core.proto


export interface DashboardWebhookProject {
  'id'?: (string);
  'name'?: (string);
  'apiVersion'?: (string);
}

export interface DashboardWebhookProject__Output {
  'id'?: (string);
  'name'?: (string);
  'apiVersion'?: (string);
}
