// Original file: protos/core.proto


export interface DashboardWebhookReplayed {
  'replayed'?: (number);
  'truncated'?: (boolean);
}

export interface DashboardWebhookReplayed__Output {
  'replayed'?: (number);
  'truncated'?: (boolean);
}
