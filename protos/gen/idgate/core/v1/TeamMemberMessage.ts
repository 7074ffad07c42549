// Original file: protos/core.proto


export interface TeamMemberMessage {
  'id'?: (string);
  'email'?: (string);
  'role'?: (string);
  'status'?: (string);
  'createdAt'?: (string);
  'lastSignInAt'?: (string);
  '_lastSignInAt'?: "lastSignInAt";
}

export interface TeamMemberMessage__Output {
  'id'?: (string);
  'email'?: (string);
  'role'?: (string);
  'status'?: (string);
  'createdAt'?: (string);
  'lastSignInAt'?: (string);
  '_lastSignInAt'?: "lastSignInAt";
}
