import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runAdmin } from '@idgate/deploy';
import { BACKENDS, pathA, startTestService, TEST_ADMIN_TOKEN, tokenFromRedirect, type TestService } from '../src/index.ts';
import { Receiver } from './support/receiver.ts';
import { createEndpoint, rawData, stripeVerify, waitForDeliveries } from './support/webhooks.ts';

/**
 * Outbound webhooks against a real HTTP receiver (spec §6, RELIABILITY §4, docs/webhooks.md). The
 * dispatcher runs inside core as in production; the manual clock drives signature timestamps.
 */
describe.each(BACKENDS)('webhook delivery on $name', (backend) => {
  let svc: TestService;
  let receiver: Receiver;
  let tenant: Awaited<ReturnType<TestService['createTenant']>>;
  let main: { id: string; secret: string };
  let alias: { id: string; secret: string };
  let pinned: { id: string; secret: string };
  let resultToken = '';
  let delivered = '';

  beforeAll(async () => {
    svc = await startTestService(backend);
    receiver = await Receiver.start();
    await svc.core.container.webhooks.dispatcher().start();
    tenant = await svc.createTenant('starter');
    main = await createEndpoint(svc, { tenant_id: tenant.tenant_id, url: `${receiver.url}/main` });
    alias = await createEndpoint(svc, { tenant_id: tenant.tenant_id, url: `${receiver.url}/alias`, events: ['session.completed'] });
    pinned = await createEndpoint(svc, { tenant_id: tenant.tenant_id, url: `${receiver.url}/pinned`, events: ['session.success'], api_version: '2024-01-01' });
  });
  afterAll(async () => {
    await svc?.core.container.webhooks.dispatcher().stop();
    await receiver?.close();
    await svc?.close();
  });

  const at = (path: string, eventId: string) => receiver.requests.filter((r) => r.path === path && r.headers['x-service-delivery'] === eventId);

  it('C-WH-1: session.success reaches the endpoint signed, in the envelope, with data byte-identical to the result record', async () => {
    const { verdict } = await pathA(svc, tenant.secret_key);
    const completedAt = svc.clock.now();
    await receiver.waitFor(() => receiver.requests.some((r) => r.path === '/main' && r.headers['x-service-event'] === 'session.success'));
    const req = receiver.requests.find((r) => r.path === '/main' && r.headers['x-service-event'] === 'session.success')!;
    const event = stripeVerify(req.raw, req.headers['x-service-signature'], main.secret, svc.clock.now().getTime());
    expect(Object.keys(JSON.parse(req.raw))).toEqual(['id', 'type', 'api_version', 'created', 'data']);
    expect(event).toMatchObject({ type: 'session.success', api_version: '2026-11-01', created: Math.floor(completedAt.getTime() / 1000) });
    expect(event.id).toMatch(/^evt_[A-Za-z0-9_-]{22,}$/); // at least 128 bits (DESIGN)
    expect(req.headers['x-service-delivery']).toBe(event.id);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['user-agent']).toMatch(/^idgate-webhooks\//);
    expect(String(req.headers['x-service-signature'])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    // The envelope wraps the stored outbox payload verbatim (never re-serialised)...
    const stored = (await svc.database.db.execute(sql`select payload from outbox_events where id = ${event.id}`)) as unknown as { rows: { payload: string }[] };
    expect(rawData(req.raw)).toBe(stored.rows[0].payload);
    resultToken = tokenFromRedirect(verdict.body.data.redirect_url);
    delivered = req.raw;
  });

  it("spec §2.5: the delivered data is byte-identical to the result endpoint's data", async () => {
    // Fails until core serialises `checks` in a fixed key order: the outbox payload is built from
    // the in-memory row, the result endpoint from the jsonb column (Postgres reorders jsonb keys).
    const result = await svc.http('GET', `/verify/v1/result/${resultToken}`, { headers: { 'x-api-key': tenant.secret_key } });
    expect(result.status).toBe(200);
    expect(rawData(delivered)).toBe(result.text.slice('{"success":true,"data":'.length, -1));
  });

  it('the legacy alias session.completed gets the pass event under that name; a pinned endpoint gets its version', async () => {
    await receiver.waitFor(() => receiver.requests.some((r) => r.path === '/alias') && receiver.requests.some((r) => r.path === '/pinned'));
    const viaMain = receiver.requests.find((r) => r.path === '/main' && r.headers['x-service-event'] === 'session.success')!;
    const eventId = String(viaMain.headers['x-service-delivery']);
    const [a] = at('/alias', eventId);
    expect(a.headers['x-service-event']).toBe('session.completed');
    expect(stripeVerify(a.raw, a.headers['x-service-signature'], alias.secret, svc.clock.now().getTime())).toMatchObject({
      id: eventId,
      type: 'session.completed',
    });
    expect(rawData(a.raw)).toBe(rawData(viaMain.raw));
    const [p] = at('/pinned', eventId);
    expect(JSON.parse(p.raw)).toMatchObject({ id: eventId, type: 'session.success', api_version: '2024-01-01' });
  });

  it("C-WH-13: the pinned version is in a header too, equal to the envelope's api_version", async () => {
    const viaMain = receiver.requests.find((r) => r.path === '/main' && r.headers['x-service-event'] === 'session.success')!;
    const [p] = at('/pinned', String(viaMain.headers['x-service-delivery']));
    expect(p.headers['x-service-api-version']).toBe('2024-01-01');
    expect(viaMain.headers['x-service-api-version']).toBe('2026-11-01');
  });

  it("an endpoint without a pin carries its project's version; unsubscribed events are not sent", async () => {
    const project = await svc.admin('POST', `/admin/v1/tenants/${tenant.tenant_id}/projects`, { name: 'Old site', api_version: '2025-05-05' });
    const ep = await createEndpoint(svc, { tenant_id: tenant.tenant_id, project_id: project.project_id, url: `${receiver.url}/old-site` });
    const { widgetSession } = await pathA(svc, project.secret_key, { ages: [19, 20, 19, 21, 20], verdict: 'undecided' });
    await svc.http('POST', '/verify/v1/widget/session/cancel', { headers: { 'x-widget-session': widgetSession } });
    await receiver.waitFor(() => receiver.requests.some((r) => r.path === '/old-site'));
    const req = receiver.requests.find((r) => r.path === '/old-site')!;
    expect(stripeVerify(req.raw, req.headers['x-service-signature'], ep.secret, svc.clock.now().getTime())).toMatchObject({
      type: 'session.canceled',
      api_version: '2025-05-05',
    });
    expect(JSON.parse(rawData(req.raw))).toMatchObject({ status: 'canceled', verified: false });
    // The first project's endpoints belong to another project: nothing for them.
    expect(at('/main', String(req.headers['x-service-delivery']))).toHaveLength(0);
  });

  it('webhook test (the dashboard button) sends a test event with { message } now', async () => {
    const r = await runAdmin(['webhook', 'test', '--id', main.id, '--json'], { BASE_URL: svc.url, ADMIN_TOKEN: TEST_ADMIN_TOKEN });
    expect(r.exitCode).toBe(0);
    const { event_id } = r.output as { event_id: string };
    expect(event_id).toMatch(/^evt_/);
    await receiver.waitFor(() => at('/main', event_id).length > 0);
    const [req] = at('/main', event_id);
    const event = stripeVerify(req.raw, req.headers['x-service-signature'], main.secret, svc.clock.now().getTime());
    expect(event).toMatchObject({ id: event_id, type: 'test', api_version: '2026-11-01', data: { message: expect.any(String) } });
    expect(Object.keys(event.data as object)).toEqual(['message']);
    expect(req.headers['x-service-event']).toBe('test');
  });

  it('C-WH-3: during a rotation overlap both secrets sign; after it only the new one', async () => {
    const rotated = await svc.admin('POST', `/admin/v1/webhooks/${main.id}/rotate-secret`, { overlap_seconds: 3600 });
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(main.secret);
    const { event_id } = await svc.admin('POST', `/admin/v1/webhooks/${main.id}/test`);
    await receiver.waitFor(() => at('/main', event_id).length > 0);
    const [req] = at('/main', event_id);
    expect(String(req.headers['x-service-signature'])).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    for (const secret of [main.secret, rotated.secret])
      expect(stripeVerify(req.raw, req.headers['x-service-signature'], secret, svc.clock.now().getTime())).toMatchObject({ id: event_id });

    svc.clock.advance(3601_000);
    const second = await svc.admin('POST', `/admin/v1/webhooks/${main.id}/test`);
    await receiver.waitFor(() => at('/main', second.event_id).length > 0);
    const [after] = at('/main', second.event_id);
    expect(String(after.headers['x-service-signature'])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() => stripeVerify(after.raw, after.headers['x-service-signature'], main.secret, svc.clock.now().getTime())).toThrow();
    expect(stripeVerify(after.raw, after.headers['x-service-signature'], rotated.secret, svc.clock.now().getTime())).toMatchObject({ id: second.event_id });
    main = { id: main.id, secret: rotated.secret };
  });

  it('the admin API and CLI list endpoints, deliveries with attempts, and toggle endpoints', async () => {
    const env = { BASE_URL: svc.url, ADMIN_TOKEN: TEST_ADMIN_TOKEN };
    const list = await runAdmin(['webhook', 'list', '--tenant', tenant.tenant_id], env);
    expect((list.output as { webhooks: { id: string }[] }).webhooks.map((w) => w.id)).toEqual(expect.arrayContaining([main.id, alias.id, pinned.id]));
    expect(JSON.stringify(list.output)).not.toContain('whsec_');
    const deliveries = await waitForDeliveries(svc, main.id, (d) => d.every((x) => x.status === 'delivered'));
    expect(deliveries.length).toBeGreaterThanOrEqual(3);
    expect(deliveries[0].attempts[0]).toMatchObject({ number: 1, outcome: 'success', status_code: 200, error: null });
    const cli = await runAdmin(['webhook', 'deliveries', '--id', main.id, '--limit', '2'], env);
    expect((cli.output as { deliveries: unknown[] }).deliveries).toHaveLength(2);
    const off = await runAdmin(['webhook', 'disable', '--id', alias.id], env);
    expect(off.output).toMatchObject({ id: alias.id, enabled: false, disabled_reason: 'manual' });
    const refused = await runAdmin(['webhook', 'test', '--id', alias.id], env);
    expect(refused.output).toMatchObject({ error: { code: 'WEBHOOK_ENDPOINT_DISABLED' } });
    const on = await runAdmin(['webhook', 'enable', '--id', alias.id], env);
    expect(on.output).toMatchObject({ enabled: true, disabled_reason: null, consecutive_failures: 0 });
  });

  it('refuses bad endpoints: scheme, events, version, unknown tenant', async () => {
    const bad = async (body: Record<string, unknown>) =>
      (await svc.http('POST', '/admin/v1/webhooks', { body, headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } })).body.error?.code;
    expect(await bad({ tenant_id: tenant.tenant_id, url: 'http://shop.example/hook' })).toBe('WEBHOOK_URL_INVALID');
    expect(await bad({ tenant_id: tenant.tenant_id, url: 'https://user:pw@shop.example/hook' })).toBe('WEBHOOK_URL_INVALID');
    expect(await bad({ tenant_id: tenant.tenant_id, url: 'https://shop.example/hook', events: ['session.done'] })).toBe('WEBHOOK_EVENTS_INVALID');
    expect(await bad({ tenant_id: tenant.tenant_id, url: 'https://shop.example/hook', api_version: 'latest' })).toBe('REQUEST_INVALID');
    expect(await bad({ tenant_id: tenant.tenant_id, url: 'https://shop.example/hook', api_version: '2025-13-45' })).toBe('REQUEST_INVALID'); // the shape of a date, not a day
    expect(await bad({ tenant_id: 'ten_nobody', url: 'https://shop.example/hook' })).toBe('TENANT_NOT_FOUND');
    expect(await bad({ tenant_id: tenant.tenant_id, project_id: 'prj_other', url: 'https://shop.example/hook' })).toBe('PROJECT_NOT_FOUND');
    expect((await svc.http('POST', '/admin/v1/webhooks', { body: { tenant_id: tenant.tenant_id, url: 'https://shop.example' } })).status).toBe(401);
    const wrong = await svc.http('POST', '/admin/v1/webhooks', {
      body: { tenant_id: tenant.tenant_id, url: 'https://shop.example' },
      headers: { authorization: 'Bearer not-the-token' },
    });
    expect([wrong.status, wrong.body.error.code, wrong.headers.get('www-authenticate')]).toEqual([401, 'ADMIN_AUTH_REQUIRED', 'Bearer realm="idgate-admin"']);
    // The scheme is case-insensitive (RFC 7235 §2.1).
    expect(
      (await svc.http('GET', `/admin/v1/webhooks?tenant_id=${tenant.tenant_id}`, { headers: { authorization: `bearer ${TEST_ADMIN_TOKEN}` } })).status,
    ).toBe(200);
  });
});
