import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, init, pathA, startTestService, startWidget, tokenFromRedirect, type TestService } from '../src/index.ts';

/** Seeds the ledger as if `n` decisions of `kind` had been billed this month. */
async function seedUsage(svc: TestService, t: { tenant_id: string; project_id: string }, kind: 'check' | 'verification', n: number, amountCents = 0) {
  const repo = svc.core.container.repositories.billing;
  for (let i = 0; i < n; i++) {
    await repo.insertOnce({
      id: `seed_${kind}_${t.tenant_id}_${i}`,
      accountId: t.tenant_id,
      projectId: t.project_id,
      sessionId: null,
      idempotencyKey: `seed-${kind}-${i}`,
      kind,
      month: '2026-06',
      included: 1,
      amountCents,
      createdAt: svc.clock.now(),
    });
  }
  // Admission answers are reused for up to 1 s (docs/billing.md).
  svc.clock.advance(1100);
}

describe.each(BACKENDS)('billing (spec §7.2, §8) on $name', (backend) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(backend);
  });
  afterAll(() => svc?.close());

  it('free plan: ALLOWANCE_EXHAUSTED (402) once the one-time 100 document Verifications are used; Checks still allowed', async () => {
    const t = await svc.createTenant('free');
    await seedUsage(svc, t, 'verification', 100);
    const doc = await init(svc, t.secret_key, { verification_mode: 'document' });
    expect(doc.status).toBe(402);
    expect(doc.body.error.code).toBe('ALLOWANCE_EXHAUSTED');
    expect((await init(svc, t.secret_key)).status).toBe(200);
    // A top-up pack clears it.
    await svc.admin('PATCH', `/admin/v1/tenants/${t.tenant_id}`, { top_up_verifications: 50 });
    expect((await init(svc, t.secret_key, { verification_mode: 'document' })).status).toBe(200);
  });

  it('a session in progress always finishes when the allowance runs out meanwhile', async () => {
    const t = await svc.createTenant('free');
    const i = await init(svc, t.secret_key);
    const s = await startWidget(svc, i.body.data.token);
    await seedUsage(svc, t, 'check', 1000);
    expect((await init(svc, t.secret_key)).body.error.code).toBe('ALLOWANCE_EXHAUSTED');
    svc.clock.advance(2000);
    const { deviceEvidence } = await import('../src/flows.ts');
    const v = await svc.http('POST', '/verify/v1/widget/session/device-verdict', {
      body: deviceEvidence(s.body.data.nonce, { gate: 18, ages: [45, 46, 44] }),
      headers: { 'x-widget-session': s.body.data.widget_session },
    });
    expect(v.status).toBe(200);
    expect(new URL(v.body.data.redirect_url).searchParams.get('status')).toBe('success');
  });

  it('BUDGET_EXCEEDED (402) when metered spend reaches the monthly budget; removing the budget clears it', async () => {
    const t = await svc.createTenant('starter');
    await svc.admin('PATCH', `/admin/v1/tenants/${t.tenant_id}`, { monthly_budget_cents: 100 });
    expect((await init(svc, t.secret_key)).status).toBe(200);
    await seedUsage(svc, t, 'verification', 2, 80);
    const r = await init(svc, t.secret_key);
    expect(r.status).toBe(402);
    expect(r.body.error.code).toBe('BUDGET_EXCEEDED');
    await svc.admin('PATCH', `/admin/v1/tenants/${t.tenant_id}`, { monthly_budget_cents: null });
    expect((await init(svc, t.secret_key)).status).toBe(200);
  });

  it('PAYMENT_REQUIRED (402) while suspended; the three 402s carry distinct codes and messages', async () => {
    const t = await svc.createTenant('growth');
    await svc.admin('PATCH', `/admin/v1/tenants/${t.tenant_id}`, { suspended: true });
    const r = await init(svc, t.secret_key);
    expect(r.status).toBe(402);
    expect(r.body.error.code).toBe('PAYMENT_REQUIRED');
    const { ERROR_CATALOGUE } = await import('@idgate/protos');
    const messages = new Set(['ALLOWANCE_EXHAUSTED', 'BUDGET_EXCEEDED', 'PAYMENT_REQUIRED'].map((c) => ERROR_CATALOGUE[c as 'PAYMENT_REQUIRED'].message));
    expect(messages.size).toBe(3);
  });

  it('decisions are billed once; cancels and attempts are not; the ledger prints per month', async () => {
    const t = await svc.createTenant('starter');
    await pathA(svc, t.secret_key); // pass: billed
    const i = await init(svc, t.secret_key);
    const s = await startWidget(svc, i.body.data.token);
    await svc.http('POST', '/verify/v1/widget/session/cancel', { headers: { 'x-widget-session': s.body.data.widget_session } }); // not billed
    await pathA(svc, t.secret_key, { ages: [20, 21, 19], verdict: 'undecided' }); // escalated attempt: not billed
    const ledger = await svc.admin('GET', `/admin/v1/tenants/${t.tenant_id}/ledger?month=2026-06`);
    expect(ledger).toMatchObject({ tenant_id: t.tenant_id, month: '2026-06', plan: 'starter', total_cents: 0 });
    expect(ledger.lines).toEqual([
      { kind: 'check', count: 1, included: 1, amount_cents: 0 },
      { kind: 'verification', count: 0, included: 0, amount_cents: 0 },
    ]);
  });
});

describe.each(BACKENDS)('rate limits (spec §8) on $name', (backend) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(backend, { RATE_LIMIT_INIT_PER_MINUTE: '5', RATE_LIMIT_TOKEN_VERIFY_PER_MINUTE: '3' });
  });
  afterAll(() => svc?.close());

  it('init is limited per key: 429 RATE_LIMITED with Retry-After; another key is unaffected; the next window resets', async () => {
    svc.clock.set(new Date('2026-06-15T12:00:00Z'));
    const t1 = await svc.createTenant();
    const t2 = await svc.createTenant();
    const codes = [];
    for (let i = 0; i < 7; i++) codes.push((await init(svc, t1.secret_key)).status);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const limited = await init(svc, t1.secret_key);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await init(svc, t2.secret_key)).status).toBe(200);
    svc.clock.advance(60_000);
    expect((await init(svc, t1.secret_key)).status).toBe(200);
  });

  it('token verification is limited per key', async () => {
    const t = await svc.createTenant();
    const { verdict } = await pathA(svc, t.secret_key);
    const token = tokenFromRedirect(verdict.body.data.redirect_url);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await svc.http('POST', '/verify/v1/verification-tokens/verify', { body: { token }, headers: { 'x-api-key': t.secret_key } })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
