// Original file: protos/core.proto


export interface CreateApiKeyRequest {
  'projectId'?: (string);
  'scopes'?: (string)[];
}

export interface CreateApiKeyRequest__Output {
  'projectId'?: (string);
  'scopes'?: (string)[];
}
