// Original file: protos/core.proto


export interface DashboardPasskeyIdRequest {
  'passkeyId'?: (string);
}

export interface DashboardPasskeyIdRequest__Output {
  'passkeyId'?: (string);
}
