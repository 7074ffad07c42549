// Original file: protos/core.proto


export interface ReviewIdRequest {
  'id'?: (string);
}

export interface ReviewIdRequest__Output {
  'id'?: (string);
}
