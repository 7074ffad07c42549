import { randomBytes } from 'node:crypto';
import { webhookSignatureHeader } from '@idgate/protos';
import type { Logger } from '@idgate/platform';
import type { Clock } from '../lib/clock.ts';
import type { OutboxSignal } from '../lib/outbox-signal.ts';
import type { DeliveryClient } from './delivery-client.ts';
import type { ClaimedDelivery, DeliveryRepository } from './delivery.repository.ts';
import type { EndpointRepository, EndpointRow } from './endpoint.repository.ts';
import type { SecretBox } from './endpoint-secrets.ts';
import type { Fanout } from './fanout.ts';
import type { FinishedAttempt, OutcomeRecorder } from './outcome-recorder.ts';
import { headerNames, type WebhookSettings } from './settings.ts';
import { Lane } from './lane.ts';
import { observeAttempt, trackDispatcher, untrackDispatcher } from './webhook-metrics.ts';

interface Deps {
  fanout: Fanout;
  deliveries: DeliveryRepository;
  endpoints: EndpointRepository;
  recorder: OutcomeRecorder;
  client: DeliveryClient;
  secrets: SecretBox;
  clock: Clock;
  log: Logger;
  settings: Pick<WebhookSettings, 'brand' | 'concurrency' | 'pollMs' | 'leaseMs'>;
  /** Commits of this process's outbox events: fan out at once rather than at the next poll. */
  outboxSignal?: OutboxSignal;
}

const MAX_CLAIM = 100;

/**
 * The delivery loop inside core, as three lanes that wait on the database independently:
 * fan-out (outbox → deliveries), send (claim due deliveries up to the concurrency limit and
 * POST them) and record (write finished attempts down in batches). Any number of dispatchers
 * (processes) may run against one database: claims are leased (delivery.repository.ts), so none
 * sends an attempt another holds, and a dead one's leases expire and are claimed again.
 */
export class WebhookDispatcher {
  /** Lease owner name: unique per dispatcher instance, so a restarted process never reuses one. */
  readonly owner = `wd_${randomBytes(9).toString('base64url')}`;
  /** Attempts this instance has made (tests and metrics). */
  readonly stats = { attempts: 0 };
  private readonly deps: Deps;
  private readonly inFlight = new Set<Promise<void>>();
  /** Concurrency slots held by a lane between leasing attempts and starting them. */
  private reserved = 0;
  private finished: FinishedAttempt[] = [];
  private readonly lanes: { fanout: Lane; send: Lane; record: Lane };
  private started = false;
  private unsubscribe: (() => void) | null = null;

  constructor(deps: Deps) {
    this.deps = deps;
    const poll = deps.settings.pollMs;
    this.lanes = {
      fanout: new Lane('fanout', () => this.fanOut(), poll, deps.log),
      send: new Lane('send', () => this.claimAndSend(), poll, deps.log),
      record: new Lane('record', () => this.flush(), poll, deps.log),
    };
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.deps.fanout.ensureCursor();
    for (const lane of Object.values(this.lanes)) lane.start();
    trackDispatcher(this);
    this.unsubscribe = this.deps.outboxSignal?.subscribe(() => this.lanes.fanout.wake()) ?? null;
  }

  /** Graceful: stop claiming, let in-flight attempts finish (bounded by the time-out), write them down. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.unsubscribe?.();
    this.unsubscribe = null;
    await Promise.all([this.lanes.fanout.stop(), this.lanes.send.stop()]);
    await Promise.all(this.inFlight);
    await this.lanes.record.stop();
    await this.flush();
    this.deps.client.close();
    untrackDispatcher(this);
    this.started = false;
  }

  /** HTTP attempts started and not finished (idgate_webhook_attempts_in_flight). */
  get attemptsInFlight(): number {
    return this.inFlight.size;
  }

  /** Look for due deliveries now (after a test event or an enable). */
  wake(): void {
    this.lanes.send.wake();
  }

  /** Fans out and sends what it could lease at once; the rest is claimed by the send lane. */
  private async fanOut(): Promise<boolean> {
    const limit = this.reserveSlots();
    try {
      const batch = await this.deps.fanout.runBatch({ owner: this.owner, leaseUntil: this.leaseUntil(), limit });
      if (batch.claimed.length) this.launchWith(batch.claimed, new Map(batch.endpoints.map((e) => [e.id, e])));
      if (batch.events > batch.claimed.length) this.lanes.send.wake();
      return batch.events > 0;
    } finally {
      this.reserved -= limit;
    }
  }

  private async claimAndSend(): Promise<boolean> {
    const limit = this.reserveSlots();
    if (limit <= 0) return false;
    try {
      const claimed = await this.deps.deliveries.claimDue(this.owner, this.deps.clock.now(), this.leaseUntil(), limit);
      if (claimed.length) await this.launch(claimed);
      return claimed.length > 0;
    } finally {
      this.reserved -= limit;
    }
  }

  /**
   * Slots for attempts this lane is about to lease. The fan-out and send lanes lease concurrently,
   * so each reserves its share of the concurrency limit until its attempts are in flight.
   */
  private reserveSlots(): number {
    const limit = Math.max(0, Math.min(this.deps.settings.concurrency - this.inFlight.size - this.reserved, MAX_CLAIM));
    this.reserved += limit;
    return limit;
  }

  private leaseUntil(): Date {
    return new Date(this.deps.clock.now().getTime() + this.deps.settings.leaseMs);
  }

  private async flush(): Promise<boolean> {
    if (this.finished.length === 0) return false;
    const batch = this.finished;
    this.finished = [];
    try {
      await this.deps.recorder.record(this.owner, batch);
    } catch (err) {
      // Not recorded: the leases expire and the attempts are made again (at least once).
      this.deps.log.error({ err, count: batch.length }, 'webhook outcomes not recorded');
    }
    return true;
  }

  private async launch(claimed: ClaimedDelivery[]): Promise<void> {
    this.launchWith(claimed, await this.endpointsFor(claimed));
  }

  private launchWith(claimed: ClaimedDelivery[], endpoints: Map<string, EndpointRow>): void {
    for (const delivery of claimed) {
      const endpoint = endpoints.get(delivery.endpointId);
      if (!endpoint) continue;
      const task = this.attempt(delivery, endpoint).finally(() => {
        this.inFlight.delete(task);
        this.lanes.record.wake();
        this.lanes.send.wake();
      });
      this.inFlight.add(task);
    }
  }

  /** Endpoint rows are read fresh per claim batch: a rotated secret signs from the next attempt on. */
  private async endpointsFor(claimed: ClaimedDelivery[]): Promise<Map<string, EndpointRow>> {
    const rows = await this.deps.endpoints.findByIds([...new Set(claimed.map((c) => c.endpointId))]);
    return new Map(rows.map((e) => [e.id, e]));
  }

  /** One signed POST of the stored bytes; the signature timestamp is fresh per attempt (C-WH-4). */
  private async attempt(delivery: ClaimedDelivery, endpoint: EndpointRow): Promise<void> {
    const signedAt = this.deps.clock.now();
    this.stats.attempts++;
    const names = headerNames(this.deps.settings.brand);
    let result;
    try {
      const secrets = this.deps.secrets.activeSecrets(endpoint, signedAt);
      const signature = webhookSignatureHeader(secrets, Math.floor(signedAt.getTime() / 1000), delivery.body);
      result = await this.deps.client.send({
        url: endpoint.url,
        body: delivery.body,
        headers: {
          [names.signature]: signature,
          [names.event]: delivery.eventType,
          [names.delivery]: delivery.eventId,
          [names.apiVersion]: apiVersionOf(delivery.body),
        },
      });
    } catch (err) {
      this.deps.log.error({ err, deliveryId: delivery.id }, 'webhook attempt could not be made');
      result = { error: 'internal_error', durationMs: 0 };
    }
    observeAttempt(result);
    this.finished.push({
      deliveryId: delivery.id,
      endpointId: endpoint.id,
      projectId: endpoint.projectId,
      eventId: delivery.eventId,
      number: delivery.attemptCount,
      signedAt,
      result,
    });
  }
}

/**
 * The envelope's api_version, repeated in a header (C-WH-13) so a receiver can route by version
 * before parsing. Read from the stored bytes, which are what the receiver gets.
 */
function apiVersionOf(body: string): string {
  try {
    const version = (JSON.parse(body) as { api_version?: unknown }).api_version;
    return typeof version === 'string' ? version : '';
  } catch {
    return '';
  }
}
