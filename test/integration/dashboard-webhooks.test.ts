import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox } from '@idgate/oauth';
import { BACKENDS } from '../src/backends.ts';
import { freePort } from '../oauth/browser.ts';
import { startTestService, type TestService } from '../src/harness.ts';
import { sql } from '../src/document-flows.ts';
import { DashboardClient, invitationLinkIn } from '../src/dashboard-client.ts';
import { Receiver } from '../webhooks/support/receiver.ts';
import { stripeVerify, waitForDeliveries } from '../webhooks/support/webhooks.ts';

const PASSWORD = 'correct horse battery';
const secretOn = (html: string) => /<code>(whsec_[\w-]+)<\/code>/.exec(html)?.[1];
const REVEAL = /^\/dashboard\/webhooks\/reveal\/[\w-]{32}$/;
const stampOf = (header: unknown) => Number(/t=(\d+)/.exec(String(header))![1]);

/**
 * Webhooks in the dashboard (docs/dashboard.md "Webhooks") through HTTP, with the process's dispatcher
 * running and a real receiver: a developer creates an endpoint (secret shown once), sends a test event
 * that arrives signed and shows in the delivery log; a receiver answering 500 is retried (the manual clock
 * moves to each retry) until 5 failures in a row disable the endpoint, shown with its cause; enabling it
 * and replaying delivers. Reviewers are refused by core, another tenant's endpoint reads as unknown, and
 * neither changes anything; the secret is never in a later page nor in the audit log.
 */
describe.each(BACKENDS)('dashboard webhooks on $name', (backend) => {
  let svc: TestService;
  let base: string;
  let receiver: Receiver;
  let tenant: { tenant_id: string; project_id: string };
  let other: { tenant_id: string; project_id: string };
  let developer: DashboardClient;
  let reviewer: DashboardClient;
  const secrets: string[] = [];
  let failing = false;
  const stamp = `${backend.name.replace(/\W/g, '').toLowerCase()}${Date.now()}`;

  async function join(email: string): Promise<DashboardClient> {
    const client = new DashboardClient(base);
    const path = new URL(invitationLinkIn(devMailbox.lastTo(email)?.text)!).pathname;
    expect((await client.post(path, { password: PASSWORD })).status).toBe(303);
    return client;
  }

  async function createEndpoint(path: string, form: Record<string, string> = { 'event:session.success': '1' }) {
    const csrf = await developer.csrf('/dashboard/webhooks');
    const posted = await developer.post(`/dashboard/webhooks/projects/${tenant.project_id}`, { csrf, url: `${receiver.url}${path}`, ...form });
    expect(posted.status).toBe(303);
    expect(posted.location).toMatch(REVEAL);
    const created = await developer.follow(posted);
    expect(created.status).toBe(200);
    const secret = secretOn(created.html)!;
    expect(secret).toMatch(/^whsec_/);
    secrets.push(secret);
    const [row] = (await sql(svc, 'select id from webhook_endpoints where url = $1', [`${receiver.url}${path}`])) as { id: string }[];
    return { id: row!.id, secret, csrf };
  }

  const endpointCount = async () => Number(((await sql(svc, 'select count(*)::int as n from webhook_endpoints')) as { n: number }[])[0]!.n);
  const endpointRows = () => sql(svc, 'select id, enabled, disabled_reason, consecutive_failures, events, secret_sealed from webhook_endpoints order by id');
  const deliveryRows = () => sql(svc, 'select id, status, attempt_count, next_attempt_at from webhook_deliveries order by id');

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    svc = await startTestService(backend, { PORT: String(port), BASE_URL: base, WEBHOOK_TIMEOUT_MS: '2000', WEBHOOK_POLL_MS: '10' });
    receiver = await Receiver.start();
    receiver.behaviour = (r) => ({ status: failing && r.path === '/down' ? 500 : 200 });
    await svc.core.container.webhooks.dispatcher().start();
    tenant = await svc.createTenant();
    other = await svc.createTenant();
    const ownerEmail = `owner-wh-${stamp}@shop.example`;
    await svc.admin('POST', `/admin/v1/tenants/${tenant.tenant_id}/team/owners`, { email: ownerEmail });
    const owner = await join(ownerEmail);
    const csrf = await owner.csrf();
    await owner.post('/dashboard/team/invite', { csrf, email: `dev-wh-${stamp}@shop.example`, role: 'developer' });
    await owner.post('/dashboard/team/invite', { csrf, email: `rev-wh-${stamp}@shop.example`, role: 'reviewer' });
    developer = await join(`dev-wh-${stamp}@shop.example`);
    reviewer = await join(`rev-wh-${stamp}@shop.example`);
  }, 60_000);
  afterAll(async () => {
    await svc?.core.container.webhooks.dispatcher().stop();
    await receiver?.close();
    await svc?.close();
  });

  it('creates an endpoint (secret once), and a test event arrives signed and shows in the delivery log', async () => {
    const page = await developer.get('/dashboard/webhooks');
    expect(page.status).toBe(200);
    expect(page.html).toContain('deprecated alias of session.success');
    const { id, secret, csrf } = await createEndpoint('/ok', { 'event:session.success': '1', 'event:session.completed': '1', api_version: '2026-01-01' });
    const list = await developer.get('/dashboard/webhooks');
    expect(list.html).toContain(`${receiver.url}/ok`);
    expect(list.html).toContain('<code>session.completed</code>');
    expect(list.html).toContain('2026-01-01');
    expect(list.html).not.toContain(secret);

    const sent = await developer.post(`/dashboard/webhooks/${id}/test`, { csrf });
    expect(sent).toMatchObject({ status: 303, location: `/dashboard/webhooks/${id}?notice=test` });
    const [delivery] = await waitForDeliveries(svc, id, (l) => l[0]?.status === 'delivered');
    const [req] = receiver.forEvent(delivery.event_id);
    expect(req!.headers['x-service-event']).toBe('test');
    const event = stripeVerify(req!.raw, req!.headers['x-service-signature'], secret, stampOf(req!.headers['x-service-signature']) * 1000);
    expect(event).toMatchObject({ id: delivery.event_id, type: 'test', api_version: '2026-01-01' });

    const log = await developer.get(`/dashboard/webhooks/${id}`);
    expect(log.status).toBe(200);
    expect(log.html).toContain(delivery.event_id);
    expect(log.html).toContain('Delivered');
    expect(log.html).toMatch(/HTTP 200 · \d+ ms/);
    expect(log.html).not.toContain(secret);
  });

  it('a receiver answering 500 is retried, disabled after 5 failures in a row with its cause; enabling and replaying delivers', async () => {
    const { id, csrf } = await createEndpoint('/down');
    failing = true;
    expect((await developer.post(`/dashboard/webhooks/${id}/test`, { csrf })).status).toBe(303);
    for (let n = 1; n <= 5; n++) {
      const [d] = await waitForDeliveries(svc, id, (l) => (l[0]?.attempts.length ?? 0) >= n);
      expect(d.attempts[n - 1]).toMatchObject({ number: n, outcome: 'failure', status_code: 500 });
      if (n < 5) {
        const log = await developer.get(`/dashboard/webhooks/${id}`);
        expect(log.html).toContain(`#${n} `);
        expect(log.html).toContain('HTTP 500');
        expect(log.html).toContain(`datetime="${d.next_attempt_at}"`); // the next retry
        svc.clock.set(new Date(Date.parse(d.next_attempt_at) + 1));
      }
    }
    await waitForDeliveries(svc, id, () => true);
    const [row] = (await sql(svc, 'select enabled, disabled_reason, consecutive_failures from webhook_endpoints where id = $1', [id])) as any[];
    expect(row).toMatchObject({ enabled: false, disabled_reason: 'consecutive_failures', consecutive_failures: 5 });
    const page = await developer.get('/dashboard/webhooks');
    expect(page.html).toContain('Disabled</span> — after consecutive failed deliveries (5 failed in a row)');
    const log = await developer.get(`/dashboard/webhooks/${id}`);
    expect(log.html).toContain('A disabled endpoint sends nothing and replays nothing');
    // A replay posted anyway is refused while disabled.
    const [d0] = await waitForDeliveries(svc, id, () => true);
    expect((await developer.post(`/dashboard/webhooks/${id}/replay`, { csrf, event_id: d0.event_id })).status).toBe(409);

    failing = false;
    expect(await developer.post(`/dashboard/webhooks/${id}/enable`, { csrf })).toMatchObject({ status: 303, location: '/dashboard/webhooks?notice=enabled' });
    const replayed = await developer.post(`/dashboard/webhooks/${id}/replay`, { csrf, since: '2026-01-01T00:00' });
    expect(replayed).toMatchObject({ status: 303, location: `/dashboard/webhooks/${id}?replayed=1` });
    const [done] = await waitForDeliveries(svc, id, (l) => l[0]?.status === 'delivered');
    expect(done.attempts.map((a: any) => a.outcome)).toEqual(['failure', 'failure', 'failure', 'failure', 'failure', 'success']);
    expect(receiver.forEvent(done.event_id)).toHaveLength(6);
    // Replaying one delivered event sends it once more, with the same id.
    expect((await developer.post(`/dashboard/webhooks/${id}/replay`, { csrf, event_id: done.event_id })).location).toBe(`/dashboard/webhooks/${id}?replayed=1`);
    await receiver.waitFor(() => receiver.forEvent(done.event_id).length === 7);
    expect((await developer.get('/dashboard/webhooks')).html).not.toContain('failed in a row)');
  });

  it('rotating the secret shows the new one once; both sign during the overlap', async () => {
    const { id, secret: old, csrf } = await createEndpoint('/rotate');
    const posted = await developer.post(`/dashboard/webhooks/${id}/rotate`, { csrf, overlap_hours: '24' });
    expect(posted.status).toBe(303);
    expect(posted.html).not.toContain('whsec_');
    expect(posted.location).toMatch(REVEAL);
    const sealed = await sql(svc, 'select secret_sealed from webhook_endpoints where id = $1', [id]);
    const rotated = await developer.follow(posted);
    expect(rotated.status).toBe(200);
    expect(rotated.html).toContain('The old secret keeps signing too until');
    const fresh = secretOn(rotated.html)!;
    secrets.push(fresh);
    expect(fresh).not.toBe(old);
    // A reload shows the page that says it was shown and rotates nothing.
    const reload = await developer.get(posted.location!);
    expect(reload.status).toBe(410);
    expect(reload.html).toContain('This signing secret was already shown');
    expect(reload.html).toContain('rotate the signing secret');
    expect(reload.html).not.toContain('whsec_');
    expect(await sql(svc, 'select secret_sealed from webhook_endpoints where id = $1', [id])).toEqual(sealed);
    await developer.post(`/dashboard/webhooks/${id}/test`, { csrf });
    const [d] = await waitForDeliveries(svc, id, (l) => l[0]?.status === 'delivered');
    const [req] = receiver.forEvent(d.event_id);
    const t = stampOf(req!.headers['x-service-signature']) * 1000;
    for (const s of [fresh, old]) expect(stripeVerify(req!.raw, req!.headers['x-service-signature'], s, t)).toMatchObject({ id: d.event_id });
    expect((await developer.get('/dashboard/webhooks')).html).not.toContain(fresh);
  });

  it('an endpoint secret is shown once on a GET page: a reload makes nothing; no other session reads it', async () => {
    const csrf = await developer.csrf('/dashboard/webhooks');
    const before = await endpointCount();
    const posted = await developer.post(`/dashboard/webhooks/projects/${tenant.project_id}`, {
      csrf,
      url: `${receiver.url}/once`,
      'event:session.success': '1',
    });
    expect(posted.status).toBe(303);
    expect(posted.html).not.toContain('whsec_');
    expect(await endpointCount()).toBe(before + 1);
    expect((await reviewer.get(posted.location!)).status).toBe(404);
    const id = posted.location!.split('/').at(-1)!;
    expect((await developer.get(`/dashboard/keys/reveal/${id}`)).status).toBe(404);
    const shown = await developer.get(posted.location!);
    expect(shown.status).toBe(200);
    const secret = secretOn(shown.html)!;
    expect(secret).toMatch(/^whsec_/);
    secrets.push(secret);
    const reload = await developer.get(posted.location!);
    expect(reload.status).toBe(410);
    expect(reload.html).toContain('This signing secret was already shown');
    expect(reload.html).not.toContain(secret);
    expect(await endpointCount()).toBe(before + 1);
    expect((await reviewer.get(posted.location!)).status).toBe(404);
  });

  it('two parallel GETs of one reveal page: exactly one sees the secret', async () => {
    const csrf = await developer.csrf('/dashboard/webhooks');
    const [{ id }] = (await sql(svc, 'select id from webhook_endpoints where url = $1', [`${receiver.url}/once`])) as { id: string }[];
    for (let round = 0; round < 5; round++) {
      const posted = await developer.post(`/dashboard/webhooks/${id}/rotate`, { csrf, overlap_hours: '0' });
      const pages = await Promise.all([developer.get(posted.location!), developer.get(posted.location!), developer.get(posted.location!)]);
      const seen = pages.map((p) => secretOn(p.html)).filter((x) => x !== undefined);
      expect(seen).toHaveLength(1);
      secrets.push(seen[0]!);
      expect(pages.map((p) => p.status).sort()).toEqual([200, 410, 410]);
    }
  });

  it('a reviewer is refused by core: no webhooks page or link, no action, nothing changed', async () => {
    const [ep] = (await sql(svc, 'select e.id from webhook_endpoints e join projects p on p.id = e.project_id where p.account_id = $1 limit 1', [
      tenant.tenant_id,
    ])) as { id: string }[];
    const before = [await endpointRows(), await deliveryRows()];
    expect((await reviewer.get('/dashboard/webhooks')).status).toBe(403);
    expect((await reviewer.get(`/dashboard/webhooks/${ep!.id}`)).status).toBe(403);
    expect((await reviewer.get('/dashboard/team')).html).not.toContain('/dashboard/webhooks');
    expect((await developer.get('/dashboard/team')).html).toContain('href="/dashboard/webhooks"');
    const csrf = await reviewer.csrf();
    for (const [path, form] of [
      [`/dashboard/webhooks/projects/${tenant.project_id}`, { url: `${receiver.url}/reviewer` }],
      [`/dashboard/webhooks/${ep!.id}/disable`, {}],
      [`/dashboard/webhooks/${ep!.id}/test`, {}],
      [`/dashboard/webhooks/${ep!.id}/rotate`, { overlap_hours: '0' }],
      [`/dashboard/webhooks/${ep!.id}/replay`, { since: '2026-01-01T00:00' }],
    ] as const) {
      const res = await reviewer.post(path, { csrf, ...form });
      expect(res.status, path).toBe(403);
      expect(res.html).toContain('Your role in this team does not allow this action');
    }
    expect([await endpointRows(), await deliveryRows()]).toEqual(before);
  });

  it("another tenant's endpoint reads as unknown (404) and nothing changes", async () => {
    const foreign = await svc.admin('POST', '/admin/v1/webhooks', { tenant_id: other.tenant_id, url: `${receiver.url}/other` });
    const eventId = (await svc.admin('POST', `/admin/v1/webhooks/${foreign.id}/test`)).event_id;
    await waitForDeliveries(svc, foreign.id, (l) => l[0]?.status === 'delivered');
    const before = [await endpointRows(), await deliveryRows()];
    const received = receiver.requests.length;
    const csrf = await developer.csrf('/dashboard/webhooks');
    expect((await developer.get(`/dashboard/webhooks/${foreign.id}`)).status).toBe(404);
    for (const [path, form] of [
      [`/dashboard/webhooks/${foreign.id}/disable`, {}],
      [`/dashboard/webhooks/${foreign.id}/test`, {}],
      [`/dashboard/webhooks/${foreign.id}/rotate`, { overlap_hours: '0' }],
      [`/dashboard/webhooks/${foreign.id}/replay`, { event_id: eventId }],
    ] as const) {
      const res = await developer.post(path, { csrf, ...form });
      expect(res.status, path).toBe(404);
      expect(res.html).not.toContain('whsec_');
    }
    // Another tenant's project is not a place to create one either.
    expect((await developer.post(`/dashboard/webhooks/projects/${other.project_id}`, { csrf, url: `${receiver.url}/x` })).status).toBe(404);
    expect((await developer.get('/dashboard/webhooks')).html).not.toContain(foreign.id);
    expect([await endpointRows(), await deliveryRows()]).toEqual(before);
    expect(receiver.requests.length).toBe(received);
  });

  it('refuses bad input with a page, never a 500', async () => {
    const csrf = await developer.csrf('/dashboard/webhooks');
    const post = (path: string, form: Record<string, string>) => developer.post(path, { csrf, ...form });
    expect((await post(`/dashboard/webhooks/projects/${tenant.project_id}`, { url: 'ftp://shop.example/x' })).status).toBe(400);
    expect((await post(`/dashboard/webhooks/projects/${tenant.project_id}`, { url: `${receiver.url}/v`, api_version: 'yesterday' })).status).toBe(400);
    const [ep] = (await sql(svc, 'select e.id from webhook_endpoints e join projects p on p.id = e.project_id where p.account_id = $1 limit 1', [
      tenant.tenant_id,
    ])) as { id: string }[];
    expect((await post(`/dashboard/webhooks/${ep!.id}/rotate`, { overlap_hours: '999' })).status).toBe(400);
    expect((await post(`/dashboard/webhooks/${ep!.id}/replay`, { since: 'last tuesday' })).status).toBe(400);
    expect((await post(`/dashboard/webhooks/${ep!.id}/replay`, { event_id: 'evt_unknown' })).status).toBe(404);
    expect((await post('/dashboard/webhooks/we_unknown/test', {})).status).toBe(404);
  });

  it('the audit log names each change and never holds a secret; no page shows one again', async () => {
    const audit = await developer.get('/dashboard/audit');
    for (const action of [
      'webhook_endpoint.created',
      'webhook_endpoint.test_sent',
      'webhook_endpoint.enabled',
      'webhook_endpoint.replayed',
      'webhook_endpoint.secret_rotated',
    ])
      expect(audit.html).toContain(action);
    const rows = JSON.stringify(await sql(svc, 'select * from team_audit_log'));
    expect(rows).not.toMatch(/whsec_/);
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    const pages = [await developer.get('/dashboard/webhooks'), await developer.get('/dashboard/audit')];
    const [{ id }] = (await sql(svc, 'select id from webhook_endpoints where url like $1', ['%/down'])) as { id: string }[];
    pages.push(await developer.get(`/dashboard/webhooks/${id}`));
    for (const p of pages) for (const s of secrets) expect(p.html).not.toContain(s);
  });
});
