import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { outboxEvents, webhookFanoutCursor } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/tokens.ts';
import { buildEnvelope } from './envelope.ts';
import { deliveredTypeFor } from './event-types.ts';
import type { ClaimedDelivery, DeliveryRepository, NewDelivery } from './delivery.repository.ts';
import type { EndpointRepository, EndpointRow } from './endpoint.repository.ts';

type OutboxRow = typeof outboxEvents.$inferSelect;

interface Deps {
  database: Database;
  endpoints: EndpointRepository;
  deliveries: DeliveryRepository;
  clock: Clock;
  batchSize: number;
}

const CURSOR_ID = 1;

/** Deliveries the fan-out may lease to its own dispatcher as it creates them (see runBatch). */
export interface FanoutClaim {
  owner: string;
  leaseUntil: Date;
  limit: number;
}

export interface FanoutBatch {
  /** Outbox events consumed (0 when idle). */
  events: number;
  /** Deliveries created already leased to the claim's owner, as attempt 1: send them now. */
  claimed: ClaimedDelivery[];
  /** The endpoints of the claimed deliveries. */
  endpoints: EndpointRow[];
}

const IDLE: FanoutBatch = { events: 0, claimed: [], endpoints: [] };

/**
 * Turns outbox events into per-endpoint deliveries. Crash-safe: the cursor (last fanned-out
 * `seq`) moves in the SAME transaction as the deliveries it created, and the cursor row is
 * locked, so concurrent dispatchers take turns and a crash rolls both back together.
 *
 * Sequence gaps: `seq` values are taken when a transaction inserts, but transactions commit in
 * any order, so "max(seq) seen" could skip an event still being written. A run of consecutive
 * values needs no lock; a gap is settled by a watermark read under a momentary SHARE lock on
 * outbox_events, which waits for in-flight inserts to commit and holds new ones back for the
 * instant of one index read: everything at or below it is visible, remaining gaps are rollbacks.
 */
export class Fanout {
  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }

  async ensureCursor(): Promise<void> {
    await this.deps.database.db.insert(webhookFanoutCursor).values({ id: CURSOR_ID, lastSeq: 0 }).onConflictDoNothing();
  }

  /**
   * One batch. With a claim, up to `claim.limit` of the new deliveries are inserted already
   * leased to the claimer as attempt 1 (exactly what claimDue would do a moment later), which
   * saves the dispatcher a claim query and a poll before the first send; the rest wait as
   * `pending` for any dispatcher. A claimer that dies lets the lease expire like any claim.
   */
  async runBatch(claim?: FanoutClaim): Promise<FanoutBatch> {
    const db = this.deps.database.db;
    const quick = await db.execute(
      sql`select coalesce((select max(seq) from outbox_events), 0)::bigint as top, coalesce((select last_seq from webhook_fanout_cursor where id = ${CURSOR_ID}), 0)::bigint as done`,
    );
    const { top, done } = (quick as unknown as { rows: { top: string | number; done: string | number }[] }).rows[0];
    if (Number(top) <= Number(done)) return IDLE;
    // PGlite runs one transaction at a time, so no insert is in flight while this one reads.
    if (this.deps.database.kind === 'pglite') return this.fanOutTx(Number(top), claim);
    const taken = await this.fanOutTx(null, claim);
    return taken.events >= 0 ? taken : this.fanOutTx(await this.watermark(), claim);
  }

  /**
   * Fans out the next events in one transaction. Without a watermark it takes only the run of
   * consecutive `seq` values after the cursor: a gap-free run is all committed, whatever is in
   * flight comes after it. A gap right after the cursor (an insert in flight, or a rolled-back
   * one) returns -1, and the caller retries under the SHARE-lock watermark, which settles it.
   */
  private async fanOutTx(watermark: number | null, claim: FanoutClaim | undefined): Promise<FanoutBatch> {
    return this.deps.database.db.transaction(async (tx) => {
      const [cursor] = await tx.select().from(webhookFanoutCursor).where(eq(webhookFanoutCursor.id, CURSOR_ID)).for('update');
      const rows = await tx
        .select()
        .from(outboxEvents)
        .where(watermark === null ? gt(outboxEvents.seq, cursor.lastSeq) : and(gt(outboxEvents.seq, cursor.lastSeq), lte(outboxEvents.seq, watermark)))
        .orderBy(asc(outboxEvents.seq))
        .limit(this.deps.batchSize);
      const events = watermark === null ? consecutiveFrom(cursor.lastSeq, rows) : rows;
      if (events.length === 0) return { ...IDLE, events: rows.length > 0 ? -1 : 0 };
      const { deliveries, endpoints } = await this.deliveriesFor(events, tx);
      const leased = claim ? deliveries.slice(0, Math.max(0, claim.limit)) : [];
      for (const delivery of leased) Object.assign(delivery, { leaseOwner: claim?.owner, leaseExpiresAt: claim?.leaseUntil, attemptCount: 1 });
      const inserted = new Set(await this.deps.deliveries.insertMany(deliveries, tx));
      await tx
        .update(webhookFanoutCursor)
        .set({ lastSeq: events[events.length - 1].seq })
        .where(eq(webhookFanoutCursor.id, CURSOR_ID));
      const claimed = leased.filter((delivery) => inserted.has(delivery.id as string)).map(asClaimed);
      const claimedEndpoints = new Set(claimed.map((c) => c.endpointId));
      return { events: events.length, claimed, endpoints: endpoints.filter((e) => claimedEndpoints.has(e.id)) };
    });
  }

  private async watermark(): Promise<number> {
    return this.deps.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '2s'`);
      await tx.execute(sql`lock table outbox_events in share mode`);
      const r = await tx.execute(sql`select coalesce(max(seq), 0)::bigint as top from outbox_events`);
      return Number((r as unknown as { rows: { top: string | number }[] }).rows[0].top);
    });
  }

  private async deliveriesFor(events: OutboxRow[], tx: Db): Promise<{ deliveries: NewDelivery[]; endpoints: EndpointRow[] }> {
    const projectIds = [...new Set(events.map((e) => e.projectId))];
    const endpoints = await this.deps.endpoints.listEnabledForProjects(projectIds, tx);
    if (endpoints.length === 0) return { deliveries: [], endpoints };
    const versions = await this.deps.endpoints.projectApiVersions(projectIds, tx);
    const now = this.deps.clock.now();
    const out: NewDelivery[] = [];
    for (const event of events) {
      for (const endpoint of endpoints) {
        const delivery = deliveryFor(event, endpoint, versions.get(event.projectId), now);
        if (delivery) out.push(delivery);
      }
    }
    return { deliveries: out, endpoints };
  }
}

/** A leased new delivery as the row the database now holds (what claimDue would have returned). */
function asClaimed(delivery: NewDelivery): ClaimedDelivery {
  return { ...delivery, deliveredAt: null } as ClaimedDelivery;
}

function consecutiveFrom(last: number, rows: OutboxRow[]): OutboxRow[] {
  let n = 0;
  while (n < rows.length && rows[n].seq === last + n + 1) n++;
  return rows.slice(0, n);
}

/**
 * The delivery of one event to one endpoint, or null when the endpoint does not take it: another
 * project, not subscribed, or registered after the event happened (no history replay).
 * api_version is the endpoint's pin, else the project's, never the request's (spec §9).
 */
export function deliveryFor(event: OutboxRow, endpoint: EndpointRow, projectVersion: string | undefined, now: Date): NewDelivery | null {
  if (endpoint.projectId !== event.projectId || endpoint.createdAt > event.createdAt) return null;
  const type = deliveredTypeFor(event.type, endpoint.events);
  if (!type) return null;
  const apiVersion = endpoint.apiVersion ?? projectVersion ?? '';
  const body = buildEnvelope({ id: event.id, type, apiVersion, createdAt: event.createdAt, dataJson: event.payload });
  return {
    id: newId('whd_'),
    endpointId: endpoint.id,
    eventId: event.id,
    eventType: type,
    body,
    status: 'pending',
    attemptCount: 0,
    nextAttemptAt: now,
    eventCreatedAt: event.createdAt,
    createdAt: now,
  };
}
