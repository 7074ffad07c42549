// Original file: protos/core.proto


export interface StatusResponse {
  'status'?: (string);
  'terminal'?: (boolean);
  'updatedAt'?: (string);
  'step'?: (string);
  '_step'?: "step";
}

export interface StatusResponse__Output {
  'status'?: (string);
  'terminal'?: (boolean);
  'updatedAt'?: (string);
  'step'?: (string);
  '_step'?: "step";
}
