// Original file: protos/core.proto


export interface FaceUserRequest {
  'userId'?: (string);
}

export interface FaceUserRequest__Output {
  'userId'?: (string);
}
