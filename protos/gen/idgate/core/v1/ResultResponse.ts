// Original file: protos/core.proto


export interface ResultResponse {
  'recordJson'?: (string);
}

export interface ResultResponse__Output {
  'recordJson'?: (string);
}
