// Original file: protos/webhook.proto

import type { Attempt as _idgate_webhook_v1_Attempt, Attempt__Output as _idgate_webhook_v1_Attempt__Output } from '../../../idgate/webhook/v1/Attempt.ts';

export interface Delivery {
  'id'?: (string);
  'eventId'?: (string);
  'eventType'?: (string);
  'status'?: (string);
  'attemptCount'?: (number);
  'nextAttemptAt'?: (string);
  'createdAt'?: (string);
  'deliveredAt'?: (string);
  'attempts'?: (_idgate_webhook_v1_Attempt)[];
  '_nextAttemptAt'?: "nextAttemptAt";
  '_deliveredAt'?: "deliveredAt";
}

export interface Delivery__Output {
  'id'?: (string);
  'eventId'?: (string);
  'eventType'?: (string);
  'status'?: (string);
  'attemptCount'?: (number);
  'nextAttemptAt'?: (string);
  'createdAt'?: (string);
  'deliveredAt'?: (string);
  'attempts'?: (_idgate_webhook_v1_Attempt__Output)[];
  '_nextAttemptAt'?: "nextAttemptAt";
  '_deliveredAt'?: "deliveredAt";
}
