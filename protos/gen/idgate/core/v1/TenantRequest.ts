// Original file: protos/core.proto


export interface TenantRequest {
  'tenantId'?: (string);
}

export interface TenantRequest__Output {
  'tenantId'?: (string);
}
