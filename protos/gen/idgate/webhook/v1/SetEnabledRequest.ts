// Original file: protos/webhook.proto


export interface SetEnabledRequest {
  'id'?: (string);
  'enabled'?: (boolean);
}

export interface SetEnabledRequest__Output {
  'id'?: (string);
  'enabled'?: (boolean);
}
