// Original file: protos/webhook.proto


export interface ListNotificationsRequest {
  'tenantId'?: (string);
  'limit'?: (number);
  '_limit'?: "limit";
}

export interface ListNotificationsRequest__Output {
  'tenantId'?: (string);
  'limit'?: (number);
  '_limit'?: "limit";
}
