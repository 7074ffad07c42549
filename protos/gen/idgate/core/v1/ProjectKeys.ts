// Original file: protos/core.proto


export interface ProjectKeys {
  'tenantId'?: (string);
  'projectId'?: (string);
  'secretKey'?: (string);
  'publicKey'?: (string);
}

export interface ProjectKeys__Output {
  'tenantId'?: (string);
  'projectId'?: (string);
  'secretKey'?: (string);
  'publicKey'?: (string);
}
