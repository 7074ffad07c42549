// Original file: protos/webhook.proto


export interface Endpoint {
  'id'?: (string);
  'tenantId'?: (string);
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

export interface Endpoint__Output {
  'id'?: (string);
  'tenantId'?: (string);
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
