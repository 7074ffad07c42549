import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures (spec §6 "Signature"), shared by the sender (core's dispatcher) and the
 * tenants' reference verifier. The header is Stripe-shaped: `t=<unix seconds>,v1=<hex>`, with
 * one `v1` per active secret during a rotation's overlap window. The HMAC key is the whole
 * secret string, `whsec_` prefix included (as Stripe's SDK does).
 */

/** Default tolerance of the reference verifier: 300 s in the past AND in the future (C-WH-2). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Hex HMAC-SHA256 of `"{timestamp}.{rawBody}"` with the endpoint secret.
 * @example signWebhookPayload('whsec_abc', 1700000000, '{"id":"evt_1"}') // '5f1c…'
 */
export function signWebhookPayload(secret: string, timestamp: number, rawBody: string | Buffer): string {
  const hmac = createHmac('sha256', secret);
  hmac.update(`${timestamp}.`, 'utf8');
  hmac.update(rawBody);
  return hmac.digest('hex');
}

/**
 * The signature header value for one attempt: `t=<ts>,v1=<hex>[,v1=<hex>]`.
 * @example webhookSignatureHeader(['whsec_new', 'whsec_old'], 1700000000, body)
 */
export function webhookSignatureHeader(secrets: readonly string[], timestamp: number, rawBody: string | Buffer): string {
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${signWebhookPayload(s, timestamp, rawBody)}`)].join(',');
}

export type WebhookVerification =
  { ok: true; timestamp: number } | { ok: false; reason: 'header_missing' | 'header_malformed' | 'timestamp_outside_tolerance' | 'signature_mismatch' };

export interface VerifyWebhookOptions {
  /** The request body exactly as received (bytes or the undecoded string), never re-serialised JSON. */
  rawBody: string | Buffer;
  /** Value of the X-<Brand>-Signature header. */
  header: string | undefined | null;
  /** The endpoint secret; pass both while you roll a rotated secret out. */
  secret: string | readonly string[];
  /** Seconds of clock difference accepted either way (default 300; 0 disables the check). */
  toleranceSeconds?: number;
  /** Unix seconds "now" (tests). */
  now?: number;
}

/**
 * Reference verifier for tenants. Accepts when ANY `v1` matches ANY given secret (constant-time
 * compare) and the timestamp is within the tolerance in the past or the future.
 * @example
 * const v = verifyWebhookSignature({ rawBody: req.rawBody, header: req.headers['x-service-signature'], secret: process.env.WHSEC })
 * if (!v.ok) return res.status(400).end()
 */
export function verifyWebhookSignature(o: VerifyWebhookOptions): WebhookVerification {
  if (!o.header) return { ok: false, reason: 'header_missing' };
  const parsed = parseSignatureHeader(o.header);
  if (!parsed) return { ok: false, reason: 'header_malformed' };
  const tolerance = o.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
  const now = o.now ?? Math.floor(Date.now() / 1000);
  if (tolerance > 0 && Math.abs(now - parsed.timestamp) > tolerance) return { ok: false, reason: 'timestamp_outside_tolerance' };
  const secrets = typeof o.secret === 'string' ? [o.secret] : o.secret;
  let matched = false;
  // Every pair is compared (no early exit) so timing says nothing about which one matched.
  for (const secret of secrets) {
    const expected = Buffer.from(signWebhookPayload(secret, parsed.timestamp, o.rawBody), 'utf8');
    for (const candidate of parsed.signatures) {
      const given = Buffer.from(candidate, 'utf8');
      if (given.length === expected.length && timingSafeEqual(given, expected)) matched = true;
    }
  }
  return matched ? { ok: true, timestamp: parsed.timestamp } : { ok: false, reason: 'signature_mismatch' };
}

/** `t=…,v1=…` → timestamp and v1 values; null when malformed (no t, or no v1). */
export function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return null;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (!/^\d{1,12}$/.test(value)) return null;
      timestamp = Number(value);
    } else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) {
      signatures.push(value);
    }
  }
  return timestamp === undefined || signatures.length === 0 ? null : { timestamp, signatures };
}
