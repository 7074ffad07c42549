import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '@idgate/deploy';
import { BACKENDS, startTestService, TEST_ADMIN_TOKEN, type TestService } from '../src/index.ts';
import { Receiver } from './support/receiver.ts';
import { createEndpoint, stripeVerify, waitForDeliveries } from './support/webhooks.ts';

/** RELIABILITY C-WH-9: manual replay of one event and of a time range (docs/webhooks.md). */
describe.each(BACKENDS)('webhook replay on $name', (backend) => {
  let svc: TestService;
  let receiver: Receiver;
  let endpoint: { id: string; secret: string };
  const events: string[] = [];
  const sentAt: Date[] = [];

  beforeAll(async () => {
    svc = await startTestService(backend);
    receiver = await Receiver.start();
    await svc.core.container.webhooks.dispatcher().start();
    const tenant = await svc.createTenant('starter');
    endpoint = await createEndpoint(svc, { tenant_id: tenant.tenant_id, url: `${receiver.url}/hook` });
    // Three test events, a minute apart on the service's clock. Each is delivered and recorded
    // before the clock moves: moving it past a lease would (rightly) make the attempt due again.
    for (let i = 0; i < 3; i++) {
      sentAt.push(svc.clock.now());
      const id = (await svc.admin('POST', `/admin/v1/webhooks/${endpoint.id}/test`)).event_id as string;
      events.push(id);
      await waitForDeliveries(svc, endpoint.id, (list) => list.find((d) => d.event_id === id)?.status === 'delivered');
      svc.clock.advance(60_000);
    }
    expect(events.map((id) => of(id).length)).toEqual([1, 1, 1]);
  });
  afterAll(async () => {
    await svc?.core.container.webhooks.dispatcher().stop();
    await receiver?.close();
    await svc?.close();
  });

  const of = (eventId: string) => receiver.requests.filter((r) => r.headers['x-service-delivery'] === eventId);
  const timestampOf = (header: unknown) => Number(/t=(\d+)/.exec(String(header))?.[1]);

  it('C-WH-9: replaying one event re-sends its exact bytes with the original id and a fresh signature timestamp', async () => {
    svc.clock.advance(600_000);
    const r = await svc.admin('POST', `/admin/v1/webhooks/${endpoint.id}/replay`, { event_id: events[0] });
    // Recorded before the next test moves on (see beforeAll).
    await waitForDeliveries(svc, endpoint.id, (list) => list.find((d) => d.event_id === events[0])?.attempts.length === 2);
    expect(r).toEqual({ replayed: 1, truncated: false });
    await receiver.waitFor(() => of(events[0]).length === 2, 10_000, 'the replayed event');
    const [first, again] = of(events[0]);
    expect(again.raw).toBe(first.raw);
    expect(timestampOf(again.headers['x-service-signature'])).toBeGreaterThanOrEqual(timestampOf(first.headers['x-service-signature']) + 600);
    expect(stripeVerify(again.raw, again.headers['x-service-signature'], endpoint.secret, svc.clock.now().getTime())).toMatchObject({
      id: events[0],
      type: 'test',
    });
    const [delivery] = await waitForDeliveries(svc, endpoint.id, (list) => list.find((d) => d.event_id === events[0])?.attempts.length === 2);
    expect(delivery).toBeDefined();
    // The other events were not sent again.
    expect(of(events[1])).toHaveLength(1);
    expect(of(events[2])).toHaveLength(1);
  });

  it('C-WH-9: replaying a time range re-sends exactly the events created in it (CLI)', async () => {
    const env = { BASE_URL: svc.url, ADMIN_TOKEN: TEST_ADMIN_TOKEN };
    const r = await runAdmin(
      ['webhook', 'replay', '--id', endpoint.id, '--since', sentAt[1].toISOString(), '--until', new Date(sentAt[2].getTime() + 1).toISOString()],
      env,
    );
    expect(r.output).toEqual({ replayed: 2, truncated: false });
    await receiver.waitFor(() => of(events[1]).length === 2 && of(events[2]).length === 2, 10_000, 'the replayed range');
    await waitForDeliveries(svc, endpoint.id, (list) => list.filter((d) => d.attempts.length === 2 && d.status === 'delivered').length === 3);
    expect(of(events[0])).toHaveLength(2);
    expect(of(events[2])[1].raw).toBe(of(events[2])[0].raw);
  });

  it('C-WH-9: a disabled endpoint refuses replays with a clear error; unknown events and bad ranges are refused', async () => {
    const unknown = await svc.http('POST', `/admin/v1/webhooks/${endpoint.id}/replay`, {
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      body: { event_id: 'evt_nothere' },
    });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'WEBHOOK_EVENT_NOT_FOUND']);
    const both = await svc.http('POST', `/admin/v1/webhooks/${endpoint.id}/replay`, {
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      body: { event_id: events[0], since: sentAt[0].toISOString() },
    });
    expect([both.status, both.body.error.code]).toEqual([400, 'REQUEST_INVALID']);
    const badDate = await svc.http('POST', `/admin/v1/webhooks/${endpoint.id}/replay`, {
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      body: { since: 'yesterday' },
    });
    expect([badDate.status, badDate.body.error.code]).toEqual([400, 'REQUEST_INVALID']);
    await svc.admin('POST', `/admin/v1/webhooks/${endpoint.id}/disable`);
    const before = receiver.requests.length;
    const refused = await svc.http('POST', `/admin/v1/webhooks/${endpoint.id}/replay`, {
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      body: { event_id: events[0] },
    });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'WEBHOOK_ENDPOINT_DISABLED']);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.requests.length).toBe(before);
  });
});
