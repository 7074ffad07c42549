// Original file: protos/core.proto


export interface DashboardMember {
  'memberId'?: (string);
  'tenantId'?: (string);
  'email'?: (string);
  'role'?: (string);
  'permissions'?: (string)[];
}

export interface DashboardMember__Output {
  'memberId'?: (string);
  'tenantId'?: (string);
  'email'?: (string);
  'role'?: (string);
  'permissions'?: (string)[];
}
