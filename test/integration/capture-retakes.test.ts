import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, init, startTestService, startWidget, tokenFromRedirect, type TestService } from '../src/index.ts';
import { outboxTypes, readResult, sql } from '../src/document-flows.ts';
import { startScriptedInference, type ScriptedInferenceNode, type ScriptedReading } from '../src/scripted-inference.ts';

const SELFIE = Buffer.from('selfie frame bytes').toString('base64');
const DOCUMENT = Buffer.from('document image bytes').toString('base64');
const READING: ScriptedReading = { status: 'ok', surname: 'EXAMPLE', givenNames: 'ANNA', dateOfBirth: '1990-01-01', documentNumber: 'C1234567' };
const UNREADABLE: ScriptedReading = { status: 'document_unreadable' };

type Answer = { status: number; body: any };

/**
 * Retakes of a refused capture in the same session (docs/widget.md "Retakes", docs/decisions/capture-retakes.md),
 * through the widget-facing HTTP API on every backend: the limits (document 3, face 3) enforced by core,
 * unbilled outcomes staying unbilled, decided failures never retried, racing uploads counted in turn.
 * The inference node is scripted: these tests are about the session rules, not the models.
 */
describe.each(BACKENDS)('capture retakes on $name', (backend) => {
  let node: ScriptedInferenceNode;
  let svc: TestService;

  beforeAll(async () => {
    node = await startScriptedInference();
    svc = await startTestService(backend, { RATE_LIMIT_WIDGET_PER_MINUTE: '100000' }, undefined, { inferenceNodes: [node.address] });
    for (let i = 0; i < 50 && !svc.core.container.inference?.ready(); i++) await new Promise((r) => setTimeout(r, 100));
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
    await node?.close();
  });

  const ledger = async (tenantId: string, kind: 'check' | 'verification'): Promise<number> =>
    (await svc.admin('GET', `/admin/v1/tenants/${tenantId}/ledger?month=2026-06`)).lines.find((l: { kind: string }) => l.kind === kind)?.count ?? 0;

  /** A started session of `mode`; `headers` authorise its widget routes. */
  async function started(key: string, body: Record<string, unknown> = {}) {
    const i = await init(svc, key, { verification_mode: 'document', ...body });
    expect(i.status, i.text).toBe(200);
    const s = await startWidget(svc, i.body.data.token);
    return { initToken: i.body.data.token as string, headers: { 'x-widget-session': s.body.data.widget_session as string }, start: s };
  }
  const frames = (headers: Record<string, string>): Promise<Answer> =>
    svc.http('POST', '/verify/v1/widget/session/frames', { body: { frames: [SELFIE] }, headers });
  const documentUpload = (headers: Record<string, string>): Promise<Answer> =>
    svc.http('POST', '/verify/v1/widget/session/document', { body: { image: DOCUMENT }, headers });
  const state = async (headers: Record<string, string>) => (await svc.http('GET', '/verify/v1/widget/session', { headers })).body.data;
  const attemptsStored = async (initToken: string) => {
    const { createHash } = await import('node:crypto');
    const [row] = await sql(svc, 'select checks from sessions where init_token_hash = $1', [createHash('sha256').update(initToken).digest('hex')]);
    return (typeof row.checks === 'string' ? JSON.parse(row.checks) : row.checks).capture_attempts;
  };

  it('an unreadable document: two retakes with the reason and the tries left, the third ends failed document_unreadable, unbilled', async () => {
    const t = await svc.createTenant();
    node.faces = [{}];
    node.readings = [UNREADABLE, { status: 'dob_unreadable' }, UNREADABLE];
    const s = await started(t.secret_key);
    expect((await frames(s.headers)).body.data).toMatchObject({ step: 'document_required' });
    const first = await documentUpload(s.headers);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      session_status: 'in_progress',
      step: 'document_required',
      retake_reason: 'document_unreadable',
      retake_attempts_left: 2,
    });
    expect(first.body.data.redirect_url).toBeUndefined();
    // A reload reads the same retake from the state.
    expect(await state(s.headers)).toMatchObject({ step: 'document_required', retake_reason: 'document_unreadable', retake_attempts_left: 2 });
    // The result record of a session waiting for a retake: still in progress, no reason, no counters.
    const waiting = (await svc.http('GET', `/verify/v1/result/${s.initToken}`, { headers: { 'x-api-key': t.secret_key } })).body.data;
    expect(waiting).toMatchObject({ status: 'in_progress', reason: null });
    expect(JSON.stringify(waiting)).not.toContain('capture_attempts');
    expect((await documentUpload(s.headers)).body.data).toMatchObject({ retake_reason: 'dob_unreadable', retake_attempts_left: 1 });
    const third = await documentUpload(s.headers);
    expect(third.body.data).toMatchObject({ session_status: 'failed', step: 'done', reason: 'document_unreadable' });
    expect(third.body.data.retake_reason).toBeUndefined();
    const token = tokenFromRedirect(third.body.data.redirect_url);
    expect(new URL(third.body.data.redirect_url).searchParams.get('status')).toBe('failed');
    const record = (await readResult(svc, t.secret_key, token)).body.data;
    expect(record).toMatchObject({ status: 'failed', reason: 'document_unreadable' });
    expect(Object.keys(record.checks)).toEqual(['liveness', 'age', 'document', 'face_match', 'eu_wallet', 'aml']);
    expect(await ledger(t.tenant_id, 'verification')).toBe(0);
    expect(await outboxTypes(svc, token)).toEqual(['session.failed']);
    expect(await attemptsStored(s.initToken)).toEqual({ document: 3, face: 0 });
    // The session is over: a fourth upload is a state conflict, not another try.
    expect((await documentUpload(s.headers)).body.error.code).toBe('SESSION_STATE_CONFLICT');
  });

  it('a retake then a readable document: success, billed once (the retakes are not)', async () => {
    const t = await svc.createTenant();
    node.faces = [{}];
    node.readings = [UNREADABLE, READING];
    const s = await started(t.secret_key);
    await frames(s.headers);
    expect((await documentUpload(s.headers)).body.data).toMatchObject({ retake_reason: 'document_unreadable', retake_attempts_left: 2 });
    const done = await documentUpload(s.headers);
    expect(done.body.data).toMatchObject({ session_status: 'success', step: 'done' });
    expect(done.body.data.retake_reason).toBeUndefined();
    const record = (await readResult(svc, t.secret_key, tokenFromRedirect(done.body.data.redirect_url))).body.data;
    expect(record).toMatchObject({ status: 'success', reason: null, risk: { band: 'low' } });
    expect(await ledger(t.tenant_id, 'verification')).toBe(1);
  });

  it('decided outcomes are never retakes: under age fails at once (billed), a data mismatch goes to review at once', async () => {
    const t = await svc.createTenant();
    node.faces = [{}];
    node.readings = [READING];
    const young = await started(t.secret_key, { min_age: 99 });
    await frames(young.headers);
    const failed = await documentUpload(young.headers);
    expect(failed.body.data).toMatchObject({ session_status: 'failed', reason: 'age_below_threshold' });
    expect(failed.body.data.retake_reason).toBeUndefined();
    expect(await ledger(t.tenant_id, 'verification')).toBe(1);
    const mismatch = await started(t.secret_key, { expected: { date_of_birth: '1980-05-05' }, mismatch_policy: 'review' });
    await frames(mismatch.headers);
    const review = await documentUpload(mismatch.headers);
    expect(review.body.data).toMatchObject({ session_status: 'pending_tenant_review' });
    expect(review.body.data.retake_reason).toBeUndefined();
    expect(await attemptsStored(mismatch.initToken)).toBeUndefined();
  });

  it('the face the detector refused: retakes with the reason; three refusals end failed liveness_failed, unbilled', async () => {
    const t = await svc.createTenant();
    node.faces = [{ refuse: 'FACE_NOT_FOUND' }, { refuse: 'FACE_MULTIPLE' }, {}];
    const ok = await started(t.secret_key);
    expect((await frames(ok.headers)).body.data).toMatchObject({ step: 'liveness_required', retake_reason: 'face_not_found', retake_attempts_left: 2 });
    expect((await frames(ok.headers)).body.data).toMatchObject({ step: 'liveness_required', retake_reason: 'face_multiple', retake_attempts_left: 1 });
    const passed = (await frames(ok.headers)).body.data;
    expect(passed).toMatchObject({ session_status: 'in_progress', step: 'document_required' });
    expect(passed.retake_reason).toBeUndefined();

    node.faces = [{ refuse: 'FACE_QUALITY_LOW' }];
    const refused = await started(t.secret_key);
    expect((await frames(refused.headers)).body.data).toMatchObject({ retake_reason: 'face_quality_low', retake_attempts_left: 2 });
    expect((await frames(refused.headers)).body.data).toMatchObject({ retake_attempts_left: 1 });
    const end = (await frames(refused.headers)).body.data;
    expect(end).toMatchObject({ session_status: 'failed', step: 'done', reason: 'liveness_failed' });
    const record = (await readResult(svc, t.secret_key, tokenFromRedirect(end.redirect_url))).body.data;
    expect(record).toMatchObject({ status: 'failed', reason: 'liveness_failed', checks: { liveness: { performed: true, passed: false } } });
    expect(await ledger(t.tenant_id, 'verification')).toBe(0);
  });

  it('liveness: not live on unusable frames is a retake; not live on good frames is decided at once (billed)', async () => {
    const t = await svc.createTenant();
    node.faces = [{ live: false, frameReasons: [['face_blurry'], []] }, {}];
    const dim = await started(t.secret_key);
    expect((await frames(dim.headers)).body.data).toMatchObject({ step: 'liveness_required', retake_reason: 'liveness_failed', retake_attempts_left: 2 });
    expect((await frames(dim.headers)).body.data).toMatchObject({ step: 'document_required' });
    expect(await ledger(t.tenant_id, 'verification')).toBe(0);

    node.faces = [{ live: false, frameReasons: [[], []] }];
    const spoof = await started(t.secret_key);
    const failed = (await frames(spoof.headers)).body.data;
    expect(failed).toMatchObject({ session_status: 'failed', reason: 'liveness_failed' });
    expect(failed.retake_reason).toBeUndefined();
    expect(await ledger(t.tenant_id, 'verification')).toBe(1);
  });

  it("path A's server-side frames (facial mode): two retakes on unusable frames, the third ends liveness_failed with one Check", async () => {
    const t = await svc.createTenant();
    node.faces = [{ live: false, frameReasons: [['face_turned_sideways']] }];
    const s = await started(t.secret_key, { verification_mode: 'facial' });
    expect(s.start.body.data).toMatchObject({ path: 'A', step: 'face_capture' });
    expect((await frames(s.headers)).body.data).toMatchObject({ step: 'face_capture', retake_reason: 'liveness_failed', retake_attempts_left: 2 });
    expect((await frames(s.headers)).body.data).toMatchObject({ step: 'face_capture', retake_attempts_left: 1 });
    expect(await ledger(t.tenant_id, 'check')).toBe(0);
    const end = (await frames(s.headers)).body.data;
    expect(end).toMatchObject({ session_status: 'failed', reason: 'liveness_failed' });
    expect(await ledger(t.tenant_id, 'check')).toBe(1);
    expect(await attemptsStored(s.initToken)).toEqual({ document: 0, face: 3 });
  });

  it('parallel uploads: four unreadable documents at once consume three attempts in turn; one is too late', async () => {
    const t = await svc.createTenant();
    node.faces = [{}];
    node.readings = [UNREADABLE];
    const s = await started(t.secret_key);
    await frames(s.headers);
    node.readDelayMs = 150;
    let answers: Answer[];
    try {
      answers = await Promise.all([1, 2, 3, 4].map(() => documentUpload(s.headers)));
    } finally {
      node.readDelayMs = 0;
    }
    const retakes = answers.filter((a) => a.status === 200 && a.body.data.retake_reason);
    const finals = answers.filter((a) => a.status === 200 && a.body.data.session_status === 'failed');
    const late = answers.filter((a) => a.status === 409);
    expect(retakes.map((a) => a.body.data.retake_attempts_left).sort()).toEqual([1, 2]);
    expect(finals).toHaveLength(1);
    expect(late.map((a) => a.body.error.code)).toEqual(['SESSION_STATE_CONFLICT']);
    expect(await attemptsStored(s.initToken)).toEqual({ document: 3, face: 0 });
    expect(await ledger(t.tenant_id, 'verification')).toBe(0);
    expect(await outboxTypes(svc, tokenFromRedirect(finals[0].body.data.redirect_url))).toEqual(['session.failed']);
  });
});
