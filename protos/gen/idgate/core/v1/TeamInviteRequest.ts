// Original file: protos/core.proto


export interface TeamInviteRequest {
  'email'?: (string);
  'role'?: (string);
}

export interface TeamInviteRequest__Output {
  'email'?: (string);
  'role'?: (string);
}
