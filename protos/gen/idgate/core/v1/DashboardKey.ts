// Original file: protos/core.proto


export interface DashboardKey {
  'id'?: (string);
  'kind'?: (string);
  'scopes'?: (string)[];
  'hint'?: (string);
  'state'?: (string);
  'createdAt'?: (string);
  'revokedAt'?: (string);
  'expiresAt'?: (string);
  '_hint'?: "hint";
  '_revokedAt'?: "revokedAt";
  '_expiresAt'?: "expiresAt";
}

export interface DashboardKey__Output {
  'id'?: (string);
  'kind'?: (string);
  'scopes'?: (string)[];
  'hint'?: (string);
  'state'?: (string);
  'createdAt'?: (string);
  'revokedAt'?: (string);
  'expiresAt'?: (string);
  '_hint'?: "hint";
  '_revokedAt'?: "revokedAt";
  '_expiresAt'?: "expiresAt";
}
