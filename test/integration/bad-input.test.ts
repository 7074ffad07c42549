import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BACKENDS, CALLBACK, pathA, startTestService, type TestService } from '../src/index.ts';

/** A fingerprint of everything stored: any write by a refused request changes it. */
async function snapshot(svc: TestService): Promise<string> {
  const q = (s: string) => svc.database.db.execute(sql.raw(s)) as Promise<{ rows: Record<string, unknown>[] }>;
  const parts = await Promise.all([
    q(
      `select count(*)::int n, coalesce(md5(string_agg(id || status || step || coalesce(result_token_consumed_at::text,'') || coalesce(init_token_used_at::text,''), ',' order by id)),'') h from sessions`,
    ),
    q(`select count(*)::int n from billing_events`),
    q(`select count(*)::int n, coalesce(md5(string_agg(id || plan || suspended::text, ',' order by id)),'') h from accounts`),
    q(`select count(*)::int n from api_keys`),
    q(`select count(*)::int n from outbox_events`),
  ]);
  return JSON.stringify(parts.map((p) => p.rows[0]));
}

const wrongTypes = fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.object({ maxDepth: 1 }));
const nastyStrings = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    '\ud83d\ude00'.repeat(50),
    '%00',
    '../../etc/passwd',
    "'; drop table sessions; --",
    '<script>x</script>',
    'x'.repeat(5000),
    '\u202e',
    ' ',
  ),
);

/** A valid init body with at least one field broken (so no generated request may succeed). */
const brokenInit = fc
  .record({
    field: fc.constantFrom('callback_url', 'min_age', 'verification_mode', 'purpose', 'mismatch_policy', 'theme', 'user_id', 'expected', 'extra'),
    bad: fc.oneof(wrongTypes, nastyStrings),
  })
  .map(({ field, bad }) => {
    const body: Record<string, unknown> = { callback_url: CALLBACK, min_age: 18 };
    if (field === 'min_age') body.min_age = typeof bad === 'number' && Number.isInteger(bad) && bad >= 1 && bad <= 99 ? 150 : bad;
    else if (field === 'user_id') body.user_id = typeof bad === 'string' && bad.length <= 256 ? 'x'.repeat(300) : bad;
    else if (field === 'expected') body.expected = typeof bad === 'object' && bad !== null && !Array.isArray(bad) ? { ...bad, nope: 1 } : bad;
    else if (field === 'extra') body[`x_${String(bad).slice(0, 10)}`] = bad;
    else if (field === 'callback_url') body.callback_url = typeof bad === 'string' ? `http://${bad}.example` : bad;
    else body[field] = typeof bad === 'string' ? `${bad}!` : bad;
    return body;
  });

describe.each(BACKENDS)('bad input never yields a 5xx nor changes stored data, on $name', (backend) => {
  let svc: TestService;
  let key: string;
  let before: string;

  beforeAll(async () => {
    svc = await startTestService(backend, { RATE_LIMIT_INIT_PER_MINUTE: '100000', RATE_LIMIT_WIDGET_PER_MINUTE: '100000' });
    const t = await svc.createTenant();
    key = t.secret_key;
    await pathA(svc, key); // some data to protect
    before = await snapshot(svc);
  });
  afterAll(() => svc?.close());

  it('generated malformed init bodies: always 4xx with a catalogue code', async () => {
    await fc.assert(
      fc.asyncProperty(brokenInit, async (body) => {
        const res = await svc.http('POST', '/verify/v1/init', { body, headers: { 'x-api-key': key } });
        expect(res.status, JSON.stringify(body).slice(0, 200)).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.body.success).toBe(false);
        expect(res.body.error.code).toMatch(/^[A-Z_]+$/);
        expect(res.text).not.toMatch(/at .*\.ts:\d+/); // no stack trace
      }),
      { numRuns: 150 },
    );
  });

  it('raw garbage: bad JSON, wrong content types, oversized bodies, unicode', async () => {
    const raws: [string, Record<string, string>][] = [
      ['{', { 'content-type': 'application/json' }],
      ['{"callback_url": "https://a.example", "min_age": 18,}', { 'content-type': 'application/json' }],
      ['null', { 'content-type': 'application/json' }],
      ['[]', { 'content-type': 'application/json' }],
      ['"string"', { 'content-type': 'application/json' }],
      ['', { 'content-type': 'application/json' }],
      ['callback_url=https://a.example', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['<xml/>', { 'content-type': 'application/xml' }],
      [JSON.stringify({ callback_url: CALLBACK, min_age: 18, user_id: 'x'.repeat(200_000) }), { 'content-type': 'application/json' }],
      ['\u{1F600}'.repeat(1000), { 'content-type': 'application/json' }],
      [
        JSON.stringify({ callback_url: CALLBACK, min_age: 18, __proto__: { admin: true }, constructor: { prototype: {} } }),
        { 'content-type': 'application/json' },
      ],
    ];
    for (const [rawBody, headers] of raws) {
      const res = await svc.http('POST', '/verify/v1/init', { rawBody, headers: { ...headers, 'x-api-key': key } });
      expect(res.status, rawBody.slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.error.code).toMatch(/^[A-Z_]+$/);
    }
  });

  it('a __proto__ or constructor.prototype key (prototype poisoning) is well-formed JSON refused as REQUEST_INVALID, not BODY_INVALID_JSON', async () => {
    for (const rawBody of [
      `{"callback_url":"${CALLBACK}","min_age":18,"__proto__":{"admin":true}}`,
      `{"callback_url":"${CALLBACK}","min_age":18,"constructor":{"prototype":{"admin":true}}}`,
      `{"callback_url":"${CALLBACK}","min_age":18,"\\u005f_proto__":{"admin":true}}`,
    ]) {
      const res = await svc.http('POST', '/verify/v1/init', { rawBody, headers: { 'content-type': 'application/json', 'x-api-key': key } });
      expect(res.status, rawBody).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'REQUEST_INVALID', details: { fields: [{ loc: ['body'] }] } });
      expect(res.body.error.details.fields[0].msg).toMatch(/__proto__/);
    }
  });

  it('garbage tokens, paths and widget bodies on every endpoint', async () => {
    await fc.assert(
      fc.asyncProperty(nastyStrings, wrongTypes, async (s, w) => {
        const enc = encodeURIComponent(s).slice(0, 3000);
        const calls = [
          svc.http('GET', `/verify/v1/result/${enc}`, { headers: { 'x-api-key': key } }),
          svc.http('GET', `/verify/v1/status/${enc}`, { headers: { 'x-api-key': key } }),
          svc.http('POST', '/verify/v1/verification-tokens/verify', { body: { token: w }, headers: { 'x-api-key': key } }),
          svc.http('POST', '/verify/v1/widget/sessions', { body: { token: s } }),
          svc.http('POST', '/verify/v1/widget/sessions', { body: w }),
          svc.http('POST', '/verify/v1/widget/session/device-verdict', {
            body: { nonce: w, frames: s },
            headers: { 'x-widget-session': 'xws_' + 'A'.repeat(30) },
          }),
          svc.http('GET', '/verify/v1/widget/session', { headers: { 'x-widget-session': s.replace(/[^\x20-\x7e]/g, '') || 'x' } }),
          svc.http('POST', '/admin/v1/tenants', { body: { name: w, plan: s }, headers: { authorization: 'Bearer adm_test_token_0123456789abcdef' } }),
        ];
        for (const res of await Promise.all(calls)) {
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('stored data is exactly as before', async () => {
    expect(await snapshot(svc)).toBe(before);
  });
});
