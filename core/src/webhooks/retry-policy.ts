import { ConfigError } from '@idgate/platform';

/** Spec §6: "up to 5 retries". */
export const MAX_RETRIES = 5;
/** Spec §6: deactivated after 5 consecutive failures across any event types. */
export const DEACTIVATE_AFTER_FAILURES = 5;
/** Jitter spreads retries of a burst that failed together: each delay is base × [0.8, 1.2). */
export const JITTER_FRACTION = 0.2;
/** A Retry-After beyond this is capped (a receiver must not park a delivery for days). */
export const MAX_RETRY_AFTER_MS = 6 * 3600_000;

/** Parses WEBHOOK_RETRY_SCHEDULE_SECONDS: 1 to 5 positive integers (milliseconds out). */
export function parseRetrySchedule(entries: readonly string[]): number[] {
  const seconds = entries.map((e) => (/^\d{1,7}$/.test(e) ? Number(e) : Number.NaN));
  if (seconds.length === 0 || seconds.length > MAX_RETRIES || seconds.some((s) => !Number.isFinite(s) || s <= 0)) {
    throw new ConfigError('WEBHOOK_RETRY_SCHEDULE_SECONDS', `must be 1 to ${MAX_RETRIES} comma-separated positive integers (seconds)`);
  }
  return seconds.map((s) => s * 1000);
}

/**
 * Delay before the retry that follows failed attempt number `attempt` (1-based), or null when
 * the schedule is exhausted. A Retry-After (429/503) pushes the retry later, never earlier
 * (C-WH-5). `random` is injectable so tests can pin the jitter.
 */
export function retryDelayMs(attempt: number, scheduleMs: readonly number[], random: () => number, retryAfterMs?: number): number | null {
  const base = scheduleMs[attempt - 1];
  if (base === undefined) return null;
  const jittered = Math.round(base * (1 - JITTER_FRACTION + 2 * JITTER_FRACTION * random()));
  return Math.max(jittered, Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
}

/** What one HTTP attempt came to. */
export interface AttemptResult {
  statusCode?: number;
  /** timeout | connection_error | ssrf_blocked | url_refused | dns_error | … (never a URL or body). */
  error?: string;
  durationMs: number;
  retryAfterMs?: number;
}

/**
 * Attempt errors that say the URL policy refused the target (ssrf-guard.ts targetPolicy): no
 * socket was opened, and another try would be refused alike until the tenant acts.
 */
const REFUSED_TARGET = new Set(['url_refused', 'ssrf_blocked']);

/** Why a failure turns the endpoint off at once (besides the count of consecutive failures). */
export type DisableReason = 'gone' | 'target_refused';

export type Verdict = { outcome: 'success' } | { outcome: 'failure'; disable: DisableReason | null; retry: boolean };

/**
 * C-WH-5: any 2xx is success; 3xx (redirects are never followed), 4xx, 5xx, time-outs and
 * network errors are failures to retry; 410 Gone means the receiver asked us to stop, so the
 * endpoint is disabled at once. C-WH-11: a target the URL policy refuses is a failure that is
 * not retried (every retry would be refused too, and each one another try at an internal
 * address) and disables the endpoint at once, so the tenant is told.
 */
export function classifyAttempt(r: AttemptResult): Verdict {
  if (r.statusCode !== undefined && r.statusCode >= 200 && r.statusCode < 300) return { outcome: 'success' };
  if (r.error !== undefined && REFUSED_TARGET.has(r.error)) return { outcome: 'failure', disable: 'target_refused', retry: false };
  return { outcome: 'failure', disable: r.statusCode === 410 ? 'gone' : null, retry: true };
}

/** Retry-After as delta-seconds or an HTTP date → milliseconds from `now`; undefined if absent or bad. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  if (/^\d{1,9}$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
