// Original file: protos/core.proto


export interface ReadinessReply {
  'ready'?: (boolean);
  'database'?: (boolean);
  'inference'?: (boolean);
  'detail'?: (string);
}

export interface ReadinessReply__Output {
  'ready'?: (boolean);
  'database'?: (boolean);
  'inference'?: (boolean);
  'detail'?: (string);
}
