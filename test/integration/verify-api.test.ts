import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, CALLBACK, init, pathA, startTestService, startWidget, tokenFromRedirect, type TestService } from '../src/index.ts';

type Tenant = Awaited<ReturnType<TestService['createTenant']>>;

describe.each(BACKENDS)('verify API on $name', (backend) => {
  let svc: TestService;
  let a: Tenant;
  let b: Tenant;

  beforeAll(async () => {
    svc = await startTestService(backend);
    a = await svc.createTenant('starter');
    b = await svc.createTenant('starter');
  });
  afterAll(() => svc?.close());

  describe('init validation (spec §2.1) through HTTP', () => {
    const cases: [string, Record<string, unknown>, number, string | null][] = [
      ['defaults', {}, 200, null],
      ['http://localhost any port', { callback_url: 'http://localhost:5173/x' }, 200, null],
      ['plain http callback', { callback_url: 'http://shop.example/cb' }, 400, 'INVALID_CALLBACK_URL'],
      ['missing callback', { callback_url: undefined }, 400, 'REQUEST_INVALID'],
      ['min_age 0 for age_verification', { min_age: 0 }, 400, 'INVALID_MIN_AGE'],
      ['min_age 100', { min_age: 100 }, 400, 'INVALID_MIN_AGE'],
      ['min_age missing', { min_age: undefined }, 400, 'INVALID_MIN_AGE'],
      ['min_age 0 for id_verification', { min_age: 0, purpose: 'id_verification' }, 200, null],
      ['min_age as string', { min_age: '18' }, 400, 'REQUEST_INVALID'],
      ['unknown verification_mode', { verification_mode: 'selfie' }, 400, 'INVALID_VERIFICATION_MODE'],
      ['verification_mode facial', { verification_mode: 'facial' }, 200, null],
      ['facial mode for id_verification (a document is forced)', { verification_mode: 'facial', purpose: 'id_verification' }, 400, 'INVALID_VERIFICATION_MODE'],
      ['expected without document', { expected: { first_name: 'Anna' } }, 400, 'EXPECTED_REQUIRES_DOCUMENT'],
      ['expected with document mode', { expected: { first_name: 'Anna' }, verification_mode: 'document' }, 200, null],
      ['bad mismatch_policy', { mismatch_policy: 'drop' }, 400, 'REQUEST_INVALID'],
      ['bad theme', { theme: 'neon' }, 400, 'REQUEST_INVALID'],
      ['unknown locale lets the browser decide', { locale: 'tlh' }, 200, null],
      ['unknown field', { colour: 'red' }, 400, 'REQUEST_INVALID'],
    ];
    it.each(cases)('%s → %i %s', async (_name, patch, status, code) => {
      const body: Record<string, unknown> = { callback_url: CALLBACK, min_age: 18, ...patch };
      for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
      const res = await svc.http('POST', '/verify/v1/init', { body, headers: { 'x-api-key': a.secret_key } });
      expect(res.status).toBe(status);
      if (code) expect(res.body).toMatchObject({ success: false, error: { code } });
      else expect(res.body).toMatchObject({ success: true, data: { token: expect.stringMatching(/^xit_/) } });
    });

    it('normalises locale: pt-BR kept, other regions reduced (seen by the widget)', async () => {
      for (const [given, expected] of [
        ['pt-BR', 'pt-BR'],
        ['fr-CA', 'fr'],
        ['de_AT', 'de'],
      ]) {
        const i = await init(svc, a.secret_key, { locale: given });
        const s = await startWidget(svc, i.body.data.token);
        expect(s.body.data.locale).toBe(expected);
      }
    });
  });

  describe('authentication (spec §5)', () => {
    it('needs X-API-Key', async () => {
      const res = await svc.http('POST', '/verify/v1/init', { body: { callback_url: CALLBACK, min_age: 18 } });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('AUTH_REQUIRED');
    });

    it('refuses Authorization: Bearer with a clear error', async () => {
      const res = await svc.http('POST', '/verify/v1/init', {
        body: { callback_url: CALLBACK, min_age: 18 },
        headers: { authorization: `Bearer ${a.secret_key}` },
      });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('AUTH_BEARER_NOT_ACCEPTED');
    });

    it('refuses an unknown or malformed key', async () => {
      for (const key of ['sk_live_' + 'x'.repeat(32), 'nope', 'sk_test_abcdefghijklmnopqrstuvwx']) {
        const res = await init(svc, key);
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('AUTH_INVALID_KEY');
      }
    });

    it('lets the public key init and run the widget but never read results', async () => {
      const { verdict } = await pathA(svc, a.public_key);
      expect(verdict.status).toBe(200);
      const token = tokenFromRedirect(verdict.body.data.redirect_url);
      const read = await svc.http('GET', `/verify/v1/result/${token}`, { headers: { 'x-api-key': a.public_key } });
      expect(read.status).toBe(403);
      expect(read.body.error.code).toBe('AUTH_SECRET_KEY_REQUIRED');
      const status = await svc.http('GET', `/verify/v1/status/${token}`, { headers: { 'x-api-key': a.public_key } });
      expect(status.body.data).toMatchObject({ status: 'success', terminal: true });
      // The secret key still can: the public key's attempt consumed nothing.
      expect((await svc.http('GET', `/verify/v1/result/${token}`, { headers: { 'x-api-key': a.secret_key } })).status).toBe(200);
    });

    it('restricted keys (ak_live_) hold exactly their scopes', async () => {
      const k = await svc.admin('POST', `/admin/v1/projects/${a.project_id}/keys`, { scopes: ['verify:init', 'verify:status'] });
      expect(k.key).toMatch(/^ak_live_/);
      const { verdict } = await pathA(svc, k.key);
      const token = tokenFromRedirect(verdict.body.data.redirect_url);
      expect((await svc.http('GET', `/verify/v1/status/${token}`, { headers: { 'x-api-key': k.key } })).status).toBe(200);
      const read = await svc.http('GET', `/verify/v1/result/${token}`, { headers: { 'x-api-key': k.key } });
      expect(read.status).toBe(403);
      expect(read.body.error.code).toBe('AUTH_SCOPE_MISSING');
      const bad = await svc.http('POST', `/admin/v1/projects/${a.project_id}/keys`, {
        body: { scopes: ['everything'] },
        headers: { authorization: 'Bearer adm_test_token_0123456789abcdef' },
      });
      expect(bad.status).toBe(400);
    });
  });

  describe('tenant isolation', () => {
    it('a key of tenant B can never read, verify or affect a session of tenant A', async () => {
      const { verdict } = await pathA(svc, a.secret_key);
      const token = tokenFromRedirect(verdict.body.data.redirect_url);
      const asB = { 'x-api-key': b.secret_key };
      expect((await svc.http('GET', `/verify/v1/result/${token}`, { headers: asB })).body.error.code).toBe('TOKEN_NOT_FOUND');
      expect((await svc.http('GET', `/verify/v1/status/${token}`, { headers: asB })).body.error.code).toBe('TOKEN_NOT_FOUND');
      const verify = await svc.http('POST', '/verify/v1/verification-tokens/verify', { body: { token }, headers: asB });
      expect(verify.body.data).toEqual({ valid: false, billed: false });
      // A's token is untouched by B's attempts.
      expect((await svc.http('GET', `/verify/v1/result/${token}`, { headers: { 'x-api-key': a.secret_key } })).status).toBe(200);
    });
  });

  describe('single-use tokens under concurrency', () => {
    it('50 parallel reads of one result token: exactly one 200, the rest RESULT_TOKEN_CONSUMED', async () => {
      const { verdict } = await pathA(svc, a.secret_key);
      const token = tokenFromRedirect(verdict.body.data.redirect_url);
      const results = await Promise.all(
        Array.from({ length: 50 }, () => svc.http('GET', `/verify/v1/result/${token}`, { headers: { 'x-api-key': a.secret_key } })),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      const losers = results.filter((r) => r.status !== 200);
      expect(losers).toHaveLength(49);
      for (const l of losers) expect(l.body.error.code).toBe('RESULT_TOKEN_CONSUMED');
    });

    it('the result endpoint invalidates the token for status too (spec §3): 200 before the read, 410 RESULT_TOKEN_CONSUMED after', async () => {
      const { verdict } = await pathA(svc, a.secret_key);
      const token = tokenFromRedirect(verdict.body.data.redirect_url);
      const status = () => svc.http('GET', `/verify/v1/status/${token}`, { headers: { 'x-api-key': a.secret_key } });
      expect((await status()).body.data).toMatchObject({ status: 'success', terminal: true });
      expect((await status()).status).toBe(200); // status never consumes
      expect((await svc.http('GET', `/verify/v1/result/${token}`, { headers: { 'x-api-key': a.secret_key } })).status).toBe(200);
      const after = await status();
      expect([after.status, after.body.error.code]).toEqual([410, 'RESULT_TOKEN_CONSUMED']);
      // The public key learns no more than the secret key: the same answer.
      const asPublic = await svc.http('GET', `/verify/v1/status/${token}`, { headers: { 'x-api-key': a.public_key } });
      expect([asPublic.status, asPublic.body.error.code]).toEqual([410, 'RESULT_TOKEN_CONSUMED']);
    });

    it('group commit: reads of one token by its tenant and by another tenant in the same batch; only the owner wins, once', async () => {
      const { verdict } = await pathA(svc, a.secret_key);
      const token = tokenFromRedirect(verdict.body.data.redirect_url);
      // Interleaved, so tenant B's reads sit in the same group-committed UPDATE as tenant A's.
      const keys = Array.from({ length: 40 }, (_, i) => (i % 2 ? a.secret_key : b.secret_key));
      const results = await Promise.all(keys.map((key) => svc.http('GET', `/verify/v1/result/${token}`, { headers: { 'x-api-key': key } })));
      const ofA = results.filter((_, i) => keys[i] === a.secret_key);
      const ofB = results.filter((_, i) => keys[i] === b.secret_key);
      expect(ofA.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of ofA.filter((x) => x.status !== 200)) expect(r.body.error.code).toBe('RESULT_TOKEN_CONSUMED');
      for (const r of ofB) expect(r.body.error.code).toBe('TOKEN_NOT_FOUND');
    });

    it('group commit: 60 parallel inits each create their own session with their own tokens', async () => {
      const inits = await Promise.all(Array.from({ length: 60 }, (_, i) => init(svc, i % 2 ? a.secret_key : b.secret_key)));
      expect(inits.map((r) => r.status)).toEqual(Array(60).fill(200));
      const tokens = inits.map((r) => r.body.data.token as string);
      expect(new Set(tokens).size).toBe(60);
      // Every token has its own stored session (checked in the database: widget starts are rate-limited per address).
      const hashes = tokens.map((t) => createHash('sha256').update(t).digest('hex'));
      const stored = (await svc.database.db.execute(
        sql`select count(*)::int as n from sessions where init_token_hash in (${sql.join(
          hashes.map((h) => sql`${h}`),
          sql`, `,
        )})`,
      )) as unknown as { rows: { n: number }[] };
      expect(stored.rows[0].n).toBe(60);
    });

    it('50 parallel widget starts with one init token: exactly one wins', async () => {
      const i = await init(svc, a.secret_key);
      const starts = await Promise.all(Array.from({ length: 50 }, () => startWidget(svc, i.body.data.token)));
      expect(starts.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of starts.filter((x) => x.status !== 200)) expect(r.body.error.code).toBe('INIT_TOKEN_USED');
    });
  });

  describe('expiry by moving the injected clock', () => {
    it('an init token expires after 10 minutes', async () => {
      const i = await init(svc, a.secret_key);
      svc.clock.advance(10 * 60_000 + 1);
      const s = await startWidget(svc, i.body.data.token);
      expect(s.status).toBe(410);
      expect(s.body.error.code).toBe('INIT_TOKEN_EXPIRED');
    });

    it('a session expires after its 30-minute TTL, never reaches the callback, and reads as expired', async () => {
      const i = await init(svc, a.secret_key);
      const s = await startWidget(svc, i.body.data.token);
      svc.clock.advance(30 * 60_000 + 1);
      // The widget learns that its session is over (no state, so no redirect); the tenant reads it as expired.
      const progress = await svc.http('GET', '/verify/v1/widget/session', { headers: { 'x-widget-session': s.body.data.widget_session } });
      expect([progress.status, progress.body.error.code]).toEqual([410, 'SESSION_EXPIRED']);
      const status = await svc.http('GET', `/verify/v1/status/${i.body.data.token}`, { headers: { 'x-api-key': a.secret_key } });
      expect(status.body.data).toMatchObject({ status: 'expired', terminal: true });
    });

    it('a result token past its expires_at (7 days) is 410 RESULT_TOKEN_EXPIRED on status and result alike', async () => {
      const { verdict } = await pathA(svc, a.secret_key);
      const token = tokenFromRedirect(verdict.body.data.redirect_url);
      svc.clock.advance(7 * 24 * 3600_000 + 1000);
      const status = await svc.http('GET', `/verify/v1/status/${token}`, { headers: { 'x-api-key': a.secret_key } });
      expect([status.status, status.body.error.code]).toEqual([410, 'RESULT_TOKEN_EXPIRED']);
      const result = await svc.http('GET', `/verify/v1/result/${token}`, { headers: { 'x-api-key': a.secret_key } });
      expect([result.status, result.body.error.code]).toEqual([410, 'RESULT_TOKEN_EXPIRED']);
    });

    it('the expiry sweep moves unread sessions to expired', async () => {
      const { expireDueSessions } = await import('@idgate/core');
      await init(svc, a.secret_key);
      svc.clock.advance(31 * 60_000);
      const c = svc.core.container;
      const n = await expireDueSessions({ sessions: c.repositories.sessions, lifecycle: c.lifecycle, clock: c.clock });
      expect(n).toBeGreaterThanOrEqual(1);
    });
  });

  describe('widget-facing API', () => {
    it('cancel ends the session as canceled with a callback and bills nothing', async () => {
      const i = await init(svc, a.secret_key, { user_id: 'u-7' });
      const s = await startWidget(svc, i.body.data.token);
      const c = await svc.http('POST', '/verify/v1/widget/session/cancel', { headers: { 'x-widget-session': s.body.data.widget_session } });
      const url = new URL(c.body.data.redirect_url);
      expect(url.searchParams.get('status')).toBe('canceled');
      expect(url.searchParams.get('user_id')).toBe('u-7');
      const again = await svc.http('POST', '/verify/v1/widget/session/cancel', { headers: { 'x-widget-session': s.body.data.widget_session } });
      expect(again.body.error.code).toBe('SESSION_STATE_CONFLICT');
      const result = await svc.http('GET', `/verify/v1/result/${url.searchParams.get('token')}`, { headers: { 'x-api-key': a.secret_key } });
      expect(result.body.data).toMatchObject({ status: 'canceled', verified: false });
    });

    it('cancel and hand-off take no parameters: a body with a field is 400 REQUEST_INVALID and changes nothing; no body or {} is accepted', async () => {
      const i = await init(svc, a.secret_key);
      const s = await startWidget(svc, i.body.data.token);
      const headers = { 'x-widget-session': s.body.data.widget_session };
      for (const path of ['/verify/v1/widget/session/cancel', '/verify/v1/widget/session/handoff']) {
        const bad = await svc.http('POST', path, { body: { reason: 'x' }, headers });
        expect([bad.status, bad.body.error.code], path).toEqual([400, 'REQUEST_INVALID']);
        expect(bad.body.error.details.fields[0].loc).toEqual(['body', 'reason']);
      }
      const progress = await svc.http('GET', '/verify/v1/widget/session', { headers });
      expect(progress.body.data.session_status).toBe('in_progress');
      expect((await svc.http('POST', '/verify/v1/widget/session/handoff', { body: {}, headers })).status).toBe(200);
      expect((await svc.http('POST', '/verify/v1/widget/session/handoff', { headers })).status).toBe(200);
      const canceled = await svc.http('POST', '/verify/v1/widget/session/cancel', { body: {}, headers });
      expect(canceled.body.data.session_status).toBe('canceled');
    });

    it('document mode resolves to the document path, starting with its liveness step', async () => {
      const i = await init(svc, a.secret_key, { verification_mode: 'document' });
      const s = await startWidget(svc, i.body.data.token);
      expect(s.body.data).toMatchObject({ path: 'B', step: 'liveness_required', document_path_available: true });
      expect(s.body.data.nonce).toBeUndefined();
    });

    it('reading a session in progress returns the record without consuming the token', async () => {
      const i = await init(svc, a.secret_key);
      const s = await startWidget(svc, i.body.data.token);
      svc.clock.advance(1000);
      const st = await svc.http('GET', '/verify/v1/widget/session', { headers: { 'x-widget-session': s.body.data.widget_session } });
      expect(st.body.data.session_status).toBe('in_progress');
      expect(st.body.data.nonce).toBeUndefined(); // the first nonce is still live: no new one
    });

    it('refuses an unknown widget session', async () => {
      const r = await svc.http('GET', '/verify/v1/widget/session', { headers: { 'x-widget-session': 'xws_' + 'A'.repeat(32) } });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('WIDGET_SESSION_INVALID');
    });
  });

  describe('token verification endpoint', () => {
    /** A new starter tenant with one passed path-A session: its result token and its Check count this month. */
    async function passedSession() {
      const t = await svc.createTenant('starter');
      const { verdict } = await pathA(svc, t.secret_key);
      const token = tokenFromRedirect(verdict.body.data.redirect_url);
      const ledger = async () =>
        (await svc.admin('GET', `/admin/v1/tenants/${t.tenant_id}/ledger?month=2026-06`)).lines.find((l: any) => l.kind === 'check').count;
      return { t, token, ledger };
    }

    it('does not consume the token and bills one Check per call unless the Idempotency-Key repeats', async () => {
      const { t, token, ledger } = await passedSession();
      const base = await ledger();
      const h = { 'x-api-key': t.secret_key, 'idempotency-key': 'retry-1' };
      const v1 = await svc.http('POST', '/verify/v1/verification-tokens/verify', { body: { token }, headers: h });
      const v2 = await svc.http('POST', '/verify/v1/verification-tokens/verify', { body: { token }, headers: h });
      expect(v1.body.data).toMatchObject({ valid: true, status: 'success', verified: true, age_gate: 18, billed: true });
      expect(v2.body.data.billed).toBe(false);
      await svc.http('POST', '/verify/v1/verification-tokens/verify', { body: { token }, headers: { 'x-api-key': t.secret_key } });
      expect(await ledger()).toBe(base + 2);
      expect((await svc.http('GET', `/verify/v1/result/${token}`, { headers: { 'x-api-key': t.secret_key } })).status).toBe(200);
    });

    it('an Idempotency-Key that is empty, over 255 characters or not printable ASCII is IDEMPOTENCY_KEY_INVALID, and nothing is billed', async () => {
      const { t, token, ledger } = await passedSession();
      const base = await ledger();
      for (const key of ['', 'k'.repeat(256), 'clé-1']) {
        const r = await svc.http('POST', '/verify/v1/verification-tokens/verify', {
          body: { token },
          headers: { 'x-api-key': t.secret_key, 'idempotency-key': key },
        });
        expect([key.length, r.status, r.body.error?.code]).toEqual([key.length, 400, 'IDEMPOTENCY_KEY_INVALID']);
      }
      expect(await ledger()).toBe(base);
    });

    it('a token consumed by the result endpoint is invalidated (spec §3): it verifies as invalid and is not billed', async () => {
      const { t, token, ledger } = await passedSession();
      const h = { 'x-api-key': t.secret_key };
      expect((await svc.http('GET', `/verify/v1/result/${token}`, { headers: h })).status).toBe(200);
      const base = await ledger();
      const v = await svc.http('POST', '/verify/v1/verification-tokens/verify', { body: { token }, headers: h });
      expect(v.status).toBe(200);
      expect(v.body.data).toEqual({ valid: false, billed: false });
      expect(await ledger()).toBe(base);
    });
  });
});
