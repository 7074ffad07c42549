// Original file: protos/core.proto


export interface InviteFirstOwnerRequest {
  'tenantId'?: (string);
  'email'?: (string);
}

export interface InviteFirstOwnerRequest__Output {
  'tenantId'?: (string);
  'email'?: (string);
}
