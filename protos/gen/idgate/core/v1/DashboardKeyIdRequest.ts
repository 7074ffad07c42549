// Original file: protos/core.proto


export interface DashboardKeyIdRequest {
  'keyId'?: (string);
}

export interface DashboardKeyIdRequest__Output {
  'keyId'?: (string);
}
