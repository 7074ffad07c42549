import type { Config, Logger } from '@idgate/protos';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { DataCipher } from '../lib/cipher.ts';
import type { OutboxSignal } from '../lib/outbox-signal.ts';
import { DeliveryClient } from './delivery-client.ts';
import { DeliveryRepository } from './delivery.repository.ts';
import { WebhookDispatcher } from './dispatcher.ts';
import { SecretBox } from './endpoint-secrets.ts';
import { EndpointRepository } from './endpoint.repository.ts';
import { WebhookEndpointService } from './endpoint.service.ts';
import { Fanout } from './fanout.ts';
import { OutcomeRecorder } from './outcome-recorder.ts';
import { webhookSettings, type WebhookSettings } from './settings.ts';
import { guardedLookup, systemResolver, type Resolver } from './ssrf-guard.ts';

export interface WebhookModuleDeps {
  config: Config;
  database: Database;
  cipher: DataCipher;
  clock: Clock;
  log: Logger;
  /** Wakes this process's dispatcher when the lifecycle commits an outbox event. */
  outboxSignal?: OutboxSignal;
  /** Seams for tests: DNS, jitter, settings overrides. */
  resolve?: Resolver;
  random?: () => number;
  settings?: Partial<WebhookSettings>;
}

const FANOUT_BATCH = 500;

/**
 * Outbound webhooks (docs/webhooks.md): endpoint management, and a factory for dispatchers. The
 * container builds one; start.ts starts its dispatcher, tests may start more (each is an
 * independent claimer, as separate processes would be).
 */
export function buildWebhooks(d: WebhookModuleDeps) {
  const settings = { ...webhookSettings(d.config), ...d.settings };
  const resolve = d.resolve ?? systemResolver;
  const db = d.database.db;
  const endpoints = new EndpointRepository(db);
  const deliveries = new DeliveryRepository(db);
  const secrets = new SecretBox(d.cipher);
  let dispatcher: WebhookDispatcher | null = null;

  const createDispatcher = (overrides: { clock?: Clock; database?: Database } = {}): WebhookDispatcher => {
    const database = overrides.database ?? d.database;
    const clock = overrides.clock ?? d.clock;
    const ep = overrides.database ? new EndpointRepository(database.db) : endpoints;
    const dl = overrides.database ? new DeliveryRepository(database.db) : deliveries;
    const client = new DeliveryClient({ timeoutMs: settings.timeoutMs, maxResponseBytes: settings.maxResponseBytes, userAgent: settings.userAgent, maxSockets: settings.concurrency, lookup: settings.production ? guardedLookup(resolve) : undefined });
    return new WebhookDispatcher({
      fanout: new Fanout({ database, endpoints: ep, deliveries: dl, clock, batchSize: FANOUT_BATCH }),
      deliveries: dl, endpoints: ep, client, secrets, clock, log: d.log, settings, outboxSignal: d.outboxSignal,
      recorder: new OutcomeRecorder({ database, endpoints: ep, deliveries: dl, clock, log: d.log, retryScheduleMs: settings.retryScheduleMs, random: d.random ?? Math.random }),
    });
  };

  const service = new WebhookEndpointService({
    endpoints, deliveries, secrets, clock: d.clock, resolve, production: settings.production, brand: settings.brand,
    onQueued: () => dispatcher?.wake(),
  });

  return {
    settings,
    service,
    createDispatcher,
    /**
     * The process's own dispatcher (start.ts); created on first use. start.ts gives it its own
     * small database pool in Postgres mode, so a burst of requests holding the request pool never
     * queues the deliveries behind them.
     */
    dispatcher(overrides: { database?: Database } = {}): WebhookDispatcher {
      dispatcher ??= createDispatcher(overrides);
      return dispatcher;
    },
  };
}

export type Webhooks = ReturnType<typeof buildWebhooks>;
export { WebhookDispatcher } from './dispatcher.ts';
