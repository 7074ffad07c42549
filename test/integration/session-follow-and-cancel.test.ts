import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireDueSessions } from '@idgate/core';
import { BACKENDS, deviceEvidence, init, pathA, startTestService, startWidget, tokenFromRedirect, type TestService } from '../src/index.ts';
import { documentSession, outboxTypes, sql } from '../src/document-flows.ts';
import { startScriptedInference, type ScriptedInferenceNode } from '../src/scripted-inference.ts';

type Tenant = Awaited<ReturnType<TestService['createTenant']>>;

const TTL_MS = 30 * 60_000;
const DAY_MS = 24 * 3600_000;

/**
 * The tenant's hold on a session it started (docs/verify-api.md, docs/decisions/follow-by-init-token.md):
 * status and result by the init token, which the tenant has whether or not its user ever reaches the
 * callback, and the server-side cancel of a session that is not final (spec §3 "client cancel").
 */
describe.each(BACKENDS)('following and canceling a session on $name', (backend) => {
  let node: ScriptedInferenceNode;
  let svc: TestService;
  let a: Tenant;
  let b: Tenant;

  beforeAll(async () => {
    node = await startScriptedInference();
    svc = await startTestService(backend, { RATE_LIMIT_WIDGET_PER_MINUTE: '100000' }, undefined, { inferenceNodes: [node.address] });
    for (let i = 0; i < 50 && !svc.core.container.inference?.ready(); i++) await new Promise((r) => setTimeout(r, 100));
    a = await svc.createTenant();
    b = await svc.createTenant();
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
    await node?.close();
  });

  const status = (key: string, token: string) => svc.http('GET', `/verify/v1/status/${token}`, { headers: { 'x-api-key': key } });
  const result = (key: string, token: string) => svc.http('GET', `/verify/v1/result/${token}`, { headers: { 'x-api-key': key } });
  const cancel = (key: string, token: string, body?: unknown) => svc.http('POST', `/verify/v1/cancel/${token}`, { headers: { 'x-api-key': key }, body });
  const errorOf = (r: { status: number; body: any }) => [r.status, r.body?.error?.code];

  describe('a tenant follows a session by its init token', () => {
    it('a tenant follows an abandoned session by its init token: pending, in_progress, then expired, for as long as the session exists', async () => {
      const i = await init(svc, a.secret_key);
      const xit = i.body.data.token as string;
      for (const key of [a.secret_key, a.public_key]) {
        expect((await status(key, xit)).body.data).toMatchObject({ status: 'pending', terminal: false, step: 'start' });
      }
      const pending = await result(a.secret_key, xit);
      expect(pending.body.data).toMatchObject({ status: 'pending', verified: false, token: expect.stringMatching(/^xtk_/), completed_at: null });
      const xtk = pending.body.data.token as string;

      await startWidget(svc, xit);
      expect((await status(a.secret_key, xit)).body.data).toMatchObject({ status: 'in_progress', terminal: false });

      // The user leaves; nobody calls the callback. Past the TTL the session reads as expired, before any sweep ran.
      svc.clock.advance(TTL_MS + 1);
      expect((await status(a.public_key, xit)).body.data).toMatchObject({ status: 'expired', terminal: true, step: 'done' });
      await expireDueSessions({ sessions: svc.core.container.repositories.sessions, lifecycle: svc.core.container.lifecycle, clock: svc.core.container.clock });

      // Past the init token's 10 minutes and the result token's 7 days: the init token still finds the session.
      svc.clock.advance(8 * DAY_MS);
      expect((await status(a.secret_key, xit)).body.data).toMatchObject({ status: 'expired', terminal: true });
      expect((await result(a.secret_key, xit)).body.data).toMatchObject({ status: 'expired', verified: false, token: xtk });
      // The result token itself keeps its own rules: past its expires_at it is 410.
      expect(errorOf(await result(a.secret_key, xtk))).toEqual([410, 'RESULT_TOKEN_EXPIRED']);
      expect(errorOf(await status(a.secret_key, xtk))).toEqual([410, 'RESULT_TOKEN_EXPIRED']);
    });

    it('a tenant follows a session by its init token without consuming anything: the result token stays single-use, read once through xtk_', async () => {
      const flow = await pathA(svc, a.secret_key);
      const xit = flow.init.body.data.token as string;
      const xtk = tokenFromRedirect(flow.verdict.body.data.redirect_url);
      for (let n = 0; n < 2; n++) expect((await result(a.secret_key, xit)).body.data).toMatchObject({ status: 'success', verified: true, token: xtk });
      expect((await status(a.secret_key, xtk)).status).toBe(200); // the look-ups consumed nothing

      // In parallel, reads by the init token never compete with the one read that consumes the result token.
      const reads = await Promise.all(Array.from({ length: 20 }, (_, n) => result(a.secret_key, n % 2 ? xit : xtk)));
      const byXtk = reads.filter((_, n) => n % 2 === 0);
      expect(byXtk.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of byXtk.filter((x) => x.status !== 200)) expect(errorOf(r)).toEqual([410, 'RESULT_TOKEN_CONSUMED']);
      for (const r of reads.filter((_, n) => n % 2 === 1)) expect(r.body.data).toMatchObject({ status: 'success', token: xtk });

      // Consumed means consumed for the result token (spec §3); the init token still follows the session.
      expect(errorOf(await result(a.secret_key, xtk))).toEqual([410, 'RESULT_TOKEN_CONSUMED']);
      expect(errorOf(await status(a.secret_key, xtk))).toEqual([410, 'RESULT_TOKEN_CONSUMED']);
      expect((await status(a.public_key, xit)).body.data).toMatchObject({ status: 'success', terminal: true });
    });

    it('a tenant follows a session by its init token with its own keys only: public key reads status, not the record; other tenants 404', async () => {
      const xit = (await init(svc, a.secret_key)).body.data.token as string;
      expect(errorOf(await result(a.public_key, xit))).toEqual([403, 'AUTH_SECRET_KEY_REQUIRED']);
      for (const r of [await status(b.secret_key, xit), await result(b.secret_key, xit), await cancel(b.secret_key, xit)]) {
        expect(errorOf(r)).toEqual([404, 'TOKEN_NOT_FOUND']);
      }
      expect(errorOf(await status(a.secret_key, `xit_${'Q'.repeat(32)}`))).toEqual([404, 'TOKEN_NOT_FOUND']);
      // Tenant B's attempts changed nothing.
      expect((await status(a.secret_key, xit)).body.data.status).toBe('pending');
    });
  });

  describe('server-side cancel', () => {
    it('server-side cancel (C-DATA-4): the secret key cancels a pending session by init token, session.canceled once, a repeat is 200 again', async () => {
      const xit = (await init(svc, a.secret_key, { user_id: 'u-9' })).body.data.token as string;
      const first = await cancel(a.secret_key, xit);
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ status: 'canceled', terminal: true, step: 'done' });
      svc.clock.advance(1000);
      const again = await cancel(a.secret_key, xit);
      expect(again.body).toEqual(first.body); // idempotent: the same answer, nothing changed (not even updated_at)

      const record = (await result(a.secret_key, xit)).body.data;
      expect(record).toMatchObject({ status: 'canceled', verified: false, external_user_id: 'u-9', completed_at: expect.any(String) });
      expect(await outboxTypes(svc, record.token)).toEqual(['session.canceled']);
      const [event] = await sql(svc, `select payload from outbox_events where type = 'session.canceled' and payload like $1`, [`%${record.token}%`]);
      expect(JSON.parse(event.payload)).toMatchObject({ status: 'canceled', token: record.token });
      // The user who opens the verify URL now cannot start it, and is told why (not "already used").
      const opened = await startWidget(svc, xit);
      expect([opened.status, opened.body.error.code]).toEqual([410, 'SESSION_CANCELED']);
    });

    it('server-side cancel of a session in progress by its result token: the widget sees canceled with its redirect, nothing is billed', async () => {
      const t = await svc.createTenant();
      const i = await init(svc, t.secret_key);
      const s = await startWidget(svc, i.body.data.token);
      const xtk = (await result(t.secret_key, i.body.data.token)).body.data.token as string;
      const res = await cancel(t.secret_key, xtk, {});
      expect(res.body.data).toMatchObject({ status: 'canceled', terminal: true });
      const widget = await svc.http('GET', '/verify/v1/widget/session', { headers: { 'x-widget-session': s.body.data.widget_session } });
      expect(new URL(widget.body.data.redirect_url).searchParams.get('status')).toBe('canceled');
      const ledger = await svc.admin('GET', `/admin/v1/tenants/${t.tenant_id}/ledger?month=2026-06`);
      expect(ledger.lines.every((l: { count: number }) => l.count === 0)).toBe(true);
      // The result token keeps its single use: the final record consumes it once.
      expect((await result(t.secret_key, xtk)).body.data.status).toBe('canceled');
      expect(errorOf(await result(t.secret_key, xtk))).toEqual([410, 'RESULT_TOKEN_CONSUMED']);
    });

    it('server-side cancel of a final session is 409 SESSION_ALREADY_FINAL (success, expired), of one in review 409 SESSION_STATE_CONFLICT', async () => {
      const passed = await pathA(svc, a.secret_key);
      const xtk = tokenFromRedirect(passed.verdict.body.data.redirect_url);
      const done = await cancel(a.secret_key, passed.init.body.data.token);
      expect(errorOf(done)).toEqual([409, 'SESSION_ALREADY_FINAL']);
      expect(done.body.error.details).toEqual({ session_status: 'success' });
      expect(await outboxTypes(svc, xtk)).toEqual(['session.success']);

      const late = (await init(svc, a.secret_key)).body.data.token as string;
      svc.clock.advance(TTL_MS + 1);
      const expired = await cancel(a.secret_key, late);
      expect([...errorOf(expired), expired.body.error.details]).toEqual([409, 'SESSION_ALREADY_FINAL', { session_status: 'expired' }]);

      node.readings = [{ status: 'ok', surname: 'EXAMPLE', givenNames: 'ANNA', dateOfBirth: '1990-01-02', documentNumber: 'P1' }];
      const parked = await documentSession(svc, a.secret_key, {
        selfie: Buffer.from('selfie'),
        document: Buffer.from('document'),
        initBody: { expected: { date_of_birth: '1990-01-01' }, mismatch_policy: 'review' },
      });
      expect(parked.document.body.data.session_status).toBe('pending_tenant_review');
      const review = (await svc.http('GET', '/verify/v1/reviews', { headers: { 'x-api-key': a.secret_key } })).body.data.reviews.at(-1);
      const inReview = await cancel(a.secret_key, review.token);
      expect(errorOf(inReview)).toEqual([409, 'SESSION_STATE_CONFLICT']);
      expect(inReview.body.error.message).toMatch(/approve or reject/);
      expect((await status(a.secret_key, review.token)).body.data.status).toBe('pending_tenant_review');
    });

    it('server-side cancel needs the secret key and takes no body: public and restricted keys 403, a body field 400, nothing changes', async () => {
      const xit = (await init(svc, a.secret_key)).body.data.token as string;
      const pub = await cancel(a.public_key, xit);
      expect(errorOf(pub)).toEqual([403, 'AUTH_SECRET_KEY_REQUIRED']);
      expect(pub.body.error.message).toMatch(/Canceling a session needs the secret key/);
      const restricted = await svc.admin('POST', `/admin/v1/projects/${a.project_id}/keys`, {
        scopes: ['verify:init', 'verify:result', 'verify:status', 'tokens:verify', 'widget', 'review', '2fa', 'blacklist'],
      });
      expect(errorOf(await cancel(restricted.key, xit))).toEqual([403, 'AUTH_SECRET_KEY_REQUIRED']);
      const withBody = await cancel(a.secret_key, xit, { reason: 'x' });
      expect(errorOf(withBody)).toEqual([400, 'REQUEST_INVALID']);
      expect(errorOf(await cancel(a.secret_key, 'xtk_short'))).toEqual([404, 'TOKEN_NOT_FOUND']);
      expect((await status(a.secret_key, xit)).body.data.status).toBe('pending');
    });

    it('server-side cancel under parallel requests: 20 concurrent cancels all answer canceled, one transition, one session.canceled', async () => {
      const xit = (await init(svc, a.secret_key)).body.data.token as string;
      const answers = await Promise.all(Array.from({ length: 20 }, () => cancel(a.secret_key, xit)));
      expect(answers.map((r) => [r.status, r.body.data?.status])).toEqual(Array(20).fill([200, 'canceled']));
      const xtk = (await result(a.secret_key, xit)).body.data.token as string;
      expect(await outboxTypes(svc, xtk)).toEqual(['session.canceled']);
    });

    it('server-side cancel racing a completion: each race ends in exactly one final state with exactly one event', async () => {
      for (let n = 0; n < 8; n++) {
        const i = await init(svc, a.secret_key);
        const s = await startWidget(svc, i.body.data.token);
        svc.clock.advance(2000);
        const ev = deviceEvidence(s.body.data.nonce, { gate: s.body.data.device_age_gate ?? 0, ages: [44, 46, 45, 47, 43] });
        const verdict = () =>
          svc.http('POST', '/verify/v1/widget/session/device-verdict', { body: ev, headers: { 'x-widget-session': s.body.data.widget_session } });
        // Either request goes first on alternate rounds; whichever wins, the other must lose cleanly.
        const [canceled, decided] =
          n % 2
            ? await Promise.all([cancel(a.secret_key, i.body.data.token), verdict()])
            : (await Promise.all([verdict(), cancel(a.secret_key, i.body.data.token)])).reverse();
        const record = (await result(a.secret_key, i.body.data.token)).body.data;
        if (record.status === 'canceled') {
          expect([canceled.status, ...errorOf(decided)]).toEqual([200, 409, 'SESSION_STATE_CONFLICT']);
          expect(await outboxTypes(svc, record.token)).toEqual(['session.canceled']);
        } else {
          expect([decided.status, decided.body.data.session_status, ...errorOf(canceled)]).toEqual([200, 'success', 409, 'SESSION_ALREADY_FINAL']);
          expect(await outboxTypes(svc, record.token)).toEqual(['session.success']);
        }
      }
    });
  });
});
