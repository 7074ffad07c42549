// Original file: protos/core.proto


export interface DashboardPasskeyMessage {
  'id'?: (string);
  'name'?: (string);
  'createdAt'?: (string);
  'lastUsedAt'?: (string);
  '_lastUsedAt'?: "lastUsedAt";
}

export interface DashboardPasskeyMessage__Output {
  'id'?: (string);
  'name'?: (string);
  'createdAt'?: (string);
  'lastUsedAt'?: (string);
  '_lastUsedAt'?: "lastUsedAt";
}
