// Original file: protos/core.proto


export interface DashboardPasskeySignInRequest {
  'responseJson'?: (string);
}

export interface DashboardPasskeySignInRequest__Output {
  'responseJson'?: (string);
}
