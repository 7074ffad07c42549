// Original file: protos/core.proto


export interface BlacklistIdRequest {
  'id'?: (string);
}

export interface BlacklistIdRequest__Output {
  'id'?: (string);
}
