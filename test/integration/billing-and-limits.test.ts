import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFaceMatchPolicy } from '@idgate/core';
import { BACKENDS, init, pathA, startTestService, startWidget, TEST_ADMIN_TOKEN, testConfig, tokenFromRedirect, type TestService } from '../src/index.ts';
import { sql } from '../src/document-flows.ts';
import { startScriptedInference, type ScriptedInferenceNode } from '../src/scripted-inference.ts';

/**
 * Seeds the ledger as if `n` decisions of `kind` had been billed this month: inside the allowance
 * at 0, or (amountCents > 0) as metered overage.
 */
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
      included: amountCents > 0 ? 0 : 1,
      paidFrom: amountCents > 0 ? 'metered' : 'allowance',
      amountCents,
      createdAt: svc.clock.now(),
    });
  }
  // Admission answers are reused for up to 1 s (docs/billing.md).
  svc.clock.advance(1100);
}

const SELFIE = Buffer.from('selfie frame bytes');
const DOCUMENT = Buffer.from('document image bytes');
const ADULT_PASSPORT = { status: 'ok' as const, surname: 'EXAMPLE', givenNames: 'ANNA', dateOfBirth: '1990-01-01', documentNumber: 'P1' };

describe.each(BACKENDS)('billing (spec §7.2, §8) on $name', (backend) => {
  let svc: TestService;
  // Scripted (these tests are about the ledger, not the models): document and server-side sessions decide at once.
  let node: ScriptedInferenceNode;
  beforeAll(async () => {
    node = await startScriptedInference();
    node.readings = [ADULT_PASSPORT];
    node.faceAge = 40;
    svc = await startTestService(backend, {}, undefined, { inferenceNodes: [node.address] });
    for (let i = 0; i < 50 && !svc.core.container.inference?.ready(); i++) await new Promise((r) => setTimeout(r, 100));
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
    await node?.close();
  });

  const ledgerLine = async (tenantId: string, kind: 'check' | 'verification') =>
    (await svc.admin('GET', `/admin/v1/tenants/${tenantId}/ledger?month=2026-06`)).lines.find((l: { kind: string }) => l.kind === kind);

  /** init (document mode) and widget start: a Verification admitted and in flight; its widget session. */
  async function documentInFlight(key: string): Promise<string> {
    svc.clock.advance(1100); // past the admission cache: each init is judged on the ledger as it is now
    const i = await init(svc, key, { verification_mode: 'document' });
    expect(i.status, i.text).toBe(200);
    return (await startWidget(svc, i.body.data.token)).body.data.widget_session;
  }

  /** The selfie, then the document: the session's decision. */
  async function finishDocument(widgetSession: string) {
    const headers = { 'x-widget-session': widgetSession };
    const liveness = await svc.http('POST', '/verify/v1/widget/session/frames', { body: { frames: [SELFIE.toString('base64')] }, headers });
    if (liveness.body?.data?.redirect_url) return new URL(liveness.body.data.redirect_url).searchParams;
    const doc = await svc.http('POST', '/verify/v1/widget/session/document', { body: { image: DOCUMENT.toString('base64') }, headers });
    expect(doc.body?.data?.redirect_url, doc.text).toBeDefined();
    return new URL(doc.body.data.redirect_url).searchParams;
  }

  /** A facial session decided by the server from one frame; its callback parameters. */
  async function facialOnServer(key: string) {
    const i = await init(svc, key, { verification_mode: 'facial' });
    const s = await startWidget(svc, i.body.data.token);
    const frames = await svc.http('POST', '/verify/v1/widget/session/frames', {
      body: { frames: [SELFIE.toString('base64')] },
      headers: { 'x-widget-session': s.body.data.widget_session },
    });
    expect(frames.body?.data?.redirect_url, frames.text).toBeDefined();
    return new URL(frames.body.data.redirect_url).searchParams;
  }

  it('billing ledger: the 101st Verification, in flight when the credit ran out, is absorbed at 0; a top-up of 2 then gives exactly 2', async () => {
    const t = await svc.createTenant('free');
    await seedUsage(svc, t, 'verification', 99);
    const a = await documentInFlight(t.secret_key);
    const b = await documentInFlight(t.secret_key); // admitted beside a: one unit looked free to both
    expect((await finishDocument(a)).get('status')).toBe('success'); // the 100th: the last unit of the credit
    expect((await finishDocument(b)).get('status')).toBe('success'); // the 101st finishes all the same (spec §7.2)
    svc.clock.advance(1100);
    expect((await init(svc, t.secret_key, { verification_mode: 'document' })).body.error.code).toBe('ALLOWANCE_EXHAUSTED');
    expect(await ledgerLine(t.tenant_id, 'verification')).toEqual({
      kind: 'verification',
      count: 101,
      included: 100,
      top_up: 0,
      metered: 0,
      absorbed: 1,
      amount_cents: 0,
    });

    await svc.admin('PATCH', `/admin/v1/tenants/${t.tenant_id}`, { top_up_verifications: 2 });
    for (let i = 0; i < 2; i++) expect((await finishDocument(await documentInFlight(t.secret_key))).get('status')).toBe('success');
    svc.clock.advance(1100);
    expect((await init(svc, t.secret_key, { verification_mode: 'document' })).body.error.code).toBe('ALLOWANCE_EXHAUSTED');
    expect(await ledgerLine(t.tenant_id, 'verification')).toEqual({
      kind: 'verification',
      count: 103,
      included: 102,
      top_up: 2,
      metered: 0,
      absorbed: 1,
      amount_cents: 0,
    });
  });

  it('billing ledger: a budget on a free or basic plan is refused naming the field; init is unaffected; metered plans take one', async () => {
    const free = await svc.createTenant('free');
    const refused = await svc.http('PATCH', `/admin/v1/tenants/${free.tenant_id}`, {
      body: { monthly_budget_cents: 0 },
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('REQUEST_INVALID');
    expect(refused.body.error.details.fields).toEqual([
      { loc: ['body', 'monthly_budget_cents'], msg: expect.stringContaining('starter, growth and scale'), type: 'plan' },
    ]);
    expect((await init(svc, free.secret_key)).status).toBe(200);

    const starter = await svc.createTenant('starter');
    await svc.admin('PATCH', `/admin/v1/tenants/${starter.tenant_id}`, { monthly_budget_cents: 0 });
    const downgrade = await svc.http('PATCH', `/admin/v1/tenants/${starter.tenant_id}`, {
      body: { plan: 'basic' },
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    });
    expect(downgrade.status).toBe(400);
    expect(downgrade.body.error.details.fields[0].loc).toEqual(['body', 'monthly_budget_cents']);
    expect(await svc.admin('GET', `/admin/v1/tenants/${starter.tenant_id}`)).toMatchObject({ plan: 'starter', monthly_budget_cents: 0 });
    expect((await init(svc, starter.secret_key)).body.error.code).toBe('BUDGET_EXCEEDED'); // a metered plan honours it
    expect(await svc.admin('PATCH', `/admin/v1/tenants/${starter.tenant_id}`, { plan: 'basic', monthly_budget_cents: null })).toMatchObject({
      plan: 'basic',
      monthly_budget_cents: null,
    });
    svc.clock.advance(1100);
    expect((await init(svc, starter.secret_key)).status).toBe(200);
  });

  it('billing ledger: a blacklist_match decision bills one Check on the server-side face path, one Verification on the document path', async () => {
    const t = await svc.createTenant('starter');
    // Every face is now the same person to core (the blacklist is this account's only: other tests are unaffected).
    node.embeddingModel = readFaceMatchPolicy(testConfig().modelsManifest).model;
    const first = await facialOnServer(t.secret_key);
    expect(first.get('status')).toBe('success');
    const listed = await svc.http('POST', '/verify/v1/blacklist/session', {
      body: { session_token: first.get('token'), reason: 'chargeback fraud' },
      headers: { 'x-api-key': t.secret_key },
    });
    expect(listed.status, listed.text).toBe(202);
    expect((await facialOnServer(t.secret_key)).get('status')).toBe('failed');
    expect((await finishDocument(await documentInFlight(t.secret_key))).get('status')).toBe('failed');
    const reasons = await sql(svc, `select reason from sessions where project_id = $1 and reason is not null order by created_at`, [t.project_id]);
    expect(reasons.map((r) => r.reason)).toEqual(['blacklist_match', 'blacklist_match']);
    expect(await ledgerLine(t.tenant_id, 'check')).toMatchObject({ count: 2, included: 2 });
    expect(await ledgerLine(t.tenant_id, 'verification')).toMatchObject({ count: 1, included: 1 });
  });

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
      { kind: 'check', count: 1, included: 1, top_up: 0, metered: 0, absorbed: 0, amount_cents: 0 },
      { kind: 'verification', count: 0, included: 0, top_up: 0, metered: 0, absorbed: 0, amount_cents: 0 },
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
