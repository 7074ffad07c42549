// Original file: protos/webhook.proto


export interface ReplayReply {
  'replayed'?: (number);
  'truncated'?: (boolean);
}

export interface ReplayReply__Output {
  'replayed'?: (number);
  'truncated'?: (boolean);
}
