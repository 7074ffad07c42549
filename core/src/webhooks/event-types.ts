import { appError } from '@idgate/protos';

/** The exhaustive event list of spec §6 (`session.expired` is subscribable but never emitted). */
export const WEBHOOK_EVENT_TYPES = [
  'session.success',
  'session.failed',
  'session.canceled',
  'session.expired',
  'review.created',
  'review.approved',
  'review.rejected',
  'test',
] as const;

/** Deprecated alias of `session.success` (spec §6, §9): subscribers get the pass event under it. */
export const LEGACY_SUCCESS_ALIAS = 'session.completed';

export const SUBSCRIBABLE_EVENTS: readonly string[] = [...WEBHOOK_EVENT_TYPES, LEGACY_SUCCESS_ALIAS];

/** What a new endpoint gets when it names no events: every domain event, no alias, no test. */
export const DEFAULT_SUBSCRIPTION: readonly string[] = WEBHOOK_EVENT_TYPES.filter((t) => t !== 'test');

/** Validates and de-duplicates a subscription; empty means the default. */
export function normaliseSubscription(events: readonly string[] | undefined): string[] {
  if (!events || events.length === 0) return [...DEFAULT_SUBSCRIPTION];
  const unknown = events.filter((e) => !SUBSCRIBABLE_EVENTS.includes(e));
  if (unknown.length) throw appError('WEBHOOK_EVENTS_INVALID', { details: { reasons: unknown.map((u) => `unknown event type: ${u.slice(0, 64)}`) } });
  return [...new Set(events)];
}

/**
 * The type under which an endpoint receives an outbox event, or null when it is not subscribed.
 * An endpoint subscribed to both `session.success` and the alias receives it once, as
 * `session.success` (the delivery id is the event id, so two copies could not both be unique).
 * Any other type (review.* included, emitted by the review queue) matches by name.
 */
export function deliveredTypeFor(eventType: string, subscribed: readonly string[]): string | null {
  if (subscribed.includes(eventType)) return eventType;
  if (eventType === 'session.success' && subscribed.includes(LEGACY_SUCCESS_ALIAS)) return LEGACY_SUCCESS_ALIAS;
  return null;
}
