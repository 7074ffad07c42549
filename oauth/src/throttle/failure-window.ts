import { createHash } from 'node:crypto';

/**
 * Fixed-window failure counting shared by the sign-in guard and the client-secret guard: a
 * subject (email, address, client id) is counted under a key that names its window, so a window
 * ends by itself when the key expires. Keys hold a digest of the subject, never the subject.
 */
export interface FailureWindowKey {
  readonly key: string;
  /** Time to live of the counter: to the end of the window, plus a second of slack. */
  readonly ttlMs: number;
  /** Seconds until the window ends (the Retry-After of a refusal). */
  readonly retryAfterSeconds: number;
}

/** Key-safe digest of a subject: 22 base64url characters (132 bits) of its SHA-256. */
export function subjectDigest(subject: string): string {
  return createHash('sha256').update(subject).digest('base64url').slice(0, 22);
}

/** The counter key of `subject` under `prefix` in the window of `windowMs` that holds `now`. */
export function failureWindowKey(prefix: string, subject: string, windowMs: number, now = Date.now()): FailureWindowKey {
  const windowEnd = (Math.floor(now / windowMs) + 1) * windowMs;
  return { key: `${prefix}:${subjectDigest(subject)}:${windowEnd}`, ttlMs: windowEnd - now + 1000, retryAfterSeconds: Math.ceil((windowEnd - now) / 1000) };
}
