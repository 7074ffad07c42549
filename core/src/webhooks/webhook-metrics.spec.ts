import { describe, expect, it } from 'vitest';
import { createLogger, metricsRegistry } from '@idgate/platform';
import type { Database } from '../db/client.ts';
import type { DeliveryRepository } from './delivery.repository.ts';
import type { EndpointRepository } from './endpoint.repository.ts';
import { OutcomeRecorder, type FinishedAttempt } from './outcome-recorder.ts';
import type { AttemptResult } from './retry-policy.ts';
import { attemptResultLabel } from './webhook-metrics.ts';

async function value(name: string, labels: Record<string, string>): Promise<number> {
  const metric = metricsRegistry.getSingleMetric(name);
  const values = metric ? (await metric.get()).values : [];
  return values.find((v) => Object.entries(labels).every(([k, x]) => v.labels[k] === x))?.value ?? 0;
}
const outcome = (o: string) => value('idgate_webhook_deliveries_total', { outcome: o });
const deactivations = (reason: string) => value('idgate_webhook_endpoint_deactivations_total', { reason });

/** The repositories as the recorder sees them, scripted: what the database would answer. */
function scripted(o: { delivered?: (ids: string[]) => string[]; failures?: number; leaseHeld?: boolean; enabled?: boolean; failCommit?: boolean } = {}) {
  const database = {
    db: {
      transaction: async <T>(fn: (tx: unknown) => Promise<T>): Promise<T> => {
        const out = await fn({});
        if (o.failCommit) throw new Error('commit failed');
        return out;
      },
    },
  } as unknown as Database;
  const deliveries = {
    insertAttempts: async () => undefined,
    markDelivered: async (_owner: string, attempts: { id: string }[]) => (o.delivered ?? ((ids) => ids))(attempts.map((a) => a.id)),
    markFailed: async () => o.leaseHeld ?? true,
  } as unknown as DeliveryRepository;
  const endpoints = {
    resetFailures: async () => undefined,
    countFailure: async () => o.failures ?? 1,
    disable: async () => o.enabled ?? true,
    insertNotification: async () => undefined,
  } as unknown as EndpointRepository;
  return new OutcomeRecorder({
    database,
    deliveries,
    endpoints,
    clock: { now: () => new Date('2026-01-01T00:00:00Z') },
    log: createLogger({ level: 'silent', component: 'test' }),
    retryScheduleMs: [1000, 2000],
    random: () => 0.5,
  });
}

const attempt = (number: number, result: Partial<AttemptResult>, id = `wdl_${number}`): FinishedAttempt => ({
  deliveryId: id,
  endpointId: 'whe_1',
  projectId: 'prj_1',
  eventId: 'evt_1',
  number,
  signedAt: new Date(),
  result: { durationMs: 12, ...result },
});

/** Runs `fn` and returns how much each series moved. */
async function delta(fn: () => Promise<void>) {
  const names = ['delivered', 'failed_retrying', 'failed_final', 'endpoint_deactivated', 'lease_lost'];
  const before = await Promise.all(names.map(outcome));
  const gone0 = await deactivations('gone');
  const streak0 = await deactivations('consecutive_failures');
  await fn();
  const after = await Promise.all(names.map(outcome));
  const moved: Record<string, number> = {};
  names.forEach((n, i) => {
    if (after[i] !== before[i]) moved[n] = after[i] - before[i];
  });
  const gone = (await deactivations('gone')) - gone0;
  const streak = (await deactivations('consecutive_failures')) - streak0;
  if (gone) moved.deactivated_gone = gone;
  if (streak) moved.deactivated_consecutive_failures = streak;
  return moved;
}

describe('webhook delivery outcomes (idgate_webhook_deliveries_total), counted once written down', () => {
  it('2xx: delivered; an attempt whose lease another dispatcher took over: lease_lost', async () => {
    const recorder = scripted({ delivered: (ids) => ids.slice(1) });
    expect(
      await delta(() =>
        recorder.record('wd_a', [attempt(1, { statusCode: 200 }, 'wdl_a'), attempt(1, { statusCode: 204 }, 'wdl_b'), attempt(2, { statusCode: 201 }, 'wdl_c')]),
      ),
    ).toEqual({ delivered: 2, lease_lost: 1 });
  });

  it('a failure with retries left: failed_retrying; with none left: failed_final', async () => {
    expect(await delta(() => scripted().record('wd_a', [attempt(1, { statusCode: 500 }), attempt(2, { error: 'timeout' })]))).toEqual({ failed_retrying: 2 });
    expect(await delta(() => scripted().record('wd_a', [attempt(3, { error: 'connection_refused' })]))).toEqual({ failed_final: 1 });
  });

  it('410 Gone deactivates the endpoint; so does the 5th failure in a row; an endpoint already off is not counted again', async () => {
    expect(await delta(() => scripted().record('wd_a', [attempt(1, { statusCode: 410 })]))).toEqual({ endpoint_deactivated: 1, deactivated_gone: 1 });
    expect(await delta(() => scripted({ failures: 5 }).record('wd_a', [attempt(1, { statusCode: 503 })]))).toEqual({
      endpoint_deactivated: 1,
      deactivated_consecutive_failures: 1,
    });
    expect(await delta(() => scripted({ failures: 6, enabled: false }).record('wd_a', [attempt(2, { statusCode: 503 })]))).toEqual({ failed_retrying: 1 });
  });

  it('a failure whose lease was lost: lease_lost; nothing is counted when the transaction fails', async () => {
    expect(await delta(() => scripted({ leaseHeld: false }).record('wd_a', [attempt(1, { statusCode: 500 })]))).toEqual({ lease_lost: 1 });
    expect(
      await delta(() =>
        scripted({ failCommit: true })
          .record('wd_a', [attempt(1, { statusCode: 200 })])
          .catch(() => undefined),
      ),
    ).toEqual({});
    expect(
      await delta(() =>
        scripted({ failCommit: true })
          .record('wd_a', [attempt(1, { statusCode: 410 })])
          .catch(() => undefined),
      ),
    ).toEqual({});
  });
});

describe('attemptResultLabel (idgate_webhook_attempt_duration_seconds{result})', () => {
  it('is a status class (410 and 429 apart) or an error class, never free text', () => {
    const label = (r: Partial<AttemptResult>) => attemptResultLabel({ durationMs: 1, ...r });
    expect([200, 204, 301, 400, 404, 410, 429, 500, 503].map((statusCode) => label({ statusCode }))).toEqual([
      '2xx',
      '2xx',
      '3xx',
      '4xx',
      '4xx',
      '410',
      '429',
      '5xx',
      '5xx',
    ]);
    expect(
      ['timeout', 'connection_refused', 'connection_reset', 'dns_error', 'tls_error', 'ssrf_blocked', 'url_refused', 'internal_error'].map((error) =>
        label({ error }),
      ),
    ).toEqual(['timeout', 'connection_refused', 'connection_reset', 'dns_error', 'tls_error', 'ssrf_blocked', 'url_refused', 'internal_error']);
    expect(label({ error: 'something https://tenant.example/x said' })).toBe('connection_error');
    expect(label({ statusCode: 0, error: 'timeout' })).toBe('timeout');
    expect(label({ statusCode: 999 })).toBe('other_status');
  });
});
