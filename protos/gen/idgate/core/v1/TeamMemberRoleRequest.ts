// Original file: protos/core.proto


export interface TeamMemberRoleRequest {
  'memberId'?: (string);
  'role'?: (string);
}

export interface TeamMemberRoleRequest__Output {
  'memberId'?: (string);
  'role'?: (string);
}
