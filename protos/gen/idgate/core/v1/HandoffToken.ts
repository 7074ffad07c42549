// Original file: protos/core.proto


export interface HandoffToken {
  'handoffToken'?: (string);
  'expiresAt'?: (string);
}

export interface HandoffToken__Output {
  'handoffToken'?: (string);
  'expiresAt'?: (string);
}
