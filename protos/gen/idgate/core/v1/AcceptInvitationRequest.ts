// Original file: protos/core.proto


export interface AcceptInvitationRequest {
  'invitationToken'?: (string);
  'password'?: (string);
}

export interface AcceptInvitationRequest__Output {
  'invitationToken'?: (string);
  'password'?: (string);
}
