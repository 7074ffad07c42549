// Original file: protos/webhook.proto


export interface TestEventReply {
  'eventId'?: (string);
}

export interface TestEventReply__Output {
  'eventId'?: (string);
}
