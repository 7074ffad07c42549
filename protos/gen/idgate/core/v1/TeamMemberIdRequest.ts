// Original file: protos/core.proto


export interface TeamMemberIdRequest {
  'memberId'?: (string);
}

export interface TeamMemberIdRequest__Output {
  'memberId'?: (string);
}
