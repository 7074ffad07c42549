// Original file: protos/core.proto


export interface FaceUserDeleted {
  'userId'?: (string);
  'deleted'?: (boolean);
}

export interface FaceUserDeleted__Output {
  'userId'?: (string);
  'deleted'?: (boolean);
}
