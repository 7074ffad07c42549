import type { Logger } from '@idgate/platform';
import type { Database, Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/tokens.ts';
import type { DeliveryRepository } from './delivery.repository.ts';
import type { EndpointRepository } from './endpoint.repository.ts';
import { classifyAttempt, DEACTIVATE_AFTER_FAILURES, retryDelayMs, type AttemptResult, type DisableReason } from './retry-policy.ts';
import { deliveryOutcomes, endpointDeactivations, type DeliveryOutcome } from './webhook-metrics.ts';

/** A finished HTTP attempt waiting to be written down. */
export interface FinishedAttempt {
  deliveryId: string;
  endpointId: string;
  projectId: string;
  eventId: string;
  number: number;
  signedAt: Date;
  result: AttemptResult;
}

interface Deps {
  database: Database;
  endpoints: EndpointRepository;
  deliveries: DeliveryRepository;
  clock: Clock;
  log: Logger;
  retryScheduleMs: readonly number[];
  random: () => number;
}

/**
 * Writes attempt outcomes. Successes are batched (one transaction for many: the hot path);
 * each failure gets its own transaction because it may disable the endpoint and notify the
 * tenant, which must happen exactly once and together with the failure that caused it.
 */
export class OutcomeRecorder {
  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }

  async record(owner: string, finished: FinishedAttempt[]): Promise<void> {
    const successes = finished.filter((f) => classifyAttempt(f.result).outcome === 'success');
    const failures = finished.filter((f) => classifyAttempt(f.result).outcome === 'failure');
    if (successes.length) await this.recordSuccesses(owner, successes);
    for (const f of failures) await this.recordFailure(owner, f);
  }

  private async recordSuccesses(owner: string, list: FinishedAttempt[]): Promise<void> {
    const now = this.deps.clock.now();
    const delivered = await this.deps.database.db.transaction(async (tx) => {
      await this.deps.deliveries.insertAttempts(
        list.map((f) => attemptRow(f, 'success')),
        tx,
      );
      const ids = await this.deps.deliveries.markDelivered(
        owner,
        list.map((f) => ({ id: f.deliveryId, number: f.number })),
        now,
        tx,
      );
      await this.deps.endpoints.resetFailures([...new Set(list.map((f) => f.endpointId))], tx);
      return ids.length;
    });
    // Counted once committed: a transaction that fails is made again (the lease expires).
    if (delivered > 0) deliveryOutcomes.inc({ outcome: 'delivered' }, delivered);
    if (list.length > delivered) deliveryOutcomes.inc({ outcome: 'lease_lost' }, list.length - delivered);
  }

  private async recordFailure(owner: string, f: FinishedAttempt): Promise<void> {
    const verdict = classifyAttempt(f.result);
    if (verdict.outcome !== 'failure') return;
    const now = this.deps.clock.now();
    const delay = verdict.retry ? retryDelayMs(f.number, this.deps.retryScheduleMs, this.deps.random, f.result.retryAfterMs) : null;
    const { deactivated, scheduled } = await this.deps.database.db.transaction(async (tx) => {
      await this.deps.deliveries.insertAttempts([attemptRow(f, 'failure')], tx);
      const failures = await this.deps.endpoints.countFailure(f.endpointId, tx);
      const reason: DeactivationReason = verdict.disable ?? 'consecutive_failures';
      const due = verdict.disable !== null || failures >= DEACTIVATE_AFTER_FAILURES;
      const deactivated = due && (await this.deactivate(f, reason, failures, now, tx)) ? reason : undefined;
      const scheduled = await this.deps.deliveries.markFailed(owner, f.deliveryId, f.number, delay === null ? null : new Date(now.getTime() + delay), tx);
      if (scheduled && delay === null) await this.notifyFinal(f, verdict.retry, now, tx);
      return { deactivated, scheduled };
    });
    // Counted once committed (see recordSuccesses).
    if (deactivated) endpointDeactivations.inc({ reason: deactivated });
    const outcome: DeliveryOutcome = !scheduled ? 'lease_lost' : delay === null ? 'failed_final' : deactivated ? 'endpoint_deactivated' : 'failed_retrying';
    deliveryOutcomes.inc({ outcome });
  }

  /** The delivery is over: its retries ran out, or the URL policy refused its target (never retried). */
  private async notifyFinal(f: FinishedAttempt, retried: boolean, now: Date, tx: Db): Promise<void> {
    if (retried) {
      await this.notify(f, 'delivery.exhausted', `Event ${f.eventId} could not be delivered after ${f.number} attempts; it will not be retried.`, now, tx);
      return;
    }
    await this.notify(
      f,
      'delivery.refused',
      `Event ${f.eventId} was not sent: ${refusalText(f.result.error)}; it will not be retried. Give the endpoint a public https URL, then replay the event.`,
      now,
      tx,
    );
  }

  /** Disables the endpoint and notifies the tenant; false when it was already disabled. */
  private async deactivate(f: FinishedAttempt, reason: DeactivationReason, failures: number, now: Date, tx: Db): Promise<boolean> {
    if (!(await this.deps.endpoints.disable(f.endpointId, reason, now, tx))) return false;
    const why =
      reason === 'gone'
        ? 'the receiver answered 410 Gone'
        : reason === 'target_refused'
          ? `its URL was refused at send time (${refusalText(f.result.error)})`
          : `${failures} consecutive delivery failures`;
    this.deps.log.warn({ endpointId: f.endpointId, reason }, 'webhook endpoint deactivated');
    await this.notify(
      f,
      'endpoint.disabled',
      `Webhook endpoint ${f.endpointId} was deactivated after ${why}. Fix the receiver, then enable it again; pending deliveries resume then.`,
      now,
      tx,
    );
    return true;
  }

  private async notify(f: FinishedAttempt, type: string, message: string, now: Date, tx: Db): Promise<void> {
    await this.deps.endpoints.insertNotification(
      { id: newId('wno_'), projectId: f.projectId, endpointId: f.endpointId, type, message, eventId: f.eventId, createdAt: now },
      tx,
    );
  }
}

type DeactivationReason = DisableReason | 'consecutive_failures';

/** What a policy refusal means, for the tenant's notification (never the URL: it may hold a token). */
function refusalText(error: string | undefined): string {
  return error === 'url_refused'
    ? 'the URL is not allowed here (https only, no credentials)'
    : 'the host is, or resolves to, a private, loopback, link-local or otherwise internal address';
}

function attemptRow(f: FinishedAttempt, outcome: 'success' | 'failure') {
  return {
    id: newId('wat_'),
    deliveryId: f.deliveryId,
    number: f.number,
    signedAt: f.signedAt,
    durationMs: f.result.durationMs,
    outcome,
    statusCode: f.result.statusCode ?? null,
    error: f.result.error ?? null,
  };
}
