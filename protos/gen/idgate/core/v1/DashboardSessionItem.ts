// Original file: protos/core.proto


export interface DashboardSessionItem {
  'id'?: (string);
  'status'?: (string);
  'verificationType'?: (string);
  'path'?: (string);
  'ipCountry'?: (string);
  'createdAt'?: (string);
  'completedAt'?: (string);
  '_verificationType'?: "verificationType";
  '_path'?: "path";
  '_ipCountry'?: "ipCountry";
  '_completedAt'?: "completedAt";
}

export interface DashboardSessionItem__Output {
  'id'?: (string);
  'status'?: (string);
  'verificationType'?: (string);
  'path'?: (string);
  'ipCountry'?: (string);
  'createdAt'?: (string);
  'completedAt'?: (string);
  '_verificationType'?: "verificationType";
  '_path'?: "path";
  '_ipCountry'?: "ipCountry";
  '_completedAt'?: "completedAt";
}
