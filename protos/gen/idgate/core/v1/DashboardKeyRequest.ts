// Original file: protos/core.proto


export interface DashboardKeyRequest {
  'projectId'?: (string);
  'scopes'?: (string)[];
}

export interface DashboardKeyRequest__Output {
  'projectId'?: (string);
  'scopes'?: (string)[];
}
