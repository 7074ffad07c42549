import { describe, expect, it } from 'vitest';
import { classifyAttempt, parseRetryAfter, parseRetrySchedule, retryDelayMs } from './retry-policy.ts';
import { buildEnvelope } from './envelope.ts';
import { deliveredTypeFor, normaliseSubscription } from './event-types.ts';

const SCHEDULE = parseRetrySchedule(['30', '120', '480', '1920', '7680']);

describe('retry policy (spec §6, C-WH-5, C-WH-7)', () => {
  it('five retries, exponential, each within ±20% jitter; none after the fifth', () => {
    for (const [i, base] of [30_000, 120_000, 480_000, 1_920_000, 7_680_000].entries()) {
      expect(retryDelayMs(i + 1, SCHEDULE, () => 0)).toBe(base * 0.8);
      expect(retryDelayMs(i + 1, SCHEDULE, () => 0.5)).toBe(base);
      expect(retryDelayMs(i + 1, SCHEDULE, () => 0.999999)).toBeLessThanOrEqual(base * 1.2);
    }
    expect(retryDelayMs(6, SCHEDULE, () => 0.5)).toBeNull();
  });

  it('Retry-After delays the retry, never hastens it, and is capped at 6 h', () => {
    expect(retryDelayMs(1, SCHEDULE, () => 0.5, 3_600_000)).toBe(3_600_000);
    expect(retryDelayMs(1, SCHEDULE, () => 0.5, 1000)).toBe(30_000);
    expect(retryDelayMs(1, SCHEDULE, () => 0.5, 10 * 86_400_000)).toBe(6 * 3_600_000);
    expect(parseRetryAfter('120', 0)).toBe(120_000);
    expect(parseRetryAfter(new Date(60_000).toUTCString(), 0)).toBe(60_000);
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
  });

  it('2xx succeeds; 3xx, 4xx, 5xx and network errors fail; 410 also disables', () => {
    for (const s of [200, 201, 204, 299]) expect(classifyAttempt({ statusCode: s, durationMs: 1 })).toEqual({ outcome: 'success' });
    for (const s of [301, 400, 429, 500, 503])
      expect(classifyAttempt({ statusCode: s, durationMs: 1 })).toEqual({ outcome: 'failure', disable: null, retry: true });
    expect(classifyAttempt({ statusCode: 410, durationMs: 1 })).toEqual({ outcome: 'failure', disable: 'gone', retry: true });
    expect(classifyAttempt({ error: 'timeout', durationMs: 1 })).toEqual({ outcome: 'failure', disable: null, retry: true });
  });

  it('C-WH-11: a target the URL policy refused is a failure never retried, and disables the endpoint', () => {
    for (const error of ['ssrf_blocked', 'url_refused'])
      expect(classifyAttempt({ error, durationMs: 0 })).toEqual({ outcome: 'failure', disable: 'target_refused', retry: false });
    expect(classifyAttempt({ error: 'dns_error', durationMs: 0 })).toEqual({ outcome: 'failure', disable: null, retry: true });
  });

  it('a bad schedule stops start-up naming the variable', () => {
    for (const bad of [[], ['0'], ['x'], ['1', '2', '3', '4', '5', '6']]) expect(() => parseRetrySchedule(bad)).toThrow(/WEBHOOK_RETRY_SCHEDULE_SECONDS/);
  });
});

describe('envelope and subscriptions (spec §6, §9)', () => {
  it('wraps the stored payload byte for byte, fields in order', () => {
    const data = '{"b":1,  "a":[2,3]}';
    const env = buildEnvelope({ id: 'evt_1', type: 'session.success', apiVersion: '2026-11-01', createdAt: new Date(1_700_000_000_999), dataJson: data });
    expect(env).toBe(`{"id":"evt_1","type":"session.success","api_version":"2026-11-01","created":1700000000,"data":${data}}`);
    expect(JSON.parse(env).data).toEqual({ b: 1, a: [2, 3] });
  });

  it('session.completed receives the pass event under its old name; unknown types are refused; review.* match by name', () => {
    expect(deliveredTypeFor('session.success', ['session.completed'])).toBe('session.completed');
    expect(deliveredTypeFor('session.success', ['session.completed', 'session.success'])).toBe('session.success');
    expect(deliveredTypeFor('session.failed', ['session.completed'])).toBeNull();
    expect(deliveredTypeFor('review.created', normaliseSubscription(undefined))).toBe('review.created');
    expect(normaliseSubscription([])).toContain('session.expired');
    expect(normaliseSubscription([])).not.toContain('session.completed');
    expect(() => normaliseSubscription(['session.done'])).toThrow(expect.objectContaining({ code: 'WEBHOOK_EVENTS_INVALID' }));
  });
});
