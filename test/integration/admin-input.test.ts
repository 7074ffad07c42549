import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestService, TEST_ADMIN_TOKEN, type TestService } from '../src/index.ts';
import { sql } from '../src/document-flows.ts';

/** The reuse policy of path D a project has until it sets one (docs/decisions/service-ids.md). */
const PATH_D_DEFAULTS = { token_methods: ['document', 'wallet', 'facial_estimate'], token_max_age_days: 365 };

/**
 * What the admin API and the project settings take (docs/operations.md "Admin API and CLI",
 * docs/verify-api.md "Project rules"), over HTTP on every backend: every number has a range
 * that fits the proto type carrying it, so nothing wraps on the way to core; settings change
 * only the fields a request names.
 */
describe.each(BACKENDS)('admin input and project settings on $name', (backend) => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService(backend);
  });
  afterAll(() => svc?.close());

  const admin = (method: string, path: string, body?: unknown) => svc.http(method, path, { body, headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
  const topUps = async (tenantId: string) =>
    (await sql(svc, 'select top_up_checks, top_up_verifications from accounts where id = $1', [tenantId]))[0] as {
      top_up_checks: number;
      top_up_verifications: number;
    };

  /** 400 REQUEST_INVALID whose field list names `loc` and no other field (a value may break several of its rules). */
  function expectRefused(r: { status: number; body: any; text: string }, loc: string[]) {
    expect(r.status, r.text).toBe(400);
    expect(r.body.error.code).toBe('REQUEST_INVALID');
    expect([...new Set(r.body.error.details.fields.map((f: { loc: string[] }) => f.loc.join('.')))]).toEqual([loc.join('.')]);
  }

  it('admin numbers wrap no more: a top-up or budget out of range answers 400 naming the field, and the account stays as it was', async () => {
    const t = await svc.createTenant('starter');
    const before = { account: await svc.admin('GET', `/admin/v1/tenants/${t.tenant_id}`), topUps: await topUps(t.tenant_id) };
    for (const [body, field] of [
      [{ top_up_checks: 4_294_967_396 }, 'top_up_checks'], // 2^32 + 100: landed as 100 through the int32 field
      [{ top_up_checks: 2_147_483_648 }, 'top_up_checks'],
      [{ top_up_verifications: -1 }, 'top_up_verifications'],
      [{ top_up_verifications: 1.5 }, 'top_up_verifications'],
      [{ monthly_budget_cents: 9_007_199_254_740_992 }, 'monthly_budget_cents'],
      [{ monthly_budget_cents: -5 }, 'monthly_budget_cents'],
    ] as const)
      expectRefused(await admin('PATCH', `/admin/v1/tenants/${t.tenant_id}`, body), ['body', field]);
    expect(await svc.admin('GET', `/admin/v1/tenants/${t.tenant_id}`)).toEqual(before.account);
    expect(await topUps(t.tenant_id)).toEqual(before.topUps);

    // In range, but the account's total of bought units would pass the int32 column: refused by core, by field.
    await svc.admin('PATCH', `/admin/v1/tenants/${t.tenant_id}`, { top_up_checks: 100 });
    expectRefused(await admin('PATCH', `/admin/v1/tenants/${t.tenant_id}`, { top_up_checks: 2_147_483_647 }), ['body', 'top_up_checks']);
    expect(
      await svc.admin('PATCH', `/admin/v1/tenants/${t.tenant_id}`, { top_up_checks: 2_147_483_547, monthly_budget_cents: 9_007_199_254_740_991 }),
    ).toMatchObject({
      monthly_budget_cents: 9_007_199_254_740_991,
    });
    expect(await topUps(t.tenant_id)).toEqual({ top_up_checks: 2_147_483_647, top_up_verifications: 0 });
  });

  it('admin numbers: parallel top-ups all count', async () => {
    const t = await svc.createTenant('free');
    const answers = await Promise.all(Array.from({ length: 8 }, () => admin('PATCH', `/admin/v1/tenants/${t.tenant_id}`, { top_up_verifications: 3 })));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(await topUps(t.tenant_id)).toEqual({ top_up_checks: 0, top_up_verifications: 24 });
  });

  it('admin numbers: webhook overlap_seconds, the deliveries and notifications limit and the screening threshold are checked by field', async () => {
    const t = await svc.createTenant('starter');
    const hook = await svc.admin('POST', '/admin/v1/webhooks', { tenant_id: t.tenant_id, url: 'https://hooks.example/admin-input' });
    expectRefused(await admin('POST', `/admin/v1/webhooks/${hook.id}/rotate-secret`, { overlap_seconds: 604_801 }), ['body', 'overlap_seconds']);
    expectRefused(await admin('POST', '/admin/v1/screening/check', { name: 'Someone', threshold: 1.5 }), ['body', 'threshold']);
    // Deliveries limit: 1 to 100, as documented; a larger one is refused, never cut to 100 unsaid.
    for (const limit of ['0', '101', '999', '1000', 'ten'])
      expectRefused(await admin('GET', `/admin/v1/webhooks/${hook.id}/deliveries?limit=${limit}`), ['query', 'limit']);
    expectRefused(await admin('GET', `/admin/v1/tenants/${t.tenant_id}/webhook-notifications?limit=999`), ['query', 'limit']);
    for (const limit of ['1', '100']) expect((await admin('GET', `/admin/v1/webhooks/${hook.id}/deliveries?limit=${limit}`)).status).toBe(200);
  });

  it('partial settings: a PUT of /verify/v1/rules with only one field leaves every other field as it was', async () => {
    const t = await svc.createTenant('starter');
    const rules = async (method: 'GET' | 'PUT', body?: Record<string, unknown>) => {
      const r = await svc.http(method, '/verify/v1/rules', { body, headers: { 'x-api-key': t.secret_key } });
      expect(r.status, r.text).toBe(200);
      return r.body.data;
    };
    const all = {
      content_category: 'gambling',
      restricted_countries: ['DE', 'FR'],
      default_list: false,
      server_side_checks: true,
      ...PATH_D_DEFAULTS,
    };
    expect(
      await rules('PUT', {
        content_category: 'gambling',
        restricted_countries: ['fr', 'de'],
        server_side_checks: true,
      }),
    ).toEqual(all);
    expect(await rules('PUT', {})).toEqual(all);
    expect(await rules('PUT', { content_category: 'adult' })).toEqual({ ...all, content_category: 'adult' });
    expect(await rules('PUT', { restricted_countries: ['US'] })).toEqual({ ...all, content_category: 'adult', restricted_countries: ['US'] });
    expect(await rules('PUT', { server_side_checks: false })).toEqual({
      content_category: 'adult',
      restricted_countries: ['US'],
      default_list: false,
      server_side_checks: false,
      ...PATH_D_DEFAULTS,
    });
    // null, not absence, goes back to the category's default list.
    expect(await rules('PUT', { restricted_countries: null })).toEqual({
      content_category: 'adult',
      restricted_countries: ['KR', 'US'],
      default_list: true,
      server_side_checks: false,
      ...PATH_D_DEFAULTS,
    });
    expect(await rules('PUT', { server_side_checks: true })).toEqual({
      content_category: 'adult',
      restricted_countries: ['KR', 'US'],
      default_list: true,
      server_side_checks: true,
      ...PATH_D_DEFAULTS,
    });
    expect(await rules('GET')).toEqual({
      content_category: 'adult',
      restricted_countries: ['KR', 'US'],
      default_list: true,
      server_side_checks: true,
      ...PATH_D_DEFAULTS,
    });
  });

  it('partial settings: two PUTs of different fields sent together both land', async () => {
    const t = await svc.createTenant('starter');
    const put = (body: Record<string, unknown>) => svc.http('PUT', '/verify/v1/rules', { body, headers: { 'x-api-key': t.secret_key } });
    const answers = await Promise.all([put({ content_category: 'alcohol' }), put({ server_side_checks: true }), put({ restricted_countries: ['NL'] })]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const now = await svc.http('GET', '/verify/v1/rules', { headers: { 'x-api-key': t.secret_key } });
    expect(now.body.data).toEqual({
      content_category: 'alcohol',
      restricted_countries: ['NL'],
      default_list: false,
      server_side_checks: true,
      ...PATH_D_DEFAULTS,
    });
  });
});
