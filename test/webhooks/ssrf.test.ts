import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestService, TEST_ADMIN_TOKEN, type TestService } from '../src/index.ts';
import { createEndpoint, deliveriesOf, productionOverrides, waitForDeliveries } from './support/webhooks.ts';

/**
 * RELIABILITY C-WH-11 over HTTP with NODE_ENV=production: the webhook URL policy (https only, no
 * internal address, whether written as a name, an IPv4 literal or an IPv6 form carrying one)
 * holds at registration and at every delivery. The receiver is a real HTTP server on 127.0.0.1
 * that counts TCP connections, so "nothing was delivered" means not even a TLS handshake reached it.
 */
describe.each(BACKENDS)('webhook URL policy in production on $name', (backend) => {
  let svc: TestService;
  let tenant: Awaited<ReturnType<TestService['createTenant']>>;
  const receiver = { server: http.createServer((_q, s) => s.end('ok')), connections: 0, sockets: new Set<Socket>(), port: 0 };

  beforeAll(async () => {
    receiver.server.on('connection', (s) => {
      receiver.connections++;
      receiver.sockets.add(s);
    });
    await new Promise<void>((r) => receiver.server.listen(0, '127.0.0.1', r));
    receiver.port = (receiver.server.address() as AddressInfo).port;
    svc = await startTestService(backend, { ...productionOverrides(backend), WEBHOOK_POLL_MS: '10' });
    tenant = await svc.createTenant('starter');
  });
  afterAll(async () => {
    await svc?.core.container.webhooks.dispatcher().stop();
    await svc?.close();
    for (const s of receiver.sockets) s.destroy();
    await new Promise<void>((r) => receiver.server.close(() => r()));
  });

  const register = (url: string) =>
    svc.http('POST', '/admin/v1/webhooks', { body: { tenant_id: tenant.tenant_id, url }, headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });

  it('C-WH-11: registration refuses http, internal IP literals, IPv6 forms that embed an internal IPv4, and names that resolve inside', async () => {
    const p = receiver.port;
    const refused: [string, string][] = [
      [`http://127.0.0.1:${p}/hook`, 'WEBHOOK_URL_INVALID'],
      [`http://localhost:${p}/hook`, 'WEBHOOK_URL_INVALID'],
      [`https://127.0.0.1:${p}/hook`, 'WEBHOOK_URL_FORBIDDEN'],
      [`https://[::1]:${p}/hook`, 'WEBHOOK_URL_FORBIDDEN'],
      [`https://[::127.0.0.1]:${p}/hook`, 'WEBHOOK_URL_FORBIDDEN'],
      [`https://[::ffff:127.0.0.1]:${p}/hook`, 'WEBHOOK_URL_FORBIDDEN'],
      [`https://[::ffff:a9fe:a9fe]/latest/meta-data`, 'WEBHOOK_URL_FORBIDDEN'],
      [`https://[64:ff9b::10.0.0.1]/hook`, 'WEBHOOK_URL_FORBIDDEN'],
      [`https://[2002:c0a8:101::1]/hook`, 'WEBHOOK_URL_FORBIDDEN'],
      [`https://[2001:0:808:808::80ff:fffe]/hook`, 'WEBHOOK_URL_FORBIDDEN'],
      [`https://169.254.169.254/latest/meta-data`, 'WEBHOOK_URL_FORBIDDEN'],
      [`https://localhost:${p}/hook`, 'WEBHOOK_URL_FORBIDDEN'],
    ];
    for (const [url, code] of refused) {
      const res = await register(url);
      expect({ url, status: res.status, code: res.body?.error?.code }).toEqual({ url, status: 400, code });
    }
    expect((await svc.admin('GET', `/admin/v1/webhooks?tenant_id=${tenant.tenant_id}`)).webhooks).toEqual([]);
  });

  it('C-WH-11: at send time a stored URL the policy refuses gets nothing: one failed attempt with its reason, never retried, the endpoint disabled', async () => {
    const p = receiver.port;
    // URLs that registration refuses, as they could still be stored: registered under the
    // development rules before the service ran in production, or written by a restore. Each
    // endpoint is registered with a public literal (no DNS needed) and its row then rewritten,
    // before any dispatcher runs, so nothing is ever sent to the public address.
    const stored: [string, string][] = [
      [`http://127.0.0.1:${p}/hook`, 'url_refused'],
      [`https://127.0.0.1:${p}/hook`, 'ssrf_blocked'],
      [`https://[::ffff:127.0.0.1]:${p}/hook`, 'ssrf_blocked'],
      [`https://[::127.0.0.1]:${p}/hook`, 'ssrf_blocked'],
      [`https://localhost:${p}/hook`, 'ssrf_blocked'], // a name: refused by the lookup at connect time
    ];
    const cases: { id: string; eventId: string; url: string; error: string }[] = [];
    for (const [url, error] of stored) {
      const ep = await createEndpoint(svc, { tenant_id: tenant.tenant_id, url: 'https://8.8.8.8/never-contacted' });
      await svc.database.db.execute(sql`update webhook_endpoints set url = ${url} where id = ${ep.id}`);
      expect((await svc.admin('GET', `/admin/v1/webhooks/${ep.id}`)).url).toBe(url);
      const eventId = (await svc.admin('POST', `/admin/v1/webhooks/${ep.id}/test`)).event_id as string;
      cases.push({ id: ep.id, eventId, url, error });
    }
    await svc.core.container.webhooks.dispatcher().start();

    for (const c of cases) {
      const [delivery] = await waitForDeliveries(svc, c.id, (list) => list[0]?.status === 'failed');
      expect({ url: c.url, event: delivery.event_id, attempts: delivery.attempts }).toEqual({
        url: c.url,
        event: c.eventId,
        attempts: [expect.objectContaining({ number: 1, outcome: 'failure', status_code: null, error: c.error })],
      });
      expect(await svc.admin('GET', `/admin/v1/webhooks/${c.id}`)).toMatchObject({ enabled: false, disabled_reason: 'target_refused' });
    }
    const notes = (await svc.admin('GET', `/admin/v1/tenants/${tenant.tenant_id}/webhook-notifications`)).notifications as { type: string; event_id: string }[];
    for (const c of cases) {
      expect(notes.filter((n) => n.event_id === c.eventId).map((n) => n.type)).toEqual(expect.arrayContaining(['endpoint.disabled', 'delivery.refused']));
    }

    // Not retried: a day later (past every retry of the schedule) each delivery still has one attempt.
    svc.clock.advance(86_400_000);
    svc.core.container.webhooks.dispatcher().wake();
    await new Promise((r) => setTimeout(r, 300));
    for (const c of cases) expect((await deliveriesOf(svc, c.id))[0].attempts).toHaveLength(1);
    // Enabling applies the registration rules again, so a refused URL cannot be switched back on.
    const enable = await svc.http('POST', `/admin/v1/webhooks/${cases[1].id}/enable`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
    expect({ status: enable.status, code: enable.body?.error?.code }).toEqual({ status: 400, code: 'WEBHOOK_URL_FORBIDDEN' });
    expect(receiver.connections).toBe(0);
  });
});
