import type { WebhookDeliveryMessage } from '@idgate/protos';
import type { AttemptRow, DeliveryRow } from './delivery.repository.ts';

/**
 * A delivery and its attempts as the webhook contract's `Delivery` (protos/webhook.proto): the
 * operator's WebhookService and the dashboard's delivery log send the same message. Absent, not
 * empty, where a value does not apply (no next attempt once decided, no status code on a timeout).
 */
export function deliveryMessage(d: DeliveryRow, attempts: AttemptRow[]): WebhookDeliveryMessage {
  return {
    id: d.id,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    attemptCount: d.attemptCount,
    createdAt: d.createdAt.toISOString(),
    ...(d.status === 'pending' ? { nextAttemptAt: d.nextAttemptAt.toISOString() } : {}),
    ...(d.deliveredAt ? { deliveredAt: d.deliveredAt.toISOString() } : {}),
    attempts: attempts.map((a) => ({
      number: a.number,
      signedAt: a.signedAt.toISOString(),
      durationMs: a.durationMs,
      outcome: a.outcome,
      ...(a.statusCode !== null ? { statusCode: a.statusCode } : {}),
      ...(a.error ? { error: a.error } : {}),
    })),
  };
}
