// Original file: protos/core.proto


export interface DashboardKeyCreated {
  'keyId'?: (string);
  'key'?: (string);
  'scopes'?: (string)[];
  'previousExpireAt'?: (string);
  '_previousExpireAt'?: "previousExpireAt";
}

export interface DashboardKeyCreated__Output {
  'keyId'?: (string);
  'key'?: (string);
  'scopes'?: (string)[];
  'previousExpireAt'?: (string);
  '_previousExpireAt'?: "previousExpireAt";
}
