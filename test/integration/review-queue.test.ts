import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestService, startWidget, type TestService } from '../src/index.ts';
import { documentSession, outboxTypes, readResult, verificationsBilled } from '../src/document-flows.ts';
import { startScriptedInference, type ScriptedInferenceNode } from '../src/scripted-inference.ts';

const SELFIE = Buffer.from('selfie frame bytes');
const DOCUMENT = Buffer.from('document image bytes');
const CLAIMS = { expected: { last_name: 'Example', date_of_birth: '1990-01-01' }, mismatch_policy: 'review' };
const MISMATCH = { status: 'ok' as const, surname: 'EXAMPLE', givenNames: 'ANNA', dateOfBirth: '1990-01-02', documentNumber: 'P1' };
const MATCH = { ...MISMATCH, dateOfBirth: '1990-01-01' };

/**
 * The tenant review queue over HTTP (spec §3, docs/decisions/review-queue.md) on every backend. The
 * inference node is scripted (these tests are about the queue, not the models): the document
 * path, data match, state machine, outbox and billing all run for real.
 */
describe.each(BACKENDS)('review queue on $name', (backend) => {
  let node: ScriptedInferenceNode;
  let svc: TestService;

  beforeAll(async () => {
    node = await startScriptedInference();
    svc = await startTestService(backend, {}, undefined, { inferenceNodes: [node.address] });
    for (let i = 0; i < 50 && !svc.core.container.inference?.ready(); i++) await new Promise((r) => setTimeout(r, 100));
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
    await node?.close();
  });

  /** A fresh tenant with one session parked in review for data_mismatch; returns its review. */
  async function parked() {
    const tenant = await svc.createTenant();
    node.readings = [MISMATCH];
    const flow = await documentSession(svc, tenant.secret_key, { selfie: SELFIE, document: DOCUMENT, initBody: CLAIMS });
    expect(flow.document.body.data).toMatchObject({ session_status: 'pending_tenant_review' });
    expect(flow.document.body.data).not.toHaveProperty('reason'); // the browser never sees a review reason
    const list = await svc.http('GET', '/verify/v1/reviews', { headers: { 'x-api-key': tenant.secret_key } });
    expect(list.body.data.reviews).toHaveLength(1);
    const review = list.body.data.reviews[0];
    return { tenant, review, key: { 'x-api-key': tenant.secret_key }, widget: { 'x-widget-session': flow.widgetSession } };
  }

  it('lists the queue with its context (verdicts, checks, risk), never claim values', async () => {
    const { review } = await parked();
    expect(review).toMatchObject({
      id: expect.stringMatching(/^rev_/),
      status: 'open',
      reason: 'data_mismatch',
      token: expect.stringMatching(/^xtk_/),
      session_status: 'pending_tenant_review',
      context: { data_match: { performed: true, passed: false, fields: { last_name: 'match', date_of_birth: 'mismatch' } } },
      checks: { document: { performed: true, passed: true }, face_match: { passed: true } },
      risk: { band: 'low' },
      decided_at: null,
    });
    expect(JSON.stringify(review)).not.toContain('1990-01-0');
  });

  it('approve: success (review.approved after review.created), one Verification billed, decided once', async () => {
    const { tenant, review, key, widget } = await parked();
    const before = await verificationsBilled(svc, tenant.tenant_id);
    const approved = await svc.http('POST', `/verify/v1/reviews/${review.id}/approve`, { body: { note: 'passport checked by phone' }, headers: key });
    expect(approved.body.data).toMatchObject({ status: 'approved', session_status: 'success', note: 'passport checked by phone' });
    expect((await readResult(svc, tenant.secret_key, review.token)).body.data).toMatchObject({ status: 'success', verified: true, reason: 'data_mismatch' });
    expect(await outboxTypes(svc, review.token)).toEqual(['review.created', 'review.approved']);
    expect(await verificationsBilled(svc, tenant.tenant_id)).toBe(before + 1);
    const twice = await svc.http('POST', `/verify/v1/reviews/${review.id}/reject`, { headers: key });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('SESSION_STATE_CONFLICT');
    // The user still on the widget is sent back once the review decided.
    const state = await svc.http('GET', '/verify/v1/widget/session', { headers: widget });
    expect(new URL(state.body.data.redirect_url).searchParams.get('status')).toBe('success');
  });

  it('reject: failed with review.rejected, one Verification billed', async () => {
    const { tenant, review, key } = await parked();
    const before = await verificationsBilled(svc, tenant.tenant_id);
    const rejected = await svc.http('POST', `/verify/v1/reviews/${review.id}/reject`, { headers: key });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', session_status: 'failed', note: null });
    expect((await readResult(svc, tenant.secret_key, review.token)).body.data).toMatchObject({ status: 'failed', verified: false, reason: 'data_mismatch' });
    expect(await outboxTypes(svc, review.token)).toEqual(['review.created', 'review.rejected']);
    expect(await verificationsBilled(svc, tenant.tenant_id)).toBe(before + 1);
  });

  it('retake: awaiting_retake → the user recaptures in a linked session → the original is retaken and its token gives the current outcome', async () => {
    const { tenant, review, key } = await parked();
    const before = await verificationsBilled(svc, tenant.tenant_id);
    const retake = await svc.http('POST', `/verify/v1/reviews/${review.id}/retake`, { body: { note: 'glare on the photo' }, headers: key });
    expect(retake.body.data.review).toMatchObject({ status: 'retake_requested', session_status: 'awaiting_retake' });
    expect(retake.body.data.retake.verify_url).toContain(`?t=${retake.body.data.retake.token}`);
    expect((await readResult(svc, tenant.secret_key, review.token)).body.data.status).toBe('awaiting_retake');

    const started = await startWidget(svc, retake.body.data.retake.token);
    expect(started.body.data).toMatchObject({ session_status: 'in_progress', path: 'B', step: 'liveness_required' });
    const meanwhile = (await readResult(svc, tenant.secret_key, review.token)).body.data;
    expect(meanwhile.status).toBe('in_progress');
    expect(meanwhile.token).not.toBe(review.token);
    const original = await svc.http('GET', `/verify/v1/status/${review.token}`, { headers: key });
    expect(original.body.data.status).toBe('retaken');

    node.readings = [MATCH];
    const h = { 'x-widget-session': started.body.data.widget_session };
    await svc.http('POST', '/verify/v1/widget/session/frames', { body: { frames: [SELFIE.toString('base64')] }, headers: h });
    const done = await svc.http('POST', '/verify/v1/widget/session/document', { body: { image: DOCUMENT.toString('base64') }, headers: h });
    expect(done.body.data.session_status).toBe('success');

    const current = (await readResult(svc, tenant.secret_key, review.token)).body.data;
    expect(current).toMatchObject({ status: 'success', token: meanwhile.token, checks: { data_match: { passed: true } } });
    expect((await readResult(svc, tenant.secret_key, review.token)).body.error.code).toBe('RESULT_TOKEN_CONSUMED');
    expect((await svc.http('GET', `/verify/v1/reviews/${review.id}`, { headers: key })).body.data).toMatchObject({
      status: 'retake_requested',
      session_status: 'retaken',
      retake_token: meanwhile.token,
    });
    expect(await verificationsBilled(svc, tenant.tenant_id)).toBe(before + 1); // the retake's decision only
  });

  it('a retake nobody starts: the original expires with the new init token (10 minutes)', async () => {
    const { tenant, review, key } = await parked();
    const retake = await svc.http('POST', `/verify/v1/reviews/${review.id}/retake`, { headers: key });
    svc.clock.advance(10 * 60_000 + 1000);
    expect((await readResult(svc, tenant.secret_key, review.token)).body.data.status).toBe('expired');
    expect((await startWidget(svc, retake.body.data.retake.token)).body.error.code).toBe('INIT_TOKEN_EXPIRED');
  });

  it("keys: secret or restricted `review`; public and other scopes refused; another tenant's review is unknown", async () => {
    const { tenant, review } = await parked();
    const pub = await svc.http('GET', '/verify/v1/reviews', { headers: { 'x-api-key': tenant.public_key } });
    expect(pub.body.error.code).toBe('AUTH_SECRET_KEY_REQUIRED');
    const reviewer = await svc.admin('POST', `/admin/v1/projects/${tenant.project_id}/keys`, { scopes: ['review'] });
    expect((await svc.http('GET', `/verify/v1/reviews/${review.id}`, { headers: { 'x-api-key': reviewer.key } })).status).toBe(200);
    const reader = await svc.admin('POST', `/admin/v1/projects/${tenant.project_id}/keys`, { scopes: ['verify:result'] });
    expect((await svc.http('POST', `/verify/v1/reviews/${review.id}/approve`, { headers: { 'x-api-key': reader.key } })).body.error.code).toBe(
      'AUTH_SCOPE_MISSING',
    );
    const other = await svc.createTenant();
    const foreign = await svc.http('POST', `/verify/v1/reviews/${review.id}/approve`, { headers: { 'x-api-key': other.secret_key } });
    expect(foreign.status).toBe(404);
    expect((await svc.http('GET', '/verify/v1/reviews?status=pending', { headers: { 'x-api-key': tenant.secret_key } })).status).toBe(400);
  });

  it('pages the queue oldest first with a cursor', async () => {
    const { tenant, review, key } = await parked();
    svc.clock.advance(1000); // the test clock stands still otherwise: two reviews of the same instant order by id
    node.readings = [MISMATCH];
    await documentSession(svc, tenant.secret_key, { selfie: SELFIE, document: DOCUMENT, initBody: CLAIMS });
    const first = await svc.http('GET', '/verify/v1/reviews?limit=1', { headers: key });
    expect(first.body.data.reviews.map((r: { id: string }) => r.id)).toEqual([review.id]);
    const second = await svc.http('GET', `/verify/v1/reviews?limit=1&cursor=${first.body.data.next_cursor}`, { headers: key });
    expect(second.body.data.reviews).toHaveLength(1);
    expect(second.body.data.reviews[0].id).not.toBe(review.id);
    expect(second.body.data.next_cursor).toBeNull();
  });

  it('the review, rules and document endpoints are in the OpenAPI document', async () => {
    const paths = Object.keys((await svc.http('GET', '/openapi.json')).body.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/verify/v1/reviews',
        '/verify/v1/reviews/{id}',
        '/verify/v1/reviews/{id}/approve',
        '/verify/v1/reviews/{id}/reject',
        '/verify/v1/reviews/{id}/retake',
        '/verify/v1/rules',
        '/verify/v1/widget/session/document',
      ]),
    );
  });
});
