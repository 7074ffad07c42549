import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, deviceEvidence, init, startTestService, startWidget, type TestService } from '../src/index.ts';

/**
 * The widget's cross-device hand-off token over HTTP on both storage backends: short-lived,
 * single use (also under a race of parallel exchanges), bound to its session; the phone gets its
 * own widget session and the desktop keeps following with its own.
 */
describe.each(BACKENDS)('widget hand-off token on $name', (backend) => {
  let svc: TestService;
  let key: string;

  beforeAll(async () => {
    svc = await startTestService(backend);
    key = (await svc.createTenant()).secret_key;
  });
  afterAll(() => svc?.close());

  async function desktop(initBody: Record<string, unknown> = {}) {
    const i = await init(svc, key, initBody);
    const s = await startWidget(svc, i.body.data.token);
    return { 'x-widget-session': s.body.data.widget_session as string };
  }
  const createHandoff = (h: Record<string, string>) => svc.http('POST', '/verify/v1/widget/session/handoff', { headers: h });
  const exchange = (token: string) => svc.http('POST', '/verify/v1/widget/handoff', { body: { token } });

  it('exactly one of many parallel exchanges wins; the others get HANDOFF_TOKEN_INVALID', async () => {
    const h = await desktop();
    const created = await createHandoff(h);
    expect(created.status).toBe(200);
    expect(created.body.data.handoff_token).toMatch(/^xho_[A-Za-z0-9_-]{30,}$/);
    expect(Date.parse(created.body.data.expires_at) - svc.clock.now().getTime()).toBe(5 * 60 * 1000);
    const answers = await Promise.all(Array.from({ length: 12 }, () => exchange(created.body.data.handoff_token)));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.status === 410 && a.body.error.code === 'HANDOFF_TOKEN_INVALID')).toHaveLength(11);
    // The winner has its own widget session (not the desktop's) for the same session.
    const phone = { 'x-widget-session': won[0].body.data.widget_session as string };
    expect(phone['x-widget-session']).toMatch(/^xws_/);
    expect(phone['x-widget-session']).not.toBe(h['x-widget-session']);
    expect(won[0].body.data).toMatchObject({ session_status: 'in_progress', step: 'face_capture', path: 'A' });
    // And a late exchange, after the race, fails too.
    expect((await exchange(created.body.data.handoff_token)).body.error.code).toBe('HANDOFF_TOKEN_INVALID');
  });

  it('the phone completes the session with its own token; the desktop follows the outcome with its own', async () => {
    const h = await desktop({ user_id: 'u-phone' });
    const { body } = await exchange((await createHandoff(h)).body.data.handoff_token);
    const phone = { 'x-widget-session': body.data.widget_session as string };
    const renewed = await svc.http('GET', '/verify/v1/widget/session?renew_nonce=true', { headers: phone });
    svc.clock.advance(2000);
    const evidence = deviceEvidence(renewed.body.data.nonce, { gate: renewed.body.data.device_age_gate, ages: [44, 46, 45, 47, 43] });
    const verdict = await svc.http('POST', '/verify/v1/widget/session/device-verdict', { body: evidence, headers: phone });
    expect(verdict.status).toBe(200);
    expect(new URL(verdict.body.data.redirect_url).searchParams.get('status')).toBe('success');
    const followed = await svc.http('GET', '/verify/v1/widget/session', { headers: h });
    expect(followed.body.data.redirect_url).toBe(verdict.body.data.redirect_url);
    // A terminal session hands nothing over any more.
    expect((await createHandoff(h)).body.error.code).toBe('SESSION_STATE_CONFLICT');
  });

  it('expired, superseded, unknown or malformed tokens are refused with the same code', async () => {
    const h = await desktop();
    const old = (await createHandoff(h)).body.data.handoff_token;
    const current = (await createHandoff(h)).body.data.handoff_token;
    expect((await exchange(old)).body.error.code).toBe('HANDOFF_TOKEN_INVALID'); // a newer QR code replaced it
    svc.clock.advance(5 * 60 * 1000 + 1);
    const expired = await exchange(current);
    expect(expired.status).toBe(410);
    expect(expired.body.error.code).toBe('HANDOFF_TOKEN_INVALID');
    expect((await exchange(`xho_${'A'.repeat(32)}`)).body.error.code).toBe('HANDOFF_TOKEN_INVALID');
    expect((await exchange(h['x-widget-session'])).body.error.code).toBe('HANDOFF_TOKEN_INVALID'); // a widget session is no hand-off token
    expect((await svc.http('POST', '/verify/v1/widget/handoff', { body: {} })).status).toBe(400);
    expect((await createHandoff({ 'x-widget-session': `xws_${'B'.repeat(32)}` })).body.error.code).toBe('WIDGET_SESSION_INVALID');
  });
});
