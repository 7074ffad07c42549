// Original file: protos/core.proto

import type { DashboardWebhookAttempt as _idgate_core_v1_DashboardWebhookAttempt, DashboardWebhookAttempt__Output as _idgate_core_v1_DashboardWebhookAttempt__Output } from '../../../idgate/core/v1/DashboardWebhookAttempt.ts';

export interface DashboardWebhookDelivery {
  'id'?: (string);
  'eventId'?: (string);
  'eventType'?: (string);
  'status'?: (string);
  'attemptCount'?: (number);
  'nextAttemptAt'?: (string);
  'createdAt'?: (string);
  'deliveredAt'?: (string);
  'attempts'?: (_idgate_core_v1_DashboardWebhookAttempt)[];
  '_nextAttemptAt'?: "nextAttemptAt";
  '_deliveredAt'?: "deliveredAt";
}

export interface DashboardWebhookDelivery__Output {
  'id'?: (string);
  'eventId'?: (string);
  'eventType'?: (string);
  'status'?: (string);
  'attemptCount'?: (number);
  'nextAttemptAt'?: (string);
  'createdAt'?: (string);
  'deliveredAt'?: (string);
  'attempts'?: (_idgate_core_v1_DashboardWebhookAttempt__Output)[];
  '_nextAttemptAt'?: "nextAttemptAt";
  '_deliveredAt'?: "deliveredAt";
}
