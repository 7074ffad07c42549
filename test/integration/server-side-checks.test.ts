import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, deviceEvidence, init, pathA, startTestService, startWidget, tokenFromRedirect, type TestService } from '../src/index.ts';
import { startScriptedInference, type ScriptedInferenceNode } from '../src/scripted-inference.ts';

/** Any bytes do: the scripted node answers CheckFace without decoding them. */
const FRAME = Buffer.from('frame bytes for the scripted node').toString('base64');

/**
 * The per-project setting that runs path A's checks on the server (docs/widget.md, "Server-side checks") over HTTP
 * on both storage backends: the rules round-trip, the widget state announces it, core refuses
 * an on-device verdict (what a modified browser would send), and the frames path decides.
 * The scripted inference node stands in for the models (real ones: server-side-frames.test.ts).
 */
describe.each(BACKENDS)('server-side checks setting on $name', (backend) => {
  let node: ScriptedInferenceNode;
  let svc: TestService;
  let tenant: { secret_key: string; public_key: string };

  beforeAll(async () => {
    node = await startScriptedInference();
    node.faceAge = 60; // clears +18 by the buffer and the weak model's floor
    svc = await startTestService(backend, {}, undefined, { inferenceNodes: [node.address] });
    tenant = await svc.createTenant();
    for (let i = 0; i < 50 && !svc.core.container.inference?.ready(); i++) await new Promise((r) => setTimeout(r, 100));
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
    await node?.close();
  });

  const rules = (method: 'GET' | 'PUT', body?: Record<string, unknown>, key = tenant.secret_key) =>
    svc.http(method, '/verify/v1/rules', { body, headers: { 'x-api-key': key } });

  it('the setting round-trips through PUT/GET /verify/v1/rules (secret key only; absent in a PUT keeps it)', async () => {
    expect((await rules('GET')).body.data).toEqual({
      content_category: 'general',
      restricted_countries: [],
      default_list: true,
      server_side_checks: false,
      token_methods: ['document', 'wallet', 'facial_estimate'],
      token_max_age_days: 365,
    });
    const put = await rules('PUT', {
      content_category: 'alcohol',
      server_side_checks: true,
      token_methods: ['document', 'wallet', 'facial_estimate'],
      token_max_age_days: 365,
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toEqual({
      content_category: 'alcohol',
      restricted_countries: [],
      default_list: true,
      server_side_checks: true,
      token_methods: ['document', 'wallet', 'facial_estimate'],
      token_max_age_days: 365,
    });
    expect((await rules('GET')).body.data.server_side_checks).toBe(true);
    const bad = await rules('PUT', { server_side_checks: 'sometimes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('REQUEST_INVALID');
    expect((await rules('PUT', { server_side_checks: true }, tenant.public_key)).body.error.code).toBe('AUTH_SECRET_KEY_REQUIRED');
    expect((await rules('GET')).body.data.server_side_checks).toBe(true); // neither the bad PUT nor the public key changed it
    expect((await rules('PUT', { content_category: 'alcohol' })).body.data.server_side_checks).toBe(true); // nor a PUT without it
  });

  it('with the setting on, an on-device verdict is refused (a modified browser cannot bypass it); frames decide', async () => {
    await rules('PUT', { server_side_checks: true });
    const i = await init(svc, tenant.secret_key, { user_id: 'u-server' });
    const s = await startWidget(svc, i.body.data.token);
    expect(s.body.data).toMatchObject({ step: 'face_capture', path: 'A', server_side_checks: true });
    const ws = { 'x-widget-session': s.body.data.widget_session };
    svc.clock.advance(2000);
    // Evidence an honest on-device check would send, bound to the session's nonce: still refused.
    const evidence = deviceEvidence(s.body.data.nonce, { gate: s.body.data.device_age_gate, ages: [44, 46, 45, 47, 43] });
    const refused = await svc.http('POST', '/verify/v1/widget/session/device-verdict', { body: evidence, headers: ws });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('SERVER_SIDE_CHECKS_REQUIRED');
    const still = await svc.http('GET', '/verify/v1/widget/session', { headers: ws });
    expect(still.body.data).toMatchObject({ session_status: 'in_progress', step: 'face_capture', server_side_checks: true });
    expect(still.body.data.redirect_url).toBeUndefined();

    const frames = await svc.http('POST', '/verify/v1/widget/session/frames', { body: { frames: [FRAME, FRAME, FRAME] }, headers: ws });
    expect(frames.status).toBe(200);
    const redirect = new URL(frames.body.data.redirect_url);
    expect(redirect.searchParams.get('status')).toBe('success');
    expect(frames.body.data.server_side_checks).toBeUndefined(); // only while the face step waits
    const result = await svc.http('GET', `/verify/v1/result/${tokenFromRedirect(frames.body.data.redirect_url)}`, {
      headers: { 'x-api-key': tenant.secret_key },
    });
    expect(result.body.data).toMatchObject({
      status: 'success',
      verified: true,
      verification_type: 'age_estimation',
      external_user_id: 'u-server',
      checks: { liveness: { performed: true, passed: true }, age: { performed: true, passed: true, gate: 18 } },
    });
  });

  it('with the setting off again, the state does not ask for it and an on-device verdict decides', async () => {
    await rules('PUT', { server_side_checks: false });
    const { start, verdict } = await pathA(svc, tenant.secret_key);
    expect(start.body.data.server_side_checks).toBeUndefined();
    expect(verdict.status).toBe(200);
    expect(new URL(verdict.body.data.redirect_url).searchParams.get('status')).toBe('success');
  });
});
