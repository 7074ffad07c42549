// Original file: protos/core.proto


export interface CreateProjectRequest {
  'tenantId'?: (string);
  'name'?: (string);
  'apiVersion'?: (string);
  '_apiVersion'?: "apiVersion";
}

export interface CreateProjectRequest__Output {
  'tenantId'?: (string);
  'name'?: (string);
  'apiVersion'?: (string);
  '_apiVersion'?: "apiVersion";
}
