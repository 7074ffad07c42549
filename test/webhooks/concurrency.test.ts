import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@idgate/core';
import { BACKENDS, startTestService, type TestService } from '../src/index.ts';
import { Receiver } from './support/receiver.ts';
import { createEndpoint, deliveriesOf } from './support/webhooks.ts';

const EVENTS = 300;

/**
 * Two dispatchers on one database (as two core processes would run) racing over fan-out and
 * claims: every event is sent exactly once (receiver answers 200 at once, so any second send
 * would be a double send of the same attempt). On Postgres the second one has its own pool.
 */
describe.each(BACKENDS)('two webhook dispatchers on $name', (backend) => {
  let svc: TestService;
  let receiver: Receiver;
  let second: Database | undefined;

  beforeAll(async () => {
    svc = await startTestService(backend, { WEBHOOK_POLL_MS: '5' });
    receiver = await Receiver.start();
    receiver.behaviour = () => ({ status: 200, delayMs: 2 });
  });
  afterAll(async () => {
    await receiver?.close();
    await second?.close();
    await svc?.close();
  });

  it('never send the same attempt twice, and both take part', async () => {
    const tenant = await svc.createTenant('starter');
    const ep = await createEndpoint(svc, { tenant_id: tenant.tenant_id, url: `${receiver.url}/pair` });
    svc.clock.advance(1000);
    if (svc.database.pool) {
      const { rows } = await svc.database.pool.query<{ search_path: string }>('show search_path');
      second = await openDatabase({ url: backend.databaseUrl, schemaName: rows[0].search_path, poolSize: 5 });
    }
    const webhooks = svc.core.container.webhooks;
    const a = webhooks.dispatcher();
    const b = webhooks.createDispatcher({ database: second ?? svc.database });
    await Promise.all([a.start(), b.start()]);
    // The burst arrives while both dispatchers run: 30 transactions of 10 outbox events each.
    for (let t = 0; t < EVENTS / 10; t++) {
      await svc.database.db.transaction(async (tx) => {
        for (let i = 0; i < 10; i++) {
          await svc.core.container.repositories.outbox.append(tx, {
            id: `evt_${randomBytes(12).toString('base64url')}`,
            projectId: tenant.project_id,
            sessionId: null,
            type: 'session.failed',
            payload: `{"n":${t * 10 + i}}`,
            createdAt: svc.clock.now(),
          });
        }
      });
    }
    await receiver.waitFor(() => new Set(receiver.requests.map((r) => r.headers['x-service-delivery'])).size === EVENTS, 30_000, 'every event');
    await new Promise((r) => setTimeout(r, 200));
    await Promise.all([a.stop(), b.stop()]);
    expect(receiver.requests).toHaveLength(EVENTS);
    expect(a.stats.attempts + b.stats.attempts).toBe(EVENTS);
    expect(a.stats.attempts).toBeGreaterThan(0);
    expect(b.stats.attempts).toBeGreaterThan(0);
    const deliveries = await deliveriesOf(svc, ep.id);
    expect(deliveries.every((d) => d.status === 'delivered' && d.attempt_count === 1)).toBe(true);
  });
});
