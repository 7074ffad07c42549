import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, CALLBACK, init, pathA, startTestService, startWidget, testConfig, tokenFromRedirect, type TestService } from '../src/index.ts';

describe.each(BACKENDS)('path A end to end on $name', (backend) => {
  let svc: TestService;
  let tenant: Awaited<ReturnType<TestService['createTenant']>>;

  beforeAll(async () => {
    svc = await startTestService(backend);
    tenant = await svc.createTenant('starter');
  });
  afterAll(() => svc?.close());

  it('init → widget start → on-device pass → callback → result, then the token is spent', async () => {
    const { init: i, start, verdict } = await pathA(svc, tenant.secret_key, { initBody: { user_id: 'user-42', locale: 'pt-br', theme: 'dark' } });
    expect(i.status).toBe(200);
    expect(i.body.data.token).toMatch(/^xit_[A-Za-z0-9_-]{22,}$/);
    // verify_url = {widget_url}?t=<init_token> (spec §2.2).
    expect(i.body.data.verify_url).toBe(`${testConfig().widgetUrl}?t=${i.body.data.token}`);
    expect(start.status).toBe(200);
    expect(start.body.data).toMatchObject({
      session_status: 'in_progress',
      step: 'face_capture',
      path: 'A',
      device_age_gate: 18,
      locale: 'pt-BR',
      theme: 'dark',
    });
    expect(verdict.status).toBe(200);
    const redirect = new URL(verdict.body.data.redirect_url);
    expect(redirect.origin + redirect.pathname).toBe(CALLBACK);
    expect([...redirect.searchParams.keys()].sort()).toEqual(['status', 'token', 'user_id']);
    expect(redirect.searchParams.get('status')).toBe('success');
    expect(redirect.searchParams.get('user_id')).toBe('user-42');
    const token = tokenFromRedirect(verdict.body.data.redirect_url);
    expect(token).toMatch(/^xtk_/);
    // The callback never carries the init token (spec §2.4).
    expect(verdict.body.data.redirect_url).not.toContain(i.body.data.token);

    const result = await svc.http('GET', `/verify/v1/result/${token}`, { headers: { 'x-api-key': tenant.secret_key } });
    expect(result.status).toBe(200);
    expect(result.body.success).toBe(true);
    expect(Object.keys(result.body.data)).toEqual([
      'token',
      'status',
      'verified',
      'verification_type',
      'ip_country',
      'external_user_id',
      'reason',
      'checks',
      'created_at',
      'completed_at',
      'expires_at',
    ]);
    expect(result.body.data).toMatchObject({
      token,
      status: 'success',
      verified: true,
      verification_type: 'age_estimation',
      external_user_id: 'user-42',
      reason: null,
      checks: {
        liveness: { performed: true, passed: true },
        age: { performed: true, passed: true, gate: 18 },
        document: { performed: false, passed: false },
        face_match: { performed: false, passed: false },
        eu_wallet: { performed: false, passed: false },
        aml: { performed: false, passed: false },
      },
    });
    expect(result.body.data.checks.data_match).toBeUndefined();
    expect(result.body.data).not.toHaveProperty('risk');
    for (const k of ['created_at', 'completed_at', 'expires_at']) expect(result.body.data[k]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const again = await svc.http('GET', `/verify/v1/result/${token}`, { headers: { 'x-api-key': tenant.secret_key } });
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe('RESULT_TOKEN_CONSUMED');
  });

  it('facial mode: an under-age estimate fails with age_below_threshold and is billed as a Check', async () => {
    const before = await svc.admin('GET', `/admin/v1/tenants/${tenant.tenant_id}/ledger?month=2026-06`);
    const { verdict } = await pathA(svc, tenant.secret_key, { ages: [4, 5, 4, 6, 5], verdict: 'fail', initBody: { verification_mode: 'facial' } });
    expect(verdict.status).toBe(200);
    expect(new URL(verdict.body.data.redirect_url).searchParams.get('status')).toBe('failed');
    const token = tokenFromRedirect(verdict.body.data.redirect_url);
    const result = await svc.http('GET', `/verify/v1/result/${token}`, { headers: { 'x-api-key': tenant.secret_key } });
    expect(result.body.data).toMatchObject({
      status: 'failed',
      verified: false,
      reason: 'age_below_threshold',
      checks: { liveness: { performed: true, passed: true }, age: { performed: true, passed: false, gate: 18 } },
    });
    const after = await svc.admin('GET', `/admin/v1/tenants/${tenant.tenant_id}/ledger?month=2026-06`);
    expect(after.lines.find((l: any) => l.kind === 'check').count).toBe(before.lines.find((l: any) => l.kind === 'check').count + 1);
  });

  it('facial mode with min_age 99: a plainly younger adult fails with age_below_threshold (spec §1 "under-age fail")', async () => {
    const { start, verdict } = await pathA(svc, tenant.secret_key, {
      ages: [44, 46, 45, 47, 43],
      verdict: 'fail',
      initBody: { verification_mode: 'facial', min_age: 99 },
    });
    // No on-device classifier reaches 99: the widget sends age_gate 0, and can fail but never pass.
    expect(start.body.data.device_age_gate).toBeUndefined();
    expect(verdict.status).toBe(200);
    const token = tokenFromRedirect(verdict.body.data.redirect_url);
    const result = await svc.http('GET', `/verify/v1/result/${token}`, { headers: { 'x-api-key': tenant.secret_key } });
    expect(result.body.data).toMatchObject({
      status: 'failed',
      verified: false,
      reason: 'age_below_threshold',
      checks: { age: { performed: true, passed: false, gate: 99 } },
    });
  });

  it('facial mode with min_age 99: an estimate within the buffer of 99 is undecided, never a pass', async () => {
    const pass = await pathA(svc, tenant.secret_key, { ages: [95, 96, 95, 97, 96], verdict: 'pass', initBody: { verification_mode: 'facial', min_age: 99 } });
    expect(pass.verdict.status).toBe(422);
    expect(pass.verdict.body.error.details.reasons).toContain('age_claim_inconsistent');
    const { verdict } = await pathA(svc, tenant.secret_key, {
      ages: [95, 96, 95, 97, 96],
      verdict: 'undecided',
      initBody: { verification_mode: 'facial', min_age: 99 },
    });
    const result = await svc.http('GET', `/verify/v1/result/${tokenFromRedirect(verdict.body.data.redirect_url)}`, {
      headers: { 'x-api-key': tenant.secret_key },
    });
    expect(result.body.data).toMatchObject({ status: 'failed', reason: 'age_estimation_inconclusive' });
  });

  it('auto mode: an estimate under the gate pass value is never a pass; it escalates to the document path (its liveness step)', async () => {
    const { verdict, widgetSession } = await pathA(svc, tenant.secret_key, { ages: [19, 20, 19, 21, 20], verdict: 'undecided' });
    expect(verdict.status).toBe(200);
    expect(verdict.body.data).toMatchObject({ session_status: 'in_progress', step: 'liveness_required', path: 'B', document_path_available: true });
    expect(verdict.body.data.redirect_url).toBeUndefined();
    const cancel = await svc.http('POST', '/verify/v1/widget/session/cancel', { headers: { 'x-widget-session': widgetSession } });
    expect(new URL(cancel.body.data.redirect_url).searchParams.get('status')).toBe('canceled');
  });

  it('a claimed pass that the evidence does not support is rejected (C-INJ-3)', async () => {
    const { verdict } = await pathA(svc, tenant.secret_key, { ages: [14, 15, 14, 16, 15], verdict: 'pass' });
    expect(verdict.status).toBe(422);
    expect(verdict.body.error.code).toBe('DEVICE_EVIDENCE_REJECTED');
    expect(verdict.body.error.details.reasons).toContain('age_claim_inconsistent');
  });

  it('evidence replayed into another session is rejected: the nonce binds it (C-INJ-2)', async () => {
    const first = await pathA(svc, tenant.secret_key);
    expect(first.verdict.status).toBe(200);
    const i = await init(svc, tenant.secret_key);
    const s = await startWidget(svc, i.body.data.token);
    svc.clock.advance(2000);
    const replay = await svc.http('POST', '/verify/v1/widget/session/device-verdict', {
      body: { ...JSON.parse(JSON.stringify((await import('../src/flows.ts')).deviceEvidence(first.start.body.data.nonce, { gate: 18, ages: [40, 41, 42] }))) },
      headers: { 'x-widget-session': s.body.data.widget_session },
    });
    expect(replay.status).toBe(422);
    expect(replay.body.error.code).toBe('DEVICE_NONCE_INVALID');
  });
});
