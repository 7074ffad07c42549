import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '@idgate/deploy';
import { BACKENDS, startTestService, TEST_ADMIN_TOKEN, type TestService } from '../src/index.ts';
import { Receiver, type Behaviour } from './support/receiver.ts';
import { createEndpoint, deliveriesOf, stripeVerify, waitForDeliveries } from './support/webhooks.ts';

const SCHEDULE_S = [30, 120, 480, 1920, 7680];

/**
 * Failure handling of webhook delivery (spec §6 "Delivery and retries", RELIABILITY C-WH-4..8):
 * a real receiver that errors, hangs, hangs up; retries driven by moving the manual clock.
 */
describe.each(BACKENDS)('webhook faults on $name', (backend) => {
  let svc: TestService;
  let receiver: Receiver;
  let tenant: Awaited<ReturnType<TestService['createTenant']>>;
  const byPath = new Map<string, Behaviour>();
  const env = () => ({ BASE_URL: svc.url, ADMIN_TOKEN: TEST_ADMIN_TOKEN });

  beforeAll(async () => {
    svc = await startTestService(backend, { WEBHOOK_TIMEOUT_MS: '400', WEBHOOK_POLL_MS: '10' });
    receiver = await Receiver.start();
    receiver.behaviour = (r, i) => (byPath.get(r.path) ?? (() => ({ status: 200 })))(r, i);
    await svc.core.container.webhooks.dispatcher().start();
    tenant = await svc.createTenant('starter');
  });
  afterAll(async () => {
    await svc?.core.container.webhooks.dispatcher().stop();
    await receiver?.close();
    await svc?.close();
  });

  const sendTest = async (id: string): Promise<string> => (await svc.admin('POST', `/admin/v1/webhooks/${id}/test`)).event_id;
  const endpoint = (id: string) => svc.admin('GET', `/admin/v1/webhooks/${id}`);
  const attemptsOf = async (id: string, eventId: string) => (await deliveriesOf(svc, id)).find((d) => d.event_id === eventId)?.attempts ?? [];
  const waitAttempts = (id: string, eventId: string, n: number) =>
    waitForDeliveries(svc, id, (list) => (list.find((d) => d.event_id === eventId)?.attempts.length ?? 0) >= n);
  const gapSeconds = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 1000;

  it('C-WH-5/6: 500, a hang-up and a time-out are failures retried on the schedule; C-WH-4: same id and bytes, fresh signed t', async () => {
    const ep = await createEndpoint(svc, { tenant_id: tenant.tenant_id, url: `${receiver.url}/flaky` });
    let n = 0;
    byPath.set('/flaky', () => [{ status: 500 }, { hangUp: true }, { status: 200, delayMs: 1500 }, { status: 200 }][n++] ?? { status: 200 });
    const eventId = await sendTest(ep.id);
    const expected = [
      { status_code: 500, error: null },
      { status_code: null, error: 'connection_reset' },
      { status_code: null, error: 'timeout' },
    ];
    for (let k = 1; k <= 3; k++) {
      const list = await waitAttempts(ep.id, eventId, k);
      const d = list.find((x) => x.event_id === eventId);
      expect(d.attempts[k - 1]).toMatchObject({ number: k, outcome: 'failure', ...expected[k - 1] });
      expect(d.status).toBe('pending');
      const gap = gapSeconds(d.attempts[k - 1].signed_at, d.next_attempt_at);
      expect(gap).toBeGreaterThanOrEqual(SCHEDULE_S[k - 1] * 0.8);
      expect(gap).toBeLessThanOrEqual(SCHEDULE_S[k - 1] * 1.2);
      expect((await endpoint(ep.id)).consecutive_failures).toBe(k);
      svc.clock.set(new Date(Date.parse(d.next_attempt_at) + 1));
    }
    const done = await waitForDeliveries(svc, ep.id, (list) => list.find((x) => x.event_id === eventId)?.status === 'delivered');
    expect(done.find((x) => x.event_id === eventId).attempts.map((a: any) => a.outcome)).toEqual(['failure', 'failure', 'failure', 'success']);
    expect((await endpoint(ep.id)).consecutive_failures).toBe(0);
    const reqs = receiver.forEvent(eventId);
    expect(reqs).toHaveLength(4);
    expect(new Set(reqs.map((r) => r.raw)).size).toBe(1);
    const stamps = reqs.map((r) => Number(/^t=(\d+)/.exec(String(r.headers['x-service-signature']))![1]));
    expect(new Set(stamps).size).toBe(4);
    for (const [i, r] of reqs.entries())
      expect(stripeVerify(r.raw, r.headers['x-service-signature'], ep.secret, stamps[i] * 1000)).toMatchObject({ id: eventId });
  });

  it('C-WH-8: five consecutive failures across events deactivate the endpoint and notify the tenant; enabling resumes', async () => {
    const ep = await createEndpoint(svc, { tenant_id: tenant.tenant_id, url: `${receiver.url}/down` });
    byPath.set('/down', () => ({ status: 503 }));
    const events = [];
    for (let i = 0; i < 5; i++) events.push(await sendTest(ep.id));
    await waitForDeliveries(svc, ep.id, (list) => list.length === 5 && list.every((d) => d.attempts.length === 1));
    expect(await endpoint(ep.id)).toMatchObject({ enabled: false, disabled_reason: 'consecutive_failures', consecutive_failures: 5 });
    const notes = await runAdmin(['webhook', 'notifications', '--tenant', tenant.tenant_id], env());
    const disabled = (notes.output as { notifications: any[] }).notifications.filter((x) => x.endpoint_id === ep.id);
    expect(disabled).toHaveLength(1);
    expect(disabled[0]).toMatchObject({ type: 'endpoint.disabled', message: expect.stringContaining('5 consecutive') });
    // No further attempts while disabled, even when retries fall due.
    const before = receiver.requests.filter((r) => r.path === '/down').length;
    svc.clock.advance(60_000);
    await new Promise((r) => setTimeout(r, 150));
    expect(receiver.requests.filter((r) => r.path === '/down').length).toBe(before);
    expect((await svc.http('POST', `/admin/v1/webhooks/${ep.id}/test`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } })).body.error.code).toBe(
      'WEBHOOK_ENDPOINT_DISABLED',
    );
    byPath.set('/down', () => ({ status: 204 }));
    await runAdmin(['webhook', 'enable', '--id', ep.id], env());
    await waitForDeliveries(svc, ep.id, (list) => list.every((d) => d.status === 'delivered'));
    for (const id of events) expect(receiver.forEvent(id)).toHaveLength(2);
  });

  it('one success resets the failure counter', async () => {
    const ep = await createEndpoint(svc, { tenant_id: tenant.tenant_id, url: `${receiver.url}/reset` });
    const plan = [500, 500, 500, 500, 200, 500, 500, 500, 500];
    let n = 0;
    byPath.set('/reset', () => ({ status: plan[n++] ?? 200 }));
    for (const [i] of plan.entries()) {
      const id = await sendTest(ep.id);
      await waitAttempts(ep.id, id, 1);
      if (i === 3) expect((await endpoint(ep.id)).consecutive_failures).toBe(4);
      if (i === 4) expect((await endpoint(ep.id)).consecutive_failures).toBe(0);
    }
    expect(await endpoint(ep.id)).toMatchObject({ enabled: true, consecutive_failures: 4 });
  });

  it('C-WH-5: 410 Gone disables at once; 429 with Retry-After defers the retry; 3xx is a failure, never followed', async () => {
    const gone = await createEndpoint(svc, { tenant_id: tenant.tenant_id, url: `${receiver.url}/gone` });
    byPath.set('/gone', () => ({ status: 410 }));
    await waitAttempts(gone.id, await sendTest(gone.id), 1);
    expect(await endpoint(gone.id)).toMatchObject({ enabled: false, disabled_reason: 'gone', consecutive_failures: 1 });

    const busy = await createEndpoint(svc, { tenant_id: tenant.tenant_id, url: `${receiver.url}/busy` });
    byPath.set('/busy', () => ({ status: 429, headers: { 'retry-after': '3600' } }));
    const id = await sendTest(busy.id);
    const d = (await waitAttempts(busy.id, id, 1)).find((x) => x.event_id === id);
    expect(gapSeconds(d.attempts[0].signed_at, d.next_attempt_at)).toBeGreaterThanOrEqual(3600);

    const moved = await createEndpoint(svc, { tenant_id: tenant.tenant_id, url: `${receiver.url}/moved` });
    byPath.set('/moved', () => ({ status: 302, headers: { location: `${receiver.url}/elsewhere` } }));
    const mid = await sendTest(moved.id);
    expect((await waitAttempts(moved.id, mid, 1)).find((x) => x.event_id === mid).attempts[0]).toMatchObject({ outcome: 'failure', status_code: 302 });
    expect(receiver.requests.filter((r) => r.path === '/elsewhere')).toHaveLength(0);
  });

  it('C-WH-7: attempts follow the published schedule and end after 5 retries with a delivery.exhausted notice', async () => {
    const ep = await createEndpoint(svc, { tenant_id: tenant.tenant_id, url: `${receiver.url}/exhaust` });
    let first: unknown;
    byPath.set('/exhaust', (r) => {
      first ??= r.headers['x-service-delivery'];
      return { status: r.headers['x-service-delivery'] === first ? 500 : 200 };
    });
    const doomed = await sendTest(ep.id);
    for (let k = 1; k <= 5; k++) {
      const d = (await waitAttempts(ep.id, doomed, k)).find((x) => x.event_id === doomed);
      const gap = gapSeconds(d.attempts[k - 1].signed_at, d.next_attempt_at);
      expect(gap).toBeGreaterThanOrEqual(SCHEDULE_S[k - 1] * 0.8);
      expect(gap).toBeLessThanOrEqual(SCHEDULE_S[k - 1] * 1.2);
      // A delivery to the same endpoint succeeds in between, so the endpoint stays enabled.
      await waitAttempts(ep.id, await sendTest(ep.id), 1);
      svc.clock.set(new Date(Date.parse(d.next_attempt_at) + 1));
    }
    const final = (await waitForDeliveries(svc, ep.id, (list) => list.find((x) => x.event_id === doomed)?.status === 'failed')).find(
      (x) => x.event_id === doomed,
    );
    expect(final.attempts).toHaveLength(6);
    expect(final.next_attempt_at).toBeNull();
    expect(receiver.forEvent(doomed)).toHaveLength(6);
    const notes = (await svc.admin('GET', `/admin/v1/tenants/${tenant.tenant_id}/webhook-notifications`)).notifications;
    expect(notes.find((x: any) => x.type === 'delivery.exhausted' && x.event_id === doomed)).toBeDefined();
    expect((await endpoint(ep.id)).enabled).toBe(true);
    svc.clock.advance(86_400_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(await attemptsOf(ep.id, doomed)).toHaveLength(6);
  });
});
