// Original file: protos/core.proto


export interface BlacklistDeleted {
  'id'?: (string);
  'deleted'?: (boolean);
}

export interface BlacklistDeleted__Output {
  'id'?: (string);
  'deleted'?: (boolean);
}
