// Original file: protos/webhook.proto


export interface Notification {
  'id'?: (string);
  'type'?: (string);
  'projectId'?: (string);
  'endpointId'?: (string);
  'message'?: (string);
  'eventId'?: (string);
  'createdAt'?: (string);
  '_eventId'?: "eventId";
}

export interface Notification__Output {
  'id'?: (string);
  'type'?: (string);
  'projectId'?: (string);
  'endpointId'?: (string);
  'message'?: (string);
  'eventId'?: (string);
  'createdAt'?: (string);
  '_eventId'?: "eventId";
}
