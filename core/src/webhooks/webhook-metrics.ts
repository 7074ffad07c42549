import { defineCounter, defineGauge, defineHistogram } from '@idgate/platform';
import type { AttemptResult } from './retry-policy.ts';

/**
 * What became of a delivery after one attempt, once written down (outcome-recorder.ts):
 * - `delivered`: the receiver answered 2xx
 * - `failed_retrying`: a failure (non-2xx, time-out, network error); the next attempt is scheduled
 * - `failed_final`: a failure with no retry left, or one the URL policy refused (never retried); the
 *   delivery is over (`delivery.exhausted` or `delivery.refused` notification)
 * - `endpoint_deactivated`: a failure that deactivated the endpoint (410 Gone, or the 5th failure in a
 *   row); the delivery waits until the endpoint is enabled again
 * - `lease_lost`: the attempt was made but another dispatcher holds the delivery now (this one's lease
 *   expired), so its result was not applied
 */
export type DeliveryOutcome = 'delivered' | 'failed_retrying' | 'failed_final' | 'endpoint_deactivated' | 'lease_lost';

export const deliveryOutcomes = defineCounter({
  name: 'idgate_webhook_deliveries_total',
  help: 'Webhook delivery attempts written down, by what became of the delivery (delivered, failed_retrying, failed_final, endpoint_deactivated, lease_lost)',
  labelNames: ['outcome'],
});

export const endpointDeactivations = defineCounter({
  name: 'idgate_webhook_endpoint_deactivations_total',
  help: 'Webhook endpoints deactivated by the dispatcher, by reason (gone: the receiver answered 410; target_refused: the URL policy refused the target at send time; consecutive_failures)',
  labelNames: ['reason'],
});

const attemptDuration = defineHistogram({
  name: 'idgate_webhook_attempt_duration_seconds',
  help: 'Duration of one webhook HTTP attempt by result (2xx, 3xx, 4xx, 410, 429, 5xx, timeout, or the network error class)',
  labelNames: ['result'],
});

/** Error classes the delivery client records (delivery-client.ts errorKind), plus the dispatcher's own. */
const ERROR_RESULTS = new Set([
  'timeout',
  'connection_refused',
  'connection_reset',
  'dns_error',
  'tls_error',
  'ssrf_blocked',
  'url_refused',
  'connection_error',
  'internal_error',
]);

/** The `result` label of an attempt: status class (410 and 429 on their own) or error class; bounded. */
export function attemptResultLabel(r: AttemptResult): string {
  if (r.statusCode !== undefined && r.statusCode > 0) {
    if (r.statusCode === 410 || r.statusCode === 429) return String(r.statusCode);
    const hundreds = Math.floor(r.statusCode / 100);
    return hundreds >= 1 && hundreds <= 5 ? `${hundreds}xx` : 'other_status';
  }
  if (r.error !== undefined) return ERROR_RESULTS.has(r.error) ? r.error : 'connection_error';
  return 'connection_error';
}

export function observeAttempt(r: AttemptResult): void {
  attemptDuration.observe({ result: attemptResultLabel(r) }, Math.max(0, r.durationMs) / 1000);
}

/** What the in-flight gauge reads from a dispatcher at scrape time. */
export interface DispatcherGaugeSource {
  readonly attemptsInFlight: number;
}

const liveDispatchers = new Set<DispatcherGaugeSource>();

export function trackDispatcher(d: DispatcherGaugeSource): void {
  liveDispatchers.add(d);
}

export function untrackDispatcher(d: DispatcherGaugeSource): void {
  liveDispatchers.delete(d);
}

// In memory, no database read at scrape time: the outbox backlog is one table for every replica,
// so a per-process count of it would be misleading when summed; deliveries_total says what happens.
defineGauge({
  name: 'idgate_webhook_attempts_in_flight',
  help: 'Webhook HTTP attempts this process has started and not finished',
  collect() {
    let total = 0;
    for (const d of liveDispatchers) total += d.attemptsInFlight;
    this.set(total);
  },
});
