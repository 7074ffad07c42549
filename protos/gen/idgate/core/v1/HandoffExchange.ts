// Original file: protos/core.proto


export interface HandoffExchange {
  'handoffToken'?: (string);
}

export interface HandoffExchange__Output {
  'handoffToken'?: (string);
}
