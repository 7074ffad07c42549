import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireDueSessions, ScreeningEngine } from '@idgate/core';
import { SHARED_DIR } from '@idgate/inference/testing';
import { BACKENDS, deviceEvidence, init, pathA, startTestService, startWidget, tokenFromRedirect, type TestService } from '../src/index.ts';
import { documentSession, outboxTypes, readResult, sql } from '../src/document-flows.ts';
import { startScriptedInference, type ScriptedInferenceNode, type ScriptedReading } from '../src/scripted-inference.ts';

const SELFIE = Buffer.from('selfie frame bytes');
const DOCUMENT = Buffer.from('document image bytes');
const READING: ScriptedReading = { status: 'ok', surname: 'EXAMPLE', givenNames: 'ANNA', dateOfBirth: '1990-01-01', documentNumber: 'C1234567' };
const TTL_MS = 30 * 60_000;
/** A small sanctions list: screening runs for real on the scripted readings (none of them is listed). */
const LIST = join(SHARED_DIR, 'fixtures/sanctions/entities/yente_t1.entities.ftm.json');

/**
 * Where the service and its documented contract disagreed (docs/verify-api.md, docs/decisions/), each
 * settled and checked through HTTP on every backend. The inference node is scripted: these tests are
 * about the contract, not the models.
 */
describe.each(BACKENDS)('session contract on $name', (backend) => {
  let node: ScriptedInferenceNode;
  let svc: TestService;

  beforeAll(async () => {
    node = await startScriptedInference();
    const screening = new ScreeningEngine();
    await screening.refresh(LIST);
    svc = await startTestService(backend, { RATE_LIMIT_WIDGET_PER_MINUTE: '100000' }, undefined, { inferenceNodes: [node.address], screening });
    for (let i = 0; i < 50 && !svc.core.container.inference?.ready(); i++) await new Promise((r) => setTimeout(r, 100));
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
    await node?.close();
  });

  const errorOf = (r: { status: number; body: any }) => [r.status, r.body?.error?.code];

  /** A document session driven by hand, so the test keeps its init token. */
  async function documentFlow(key: string, initBody: Record<string, unknown>, reading: Partial<ScriptedReading> = {}) {
    node.readings = [{ ...READING, ...reading }];
    const i = await init(svc, key, { verification_mode: 'document', ...initBody });
    expect(i.status, i.text).toBe(200);
    const s = await startWidget(svc, i.body.data.token);
    const headers = { 'x-widget-session': s.body.data.widget_session as string };
    await svc.http('POST', '/verify/v1/widget/session/frames', { body: { frames: [SELFIE.toString('base64')] }, headers });
    const document = await svc.http('POST', '/verify/v1/widget/session/document', { body: { image: DOCUMENT.toString('base64') }, headers });
    return { initToken: i.body.data.token as string, document, headers };
  }

  it('expected.date_of_birth in DD.MM.YYYY, YYYYMMDD or YYYY/MM/DD is accepted and matched like YYYY-MM-DD; 01/02/1990 is REQUEST_INVALID', async () => {
    const t = await svc.createTenant();
    node.readings = [READING];
    for (const given of ['01.01.1990', '19900101', '1990/01/01', '1990-01-01']) {
      const flow = await documentSession(svc, t.secret_key, { selfie: SELFIE, document: DOCUMENT, initBody: { expected: { date_of_birth: given } } });
      const record = (await readResult(svc, t.secret_key, flow.token as string)).body.data;
      expect(record.checks.data_match, given).toEqual({ performed: true, passed: true, fields: { date_of_birth: 'match' } });
    }
    node.readings = [{ ...READING, dateOfBirth: '1990-01-02' }];
    const other = await documentSession(svc, t.secret_key, { selfie: SELFIE, document: DOCUMENT, initBody: { expected: { date_of_birth: '01.01.1990' } } });
    expect((await readResult(svc, t.secret_key, other.token as string)).body.data.checks.data_match.fields).toEqual({ date_of_birth: 'mismatch' });
    for (const bad of ['01/02/1990', '31.02.1990', '1990-1-1']) {
      const refused = await init(svc, t.secret_key, { verification_mode: 'document', expected: { date_of_birth: bad } });
      expect(errorOf(refused), bad).toEqual([400, 'REQUEST_INVALID']);
      expect(refused.body.error.details.fields[0]).toMatchObject({ loc: ['body', 'expected', 'date_of_birth'], type: 'format' });
    }
  });

  it('risk on a read MRZ without a portrait: present (document signals ran) on a document_unreadable failure; absent when no zone was read', async () => {
    const t = await svc.createTenant();
    node.readings = [{ ...READING, portrait: false }];
    const noPortrait = await documentSession(svc, t.secret_key, { selfie: SELFIE, document: DOCUMENT });
    const record = (await readResult(svc, t.secret_key, noPortrait.token as string)).body.data;
    expect(record).toMatchObject({
      status: 'failed',
      reason: 'document_unreadable',
      checks: { document: { performed: true, passed: false }, face_match: { performed: false, passed: false } },
      risk: { band: 'low' },
    });
    node.readings = [{ status: 'document_unreadable' }];
    const unread = await documentSession(svc, t.secret_key, { selfie: SELFIE, document: DOCUMENT });
    const none = (await readResult(svc, t.secret_key, unread.token as string)).body.data;
    expect(none).toMatchObject({ status: 'failed', reason: 'document_unreadable' });
    expect('risk' in none).toBe(false);
  });

  it('completed_at is null while the session waits in review and set once, when it becomes final; webhooks carry the same', async () => {
    const t = await svc.createTenant();
    const key = { 'x-api-key': t.secret_key };
    const flow = await documentFlow(t.secret_key, { expected: { date_of_birth: '1990-01-01' }, mismatch_policy: 'review' }, { dateOfBirth: '1990-01-02' });
    expect(flow.document.body.data.session_status).toBe('pending_tenant_review');
    const parked = (await svc.http('GET', `/verify/v1/result/${flow.initToken}`, { headers: key })).body.data;
    expect(parked).toMatchObject({ status: 'pending_tenant_review', completed_at: null });
    const stored = () => sql(svc, 'select completed_at from sessions where init_token_hash = $1', [createHash('sha256').update(flow.initToken).digest('hex')]);
    expect(await stored()).toEqual([{ completed_at: null }]);

    svc.clock.advance(90_000);
    const decidedAt = svc.clock.now().toISOString();
    const review = (await svc.http('GET', '/verify/v1/reviews', { headers: key })).body.data.reviews[0];
    expect((await svc.http('POST', `/verify/v1/reviews/${review.id}/approve`, { headers: key, body: {} })).status).toBe(200);
    svc.clock.advance(90_000);
    await svc.http('POST', `/verify/v1/cancel/${flow.initToken}`, { headers: key }); // refused (final): changes nothing
    const final = (await svc.http('GET', `/verify/v1/result/${flow.initToken}`, { headers: key })).body.data;
    expect(final).toMatchObject({ status: 'success', completed_at: decidedAt });
    expect(new Date((await stored())[0].completed_at).toISOString()).toBe(decidedAt);

    expect(await outboxTypes(svc, parked.token)).toEqual(['review.created', 'review.approved']);
    const payloads = await sql(svc, 'select type, payload from outbox_events where payload like $1 order by seq', [`%${parked.token}%`]);
    expect(payloads.map((p) => [p.type, JSON.parse(p.payload).completed_at])).toEqual([
      ['review.created', null],
      ['review.approved', decidedAt],
    ]);
  });

  it('frames, document, device verdict, progress, hand-off and cancel past the TTL answer 410 SESSION_EXPIRED, before and after the expiry job', async () => {
    const t = await svc.createTenant();
    const a = await init(svc, t.secret_key);
    const s = await startWidget(svc, a.body.data.token);
    const onFace = { 'x-widget-session': s.body.data.widget_session as string };
    const evidence = deviceEvidence(s.body.data.nonce, { gate: s.body.data.device_age_gate ?? 0, ages: [44, 46, 45, 47, 43] });
    const doc = await documentFlow(t.secret_key, {});
    // The document flow stopped before its document: re-open one at the document step.
    const waiting = await init(svc, t.secret_key, { verification_mode: 'document' });
    const ws = await startWidget(svc, waiting.body.data.token);
    const onDocument = { 'x-widget-session': ws.body.data.widget_session as string };
    await svc.http('POST', '/verify/v1/widget/session/frames', { body: { frames: [SELFIE.toString('base64')] }, headers: onDocument });
    expect((await svc.http('GET', '/verify/v1/widget/session', { headers: onDocument })).body.data.step).toBe('document_required');
    expect(doc.document.body.data.session_status).toBe('success');

    svc.clock.advance(TTL_MS + 1);
    const frames = { frames: [SELFIE.toString('base64')] };
    const calls: [string, string, Record<string, string>, unknown?][] = [
      ['GET', '/verify/v1/widget/session', onFace],
      ['POST', '/verify/v1/widget/session/frames', onFace, frames],
      ['POST', '/verify/v1/widget/session/device-verdict', onFace, evidence],
      ['POST', '/verify/v1/widget/session/handoff', onFace, {}],
      ['POST', '/verify/v1/widget/session/cancel', onFace, {}],
      ['POST', '/verify/v1/widget/session/document', onDocument, { image: DOCUMENT.toString('base64') }],
      ['POST', '/verify/v1/widget/session/frames', onDocument, frames],
      ['GET', '/verify/v1/widget/session', onDocument],
    ];
    for (const round of ['before the expiry job', 'after the expiry job']) {
      for (const [method, path, headers, body] of calls)
        expect(errorOf(await svc.http(method, path, { headers, body })), `${round}: ${method} ${path}`).toEqual([410, 'SESSION_EXPIRED']);
      await expireDueSessions({ sessions: svc.core.container.repositories.sessions, lifecycle: svc.core.container.lifecycle, clock: svc.core.container.clock });
    }
    // Expired, not canceled or decided by any of those calls; session.expired is never emitted (spec §6).
    for (const token of [a.body.data.token, waiting.body.data.token]) {
      const record = (await svc.http('GET', `/verify/v1/result/${token}`, { headers: { 'x-api-key': t.secret_key } })).body.data;
      expect(record.status).toBe('expired');
      expect(await outboxTypes(svc, record.token)).toEqual([]);
    }
  });

  it('checks.aml.performed false on a failed document session: screening did not run, only documents that would pass or go to review are', async () => {
    const t = await svc.createTenant('starter');
    node.readings = [READING];
    const passed = await documentSession(svc, t.secret_key, { selfie: SELFIE, document: DOCUMENT });
    expect((await readResult(svc, t.secret_key, passed.token as string)).body.data.checks.aml).toEqual({ performed: true, passed: true });
    const failed = await documentSession(svc, t.secret_key, { selfie: SELFIE, document: DOCUMENT, initBody: { min_age: 99 } });
    const record = (await readResult(svc, t.secret_key, failed.token as string)).body.data;
    expect(record).toMatchObject({
      status: 'failed',
      reason: 'age_below_threshold',
      checks: { document: { performed: true }, aml: { performed: false, passed: false } },
    });
    const facial = await pathA(svc, t.secret_key);
    const onDevice = (await readResult(svc, t.secret_key, tokenFromRedirect(facial.verdict.body.data.redirect_url))).body.data;
    expect(onDevice.checks.aml).toEqual({ performed: false, passed: false });
  });

  it('Face 2FA with a public key answers AUTH_SECRET_KEY_REQUIRED with a message about Face 2FA, not "public keys cannot read results"', async () => {
    const t = await svc.createTenant();
    const headers = { 'x-api-key': t.public_key };
    const body = { user_id: 'u-1', image: SELFIE.toString('base64') };
    for (const [method, path, b] of [
      ['POST', '/verify/v1/2fa/register', body],
      ['POST', '/verify/v1/2fa/verify', body],
      ['GET', '/verify/v1/2fa/status/fch_abcdefghijkl', undefined],
      ['DELETE', '/verify/v1/2fa/users/u-1', undefined],
    ] as const) {
      const r = await svc.http(method, path, { headers, body: b });
      expect(errorOf(r), path).toEqual([403, 'AUTH_SECRET_KEY_REQUIRED']);
      expect(r.body.error.message).toBe('Face 2FA needs the secret key (sk_live_) or a restricted key with the 2fa scope; a public key cannot call it.');
    }
  });
});
