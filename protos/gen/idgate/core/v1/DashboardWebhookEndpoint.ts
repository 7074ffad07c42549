// Original file: protos/core.proto


export interface DashboardWebhookEndpoint {
  'id'?: (string);
  'projectId'?: (string);
  'url'?: (string);
  'events'?: (string)[];
  'apiVersion'?: (string);
  'enabled'?: (boolean);
  'disabledReason'?: (string);
  'consecutiveFailures'?: (number);
  'createdAt'?: (string);
  'previousSecretExpiresAt'?: (string);
  '_apiVersion'?: "apiVersion";
  '_disabledReason'?: "disabledReason";
  '_previousSecretExpiresAt'?: "previousSecretExpiresAt";
}

export interface DashboardWebhookEndpoint__Output {
  'id'?: (string);
  'projectId'?: (string);
  'url'?: (string);
  'events'?: (string)[];
  'apiVersion'?: (string);
  'enabled'?: (boolean);
  'disabledReason'?: (string);
  'consecutiveFailures'?: (number);
  'createdAt'?: (string);
  'previousSecretExpiresAt'?: (string);
  '_apiVersion'?: "apiVersion";
  '_disabledReason'?: "disabledReason";
  '_previousSecretExpiresAt'?: "previousSecretExpiresAt";
}
