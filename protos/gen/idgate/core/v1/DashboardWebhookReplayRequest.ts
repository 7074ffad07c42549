// Original file: protos/core.proto


export interface DashboardWebhookReplayRequest {
  'endpointId'?: (string);
  'eventId'?: (string);
  'since'?: (string);
  '_eventId'?: "eventId";
  '_since'?: "since";
}

export interface DashboardWebhookReplayRequest__Output {
  'endpointId'?: (string);
  'eventId'?: (string);
  'since'?: (string);
  '_eventId'?: "eventId";
  '_since'?: "since";
}
