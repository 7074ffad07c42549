import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, pathA, startTestService, type TestService } from '../src/index.ts';
import { Receiver } from './support/receiver.ts';
import { createEndpoint, waitForDeliveries } from './support/webhooks.ts';

/**
 * Delivery lag (docs/webhooks.md, "Dispatcher"): a committed state change wakes this process's dispatcher
 * at once, and the fan-out leases what it creates to itself, so the first attempt leaves without
 * waiting for a poll. The poll interval here is the maximum (60 s): an event that waited for a
 * poll would miss the 5 s window below by far.
 */
describe.each(BACKENDS)('prompt fan-out on $name', (backend) => {
  let svc: TestService;
  let receiver: Receiver;

  beforeAll(async () => {
    svc = await startTestService(backend, { WEBHOOK_POLL_MS: '60000' });
    receiver = await Receiver.start();
    await svc.core.container.webhooks.dispatcher().start();
  });
  afterAll(async () => {
    await svc?.core.container.webhooks.dispatcher().stop();
    await receiver?.close();
    await svc?.close();
  });

  it('a committed state change is delivered without waiting for the next poll, as attempt 1', async () => {
    const tenant = await svc.createTenant('starter');
    const endpoint = await createEndpoint(svc, { tenant_id: tenant.tenant_id, url: `${receiver.url}/hook`, events: ['session.success'] });
    // Let the dispatcher's first (start-up) steps run out, so every lane is asleep on the 60 s poll.
    await new Promise((r) => setTimeout(r, 300));
    const before = receiver.requests.length;
    await pathA(svc, tenant.secret_key);
    await receiver.waitFor(() => receiver.requests.length > before, 5_000, 'the session.success delivery');
    expect(receiver.requests[before].headers['x-service-event']).toBe('session.success');
    const [delivery] = await waitForDeliveries(svc, endpoint.id, (list) => list.length === 1 && list[0].status === 'delivered');
    expect(delivery.attempts.map((a: { number: number }) => a.number)).toEqual([1]);
  });
});
