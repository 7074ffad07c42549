// Original file: protos/core.proto


export interface CreateTenantRequest {
  'name'?: (string);
  'plan'?: (string);
}

export interface CreateTenantRequest__Output {
  'name'?: (string);
  'plan'?: (string);
}
