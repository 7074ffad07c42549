// Original file: protos/core.proto


export interface DashboardPasskeyAddRequest {
  'responseJson'?: (string);
  'name'?: (string);
}

export interface DashboardPasskeyAddRequest__Output {
  'responseJson'?: (string);
  'name'?: (string);
}
