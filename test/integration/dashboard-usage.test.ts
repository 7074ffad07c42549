import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox } from '@idgate/oauth';
import { BACKENDS } from '../src/backends.ts';
import { freePort } from '../oauth/browser.ts';
import { startTestService, type TestService } from '../src/harness.ts';
import { sql } from '../src/document-flows.ts';
import { DashboardClient, invitationLinkIn } from '../src/dashboard-client.ts';
import { init } from '../src/flows.ts';

const PASSWORD = 'correct horse battery';
const PRIVATE_USER_ID = 'user-4711-private@shop.example';

/**
 * Usage and billing and the sessions list in the dashboard (docs/dashboard.md "Usage and billing",
 * "Sessions") through HTTP: an owner's budget on a metered plan makes init answer 402 BUDGET_EXCEEDED once
 * spend reaches it, and the page says why; developers and reviewers are refused the budget by core;
 * another tenant's project reads as unknown; the sessions list pages by keyset and never shows the
 * tenant's user id or anything else personal.
 */
describe.each(BACKENDS)('dashboard usage and sessions on $name', (backend) => {
  let svc: TestService;
  let base: string;
  let tenant: { tenant_id: string; project_id: string; secret_key: string };
  let other: { tenant_id: string; project_id: string; secret_key: string };
  let owner: DashboardClient;
  let developer: DashboardClient;
  let reviewer: DashboardClient;
  const stamp = `${backend.name.replace(/\W/g, '').toLowerCase()}${Date.now()}`;
  const month = () => svc.clock.now().toISOString().slice(0, 7);
  const budgetOf = async () => {
    const [row] = (await sql(svc, 'select monthly_budget_cents from accounts where id = $1', [tenant.tenant_id])) as {
      monthly_budget_cents: string | number | null;
    }[];
    return row!.monthly_budget_cents === null ? null : Number(row!.monthly_budget_cents); // bigint: a string on Postgres
  };

  async function join(email: string): Promise<DashboardClient> {
    const client = new DashboardClient(base);
    const path = new URL(invitationLinkIn(devMailbox.lastTo(email)?.text)!).pathname;
    expect((await client.post(path, { password: PASSWORD })).status).toBe(303);
    return client;
  }

  /** `n` metered decisions of `cents` each this month, as the ledger records them (cheaper than real sessions). */
  async function spend(n: number, cents: number) {
    const repo = svc.core.container.repositories.billing;
    for (let i = 0; i < n; i++)
      await repo.insertOnce({
        id: `bil_seed_${stamp}_${cents}_${i}`,
        accountId: tenant.tenant_id,
        projectId: tenant.project_id,
        sessionId: null,
        idempotencyKey: `seed-${stamp}-${cents}-${i}`,
        kind: 'verification',
        month: month(),
        included: 0,
        paidFrom: 'metered',
        amountCents: cents,
        createdAt: svc.clock.now(),
      });
    svc.clock.advance(1100); // past init's one-second admission cache
  }

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    svc = await startTestService(backend, { PORT: String(port), BASE_URL: base });
    tenant = await svc.createTenant();
    other = await svc.createTenant();
    await svc.admin('PATCH', `/admin/v1/tenants/${tenant.tenant_id}`, { plan: 'starter' });
    const ownerEmail = `owner-${stamp}@shop.example`;
    await svc.admin('POST', `/admin/v1/tenants/${tenant.tenant_id}/team/owners`, { email: ownerEmail });
    owner = await join(ownerEmail);
    const csrf = await owner.csrf();
    await owner.post('/dashboard/team/invite', { csrf, email: `dev-${stamp}@shop.example`, role: 'developer' });
    await owner.post('/dashboard/team/invite', { csrf, email: `rev-${stamp}@shop.example`, role: 'reviewer' });
    developer = await join(`dev-${stamp}@shop.example`);
    reviewer = await join(`rev-${stamp}@shop.example`);
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
  });

  it("an owner's budget stops init with 402 BUDGET_EXCEEDED once spend reaches it, and the page says why", async () => {
    const csrf = await owner.csrf('/dashboard/usage');
    const page = await owner.get('/dashboard/usage');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Init admits new sessions now.');
    expect(page.html).toContain('action="/dashboard/usage/budget"');

    const set = await owner.post('/dashboard/usage/budget', { csrf, enabled: '1', budget: '4.00' });
    expect(set).toMatchObject({ status: 303, location: '/dashboard/usage?notice=budget' });
    expect(await budgetOf()).toBe(400);
    expect((await init(svc, tenant.secret_key)).status).toBe(200);

    await spend(5, 80); // 400 ¢: the budget is reached
    const refused = await init(svc, tenant.secret_key);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ error: { code: 'BUDGET_EXCEEDED' } });
    const why = await owner.get('/dashboard/usage');
    expect(why.html).toContain('New sessions are refused now.');
    expect(why.html).toContain('402 BUDGET_EXCEEDED');
    expect(why.html).toContain('This month&#39;s spend ($4.00) has reached the budget ($4.00)');

    // Raised: init admits again at once (the same process forgets its cached admission).
    await owner.post('/dashboard/usage/budget', { csrf, enabled: '1', budget: '10' });
    expect(await budgetOf()).toBe(1000);
    expect((await init(svc, tenant.secret_key)).status).toBe(200);
    expect((await owner.get('/dashboard/usage')).html).toContain('Init admits new sessions now.');

    const audit = (await owner.get('/dashboard/audit')).html;
    expect(audit).toContain('billing.budget_set');
    expect(audit).toContain('from_cents: 400');
    expect(audit).toContain('to_cents: 1000');
  });

  it('shows the month: billed decisions, spend, the allowance left; another month by the switcher', async () => {
    const page = (await owner.get('/dashboard/usage')).html;
    expect(page).toContain(`${month()} (this month)`);
    expect(page).toContain('$4.00'); // the spend seeded above
    expect(page).toContain('0 of 500'); // Verifications of the starter allowance used
    const past = await owner.get('/dashboard/usage?month=2026-01');
    expect(past.status).toBe(200);
    expect(past.html).toContain('Spend in 2026-01');
    expect((await owner.get('/dashboard/usage?month=2026-13')).status).toBe(400);
  });

  it('a developer cannot change the budget (403 from core, the account unchanged)', async () => {
    const before = await budgetOf();
    const page = await developer.get('/dashboard/usage');
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('action="/dashboard/usage/budget"');
    const csrf = await developer.csrf('/dashboard/usage');
    const refused = await developer.post('/dashboard/usage/budget', { csrf, enabled: '0' });
    expect(refused.status).toBe(403);
    expect(refused.html).toContain('Your role in this team does not allow this action');
    expect(await budgetOf()).toBe(before);
  });

  it('a reviewer sees usage but no budget form, and is refused a budget change', async () => {
    const before = await budgetOf();
    const page = await reviewer.get('/dashboard/usage');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Usage and billing');
    expect(page.html).not.toContain('action="/dashboard/usage/budget"');
    expect(page.html).toContain('Only an owner can change the budget.');
    const csrf = await reviewer.csrf('/dashboard/usage');
    expect((await reviewer.post('/dashboard/usage/budget', { csrf, enabled: '1', budget: '0' })).status).toBe(403);
    expect(await budgetOf()).toBe(before);
  });

  it('refuses bad budget input with a page, never a 500; switching off removes the budget', async () => {
    const csrf = await owner.csrf('/dashboard/usage');
    expect((await owner.post('/dashboard/usage/budget', { csrf, enabled: '1', budget: 'lots' })).status).toBe(400);
    expect((await owner.post('/dashboard/usage/budget', { csrf, enabled: '1', budget: '-5' })).status).toBe(400);
    expect((await owner.post('/dashboard/usage/budget', { csrf, enabled: '1', budget: '' })).status).toBe(400);
    expect((await owner.post('/dashboard/usage/budget', { csrf, enabled: '1', budget: '1.234' })).status).toBe(400);
    expect(await budgetOf()).toBe(1000);
    expect((await owner.post('/dashboard/usage/budget', { csrf, enabled: '0' })).location).toBe('/dashboard/usage?notice=budget-off');
    expect(await budgetOf()).toBeNull();
    expect((await owner.get('/dashboard/audit')).html).toContain('billing.budget_removed');
  });

  it('lists a project’s sessions newest first, 50 a page, with older and newer links, and no personal data', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 55; i++) {
      svc.clock.advance(1000);
      const r = await init(svc, tenant.secret_key, { user_id: PRIVATE_USER_ID });
      expect(r.status, r.text).toBe(200);
    }
    for (const r of (await sql(svc, 'select id from sessions where project_id = $1 order by created_at desc, id desc', [tenant.project_id])) as {
      id: string;
    }[])
      ids.push(r.id);
    await sql(svc, "update sessions set ip_country = 'DE' where project_id = $1", [tenant.project_id]);
    const [carried] = (await sql(svc, 'select * from sessions where id = $1', [ids[0]])) as Record<string, unknown>[];

    const first = await reviewer.get('/dashboard/sessions');
    expect(first.status).toBe(200);
    expect(first.html).toContain(ids[0]);
    expect(first.html).toContain(ids[49]);
    expect(first.html).not.toContain(ids[50]);
    expect(first.html).toContain('<td>DE</td>');
    expect(first.html).not.toContain('Newer sessions');
    // Nothing personal or secret that the session carries reaches the page.
    for (const v of [PRIVATE_USER_ID, carried!.callback_url, carried!.init_token_hash, carried!.result_token_hash, carried!.result_token_sealed])
      expect(first.html).not.toContain(String(v));
    expect(first.html).not.toContain('user-4711');

    const olderHref = /href="([^"]+)" rel="next"/.exec(first.html)![1]!.replace(/&amp;/g, '&');
    const older = await reviewer.get(olderHref);
    expect(older.html).toContain(ids[50]);
    expect(older.html).toContain(ids.at(-1));
    expect(older.html).not.toContain(ids[49]);
    expect(older.html).not.toContain('Older sessions');
    const newerHref = /href="([^"]+)" rel="prev"/.exec(older.html)![1]!.replace(/&amp;/g, '&');
    const newer = await reviewer.get(newerHref);
    expect(newer.html).toContain(ids[0]);
    expect(newer.html).toContain(ids[49]);
    expect(newer.html).not.toContain(ids[50]);
  });

  it('filters by status and date range; bad filters answer 400, never a 500', async () => {
    const [one] = (await sql(svc, 'select id from sessions where project_id = $1 order by created_at limit 1', [tenant.project_id])) as { id: string }[];
    await sql(svc, "update sessions set status = 'canceled', completed_at = created_at where id = $1", [one!.id]);
    const canceled = await owner.get(`/dashboard/sessions?project=${tenant.project_id}&status=canceled`);
    expect(canceled.html).toContain(one!.id);
    expect(canceled.html.match(/<code>ses_/g) ?? []).toHaveLength(1);
    const today = svc.clock.now().toISOString().slice(0, 10);
    expect((await owner.get(`/dashboard/sessions?status=canceled&from=${today}&to=${today}`)).html).toContain(one!.id);
    expect((await owner.get('/dashboard/sessions?status=canceled&from=2020-01-01&to=2020-01-31')).html).toContain('No session matches.');
    expect((await owner.get(`/dashboard/sessions?from=${today}&to=${today}`)).html).toContain('Older sessions');
    for (const q of ['status=bogus', 'from=2026-02-30', 'from=2026-06-20&to=2026-06-01', 'before=not-a-cursor', 'to=yesterday'])
      expect((await owner.get(`/dashboard/sessions?${q}`)).status, q).toBe(400);
  });

  it("another tenant's project in the filter reads as unknown (404) and lists nothing of it", async () => {
    const r = await init(svc, other.secret_key, { user_id: 'other-tenant-user' });
    expect(r.status).toBe(200);
    const [theirs] = (await sql(svc, 'select id from sessions where project_id = $1', [other.project_id])) as { id: string }[];
    const page = await owner.get(`/dashboard/sessions?project=${other.project_id}`);
    expect(page.status).toBe(404);
    expect(page.html).not.toContain(theirs!.id);
    expect(page.html).not.toContain('other-tenant-user');
    expect((await owner.get('/dashboard/sessions')).html).not.toContain(other.project_id);
  });
});
