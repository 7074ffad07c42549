// Original file: protos/core.proto


export interface BlacklistSessionRequest {
  'sessionToken'?: (string);
  'reason'?: (string);
}

export interface BlacklistSessionRequest__Output {
  'sessionToken'?: (string);
  'reason'?: (string);
}
