// Original file: protos/webhook.proto


export interface ReplayRequest {
  'id'?: (string);
  'eventId'?: (string);
  'since'?: (string);
  'until'?: (string);
  '_eventId'?: "eventId";
  '_since'?: "since";
  '_until'?: "until";
}

export interface ReplayRequest__Output {
  'id'?: (string);
  'eventId'?: (string);
  'since'?: (string);
  'until'?: (string);
  '_eventId'?: "eventId";
  '_since'?: "since";
  '_until'?: "until";
}
