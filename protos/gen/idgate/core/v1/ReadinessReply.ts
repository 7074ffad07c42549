// Original file: protos/core.proto


export interface ReadinessReply {
  'ready'?: (boolean);
  'database'?: (boolean);
  'inference'?: (boolean);
  'detail'?: (string);
  'screening'?: (boolean);
  '_screening'?: "screening";
}

export interface ReadinessReply__Output {
  'ready'?: (boolean);
  'database'?: (boolean);
  'inference'?: (boolean);
  'detail'?: (string);
  'screening'?: (boolean);
  '_screening'?: "screening";
}
