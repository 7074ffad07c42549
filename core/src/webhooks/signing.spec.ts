import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSignatureHeader, signWebhookPayload, verifyWebhookSignature, webhookSignatureHeader } from '@idgate/protos';

const SECRET = 'whsec_test_0123456789abcdefghijklmnopqrstuv';
const T = 1_781_870_400;
const BODY = '{"id":"evt_1","type":"test","api_version":"2026-11-01","created":1781870400,"data":{"message":"hi"}}';

describe('webhook signatures (spec §6 "Signature")', () => {
  it('C-WH-1: golden value: v1 is hex HMAC-SHA256 of "{t}.{raw body}" keyed with the whole secret', () => {
    const golden = createHmac('sha256', SECRET).update(`${T}.${BODY}`).digest('hex');
    expect(signWebhookPayload(SECRET, T, BODY)).toBe(golden);
    // Fixed literal, computed once outside this code (node -e createHmac…), so a change of scheme fails here.
    expect(golden).toBe('2d56f937148d2b9d2fa292f61b55892471c7c4285e40e2f76bb047edea9f49a4');
    expect(webhookSignatureHeader([SECRET], T, BODY)).toBe(`t=${T},v1=${golden}`);
  });

  it('C-WH-3: during rotation the header carries one v1 per secret; either secret verifies', () => {
    const header = webhookSignatureHeader(['whsec_new', 'whsec_old'], T, BODY);
    expect(parseSignatureHeader(header)?.signatures).toHaveLength(2);
    for (const secret of ['whsec_new', 'whsec_old'])
      expect(verifyWebhookSignature({ rawBody: BODY, header, secret, now: T })).toEqual({ ok: true, timestamp: T });
    expect(verifyWebhookSignature({ rawBody: BODY, header, secret: 'whsec_other', now: T })).toEqual({ ok: false, reason: 'signature_mismatch' });
  });

  it('C-WH-2: the reference verifier rejects stale AND future timestamps beyond 300 s, bad headers, altered bytes', () => {
    const header = webhookSignatureHeader([SECRET], T, BODY);
    const v = (o: Partial<Parameters<typeof verifyWebhookSignature>[0]>) => verifyWebhookSignature({ rawBody: BODY, header, secret: SECRET, now: T, ...o });
    expect(v({ now: T + 300 }).ok).toBe(true);
    expect(v({ now: T - 300 }).ok).toBe(true);
    expect(v({ now: T + 301 })).toEqual({ ok: false, reason: 'timestamp_outside_tolerance' });
    expect(v({ now: T - 301 })).toEqual({ ok: false, reason: 'timestamp_outside_tolerance' });
    expect(v({ now: T + 10_000, toleranceSeconds: 0 }).ok).toBe(true);
    expect(v({ header: undefined })).toEqual({ ok: false, reason: 'header_missing' });
    for (const bad of ['garbage', 'v1=abc', `t=${T}`, `t=abc,v1=${'0'.repeat(64)}`, `t=${T},v0=${'0'.repeat(64)}`])
      expect(v({ header: bad })).toEqual({ ok: false, reason: 'header_malformed' });
    // Raw bytes: the same JSON re-serialised with other spacing no longer verifies.
    expect(v({ rawBody: JSON.stringify(JSON.parse(BODY), null, 1) })).toEqual({ ok: false, reason: 'signature_mismatch' });
    expect(v({ rawBody: Buffer.from(BODY, 'utf8') }).ok).toBe(true);
  });

  it('C-WH-4: the signature covers the attempt timestamp: the same body at another t signs differently', () => {
    expect(signWebhookPayload(SECRET, T, BODY)).not.toBe(signWebhookPayload(SECRET, T + 1, BODY));
    const replayed = webhookSignatureHeader([SECRET], T, BODY).replace(`t=${T}`, `t=${T + 60}`);
    expect(verifyWebhookSignature({ rawBody: BODY, header: replayed, secret: SECRET, now: T + 60 }).ok).toBe(false);
  });
});
