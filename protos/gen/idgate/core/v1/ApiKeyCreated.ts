// Original file: protos/core.proto


export interface ApiKeyCreated {
  'keyId'?: (string);
  'key'?: (string);
  'scopes'?: (string)[];
}

export interface ApiKeyCreated__Output {
  'keyId'?: (string);
  'key'?: (string);
  'scopes'?: (string)[];
}
