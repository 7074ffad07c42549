import { readFileSync } from 'node:fs';
import { FACES_DIR } from '@idgate/inference/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@idgate/platform';
import { startInferenceNode, type InferenceNode } from '@idgate/inference';
import { BACKENDS, init, startTestService, startWidget, testConfig, tokenFromRedirect, type TestService } from '../src/index.ts';

const FACES = `${FACES_DIR}/`;
const frame = (name: string) => readFileSync(FACES + name).toString('base64');

/**
 * Path A's checks on the server (docs/widget.md, "Server-side checks"): the widget sends camera frames, core sends
 * them to an inference node through the scheduler, real models on real fixture faces decide.
 */
describe('server-side path A checks through core → scheduler → inference node', () => {
  let node: InferenceNode;
  let svc: TestService;
  let key: string;

  beforeAll(async () => {
    const config = testConfig({ INFERENCE_POOL_SIZE: '1', INFERENCE_GRPC_ADDRESS: '127.0.0.1:0' });
    node = await startInferenceNode({ config, logger: createLogger({ level: 'silent', component: 'inference' }) });
    svc = await startTestService(BACKENDS[0], {}, undefined, { inferenceNodes: [node.address] });
    key = (await svc.createTenant()).secret_key;
    for (let i = 0; i < 50 && !svc.core.container.inference?.ready(); i++) await new Promise((r) => setTimeout(r, 100));
  }, 120_000);
  afterAll(async () => {
    await svc?.close();
    await node?.close();
  });

  async function submit(files: string[], initBody: Record<string, unknown> = {}) {
    const i = await init(svc, key, initBody);
    const s = await startWidget(svc, i.body.data.token);
    return svc.http('POST', '/verify/v1/widget/session/frames', {
      body: { frames: files.map(frame) },
      headers: { 'x-widget-session': s.body.data.widget_session },
    });
  }

  it('readiness includes the inference node', async () => {
    expect((await svc.http('GET', '/readyz')).body).toMatchObject({ status: 'ready', inference: true });
  });

  it('a live adult passes (facial mode): success, and the result record shows liveness and age', async () => {
    const r = await submit(['biden_1.jpg'], { verification_mode: 'facial' });
    expect(r.status).toBe(200);
    expect(new URL(r.body.data.redirect_url).searchParams.get('status')).toBe('success');
    const result = await svc.http('GET', `/verify/v1/result/${tokenFromRedirect(r.body.data.redirect_url)}`, { headers: { 'x-api-key': key } });
    expect(result.body.data).toMatchObject({
      status: 'success',
      checks: { liveness: { performed: true, passed: true }, age: { performed: true, passed: true, gate: 18 } },
    });
  });

  it('a toddler fails the +18 gate: age_below_threshold', async () => {
    const r = await submit(['age_toddler.jpg'], { verification_mode: 'facial' });
    const result = await svc.http('GET', `/verify/v1/result/${tokenFromRedirect(r.body.data.redirect_url)}`, { headers: { 'x-api-key': key } });
    expect(result.body.data).toMatchObject({ status: 'failed', reason: 'age_below_threshold' });
  });

  it('min_age 99 (facial mode): a live adult fails with age_below_threshold (spec §1 "under-age fail")', async () => {
    const r = await submit(['biden_1.jpg'], { verification_mode: 'facial', min_age: 99 });
    const result = await svc.http('GET', `/verify/v1/result/${tokenFromRedirect(r.body.data.redirect_url)}`, { headers: { 'x-api-key': key } });
    expect(result.body.data).toMatchObject({
      status: 'failed',
      reason: 'age_below_threshold',
      checks: { liveness: { performed: true, passed: true }, age: { performed: true, passed: false, gate: 99 } },
    });
  });

  it('a child the weak model over-estimates is never a pass: auto mode escalates to the document path', async () => {
    const r = await submit(['age_child.jpg']);
    expect(r.body.data).toMatchObject({ session_status: 'in_progress', step: 'document_required', path: 'B' });
  });

  it('a printed-photo spoof fails liveness (facial mode): liveness_failed', async () => {
    const r = await submit(['spoof_fake_print_F1.jpg'], { verification_mode: 'facial' });
    const result = await svc.http('GET', `/verify/v1/result/${tokenFromRedirect(r.body.data.redirect_url)}`, { headers: { 'x-api-key': key } });
    expect(result.body.data).toMatchObject({ status: 'failed', reason: 'liveness_failed', checks: { liveness: { performed: true, passed: false } } });
  });

  it("an unusable frame is the user's to retake, not a decision: several faces (a counted retake), non-image, empty (errors)", async () => {
    const i = await init(svc, key);
    const s = await startWidget(svc, i.body.data.token);
    const h = { 'x-widget-session': s.body.data.widget_session };
    const group = await svc.http('POST', '/verify/v1/widget/session/frames', { body: { frames: [frame('group_6_people.jpg')] }, headers: h });
    expect(group.status).toBe(200);
    expect(group.body.data).toMatchObject({ session_status: 'in_progress', step: 'face_capture', retake_reason: 'face_multiple', retake_attempts_left: 2 });
    const text = await svc.http('POST', '/verify/v1/widget/session/frames', {
      body: { frames: [Buffer.from('not an image at all').toString('base64')] },
      headers: h,
    });
    expect(text.status).toBe(422);
    expect(text.body.error.code).toBe('IMAGE_UNDECODABLE');
    const empty = await svc.http('POST', '/verify/v1/widget/session/frames', { body: { frames: [''] }, headers: h });
    expect(empty.body.error.code).toBe('IMAGE_EMPTY');
    const still = await svc.http('GET', '/verify/v1/widget/session', { headers: h });
    expect(still.body.data).toMatchObject({ session_status: 'in_progress', step: 'face_capture' });
  });
});
