import { and, desc, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { webhookAttempts, webhookDeliveries } from '../db/schema/index.ts';

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewDelivery = typeof webhookDeliveries.$inferInsert;
export type AttemptRow = typeof webhookAttempts.$inferSelect;
export type NewAttempt = typeof webhookAttempts.$inferInsert;

/** A claimed attempt: the delivery with its (already incremented) attempt number. */
export type ClaimedDelivery = DeliveryRow;

const d = webhookDeliveries;

/** Deliveries and their attempts; the claim is the one place concurrency is decided. */
export class DeliveryRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Idempotent: (endpoint, event) is unique, so a repeated fan-out creates nothing twice. Returns the ids inserted. */
  async insertMany(rows: NewDelivery[], tx: Db = this.db): Promise<string[]> {
    if (rows.length === 0) return [];
    const out = await tx.insert(d).values(rows).onConflictDoNothing().returning({ id: d.id });
    return out.map((r) => r.id);
  }

  /**
   * Claims up to `limit` due deliveries of enabled endpoints: lease + attempt number in ONE
   * UPDATE over rows selected FOR UPDATE SKIP LOCKED. Two dispatchers never get the same row;
   * a lease that expired (its owner died) makes the row claimable again as the next attempt.
   */
  async claimDue(owner: string, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
    const due = this.db
      .select({ id: d.id })
      .from(d)
      .where(
        and(
          eq(d.status, 'pending'),
          lte(d.nextAttemptAt, now),
          or(isNull(d.leaseExpiresAt), lt(d.leaseExpiresAt, now)),
          sql`exists (select 1 from webhook_endpoints e where e.id = ${d.endpointId} and e.enabled)`,
        ),
      )
      .orderBy(d.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(d)
      .set({ leaseOwner: owner, leaseExpiresAt: leaseUntil, attemptCount: sql`${d.attemptCount} + 1` })
      .where(inArray(d.id, due))
      .returning();
  }

  /** Marks attempts delivered, only where this owner still holds that attempt; returns the ids. */
  async markDelivered(owner: string, attempts: { id: string; number: number }[], now: Date, tx: Db): Promise<string[]> {
    if (attempts.length === 0) return [];
    const pairs = sql.join(
      attempts.map((a) => sql`(${a.id}, ${a.number})`),
      sql`, `,
    );
    const rows = await tx
      .update(d)
      .set({ status: 'delivered', deliveredAt: now, leaseOwner: null, leaseExpiresAt: null })
      .where(and(eq(d.leaseOwner, owner), sql`(${d.id}, ${d.attemptCount}) in (${pairs})`))
      .returning({ id: d.id });
    return rows.map((r) => r.id);
  }

  /** Schedules the next attempt (or ends the delivery as failed) if this owner holds the attempt. */
  async markFailed(owner: string, id: string, number: number, next: Date | null, tx: Db): Promise<boolean> {
    const rows = await tx
      .update(d)
      .set({ status: next ? 'pending' : 'failed', nextAttemptAt: next ?? sql`${d.nextAttemptAt}`, leaseOwner: null, leaseExpiresAt: null })
      .where(and(eq(d.id, id), eq(d.leaseOwner, owner), eq(d.attemptCount, number)))
      .returning({ id: d.id });
    return rows.length > 0;
  }

  /**
   * Manual replay (C-WH-9): makes the endpoint's matching deliveries due now, whatever their
   * status, except attempts in flight (a live lease: that attempt finishes first). The attempt
   * number goes on counting, so a replay of an exhausted delivery is one more attempt and, if it
   * fails, is not retried again. `undeliveredOnly` (the dashboard's "replay all failed since") leaves
   * delivered ones alone. Returns the ids, oldest event first, at most `limit`.
   */
  async replay(
    endpointId: string,
    match: { eventId: string } | { since: Date; until: Date; undeliveredOnly?: boolean },
    now: Date,
    limit: number,
  ): Promise<string[]> {
    const which =
      'eventId' in match
        ? eq(d.eventId, match.eventId)
        : and(gte(d.eventCreatedAt, match.since), lt(d.eventCreatedAt, match.until), match.undeliveredOnly ? ne(d.status, 'delivered') : undefined);
    const targets = this.db
      .select({ id: d.id })
      .from(d)
      .where(and(eq(d.endpointId, endpointId), which, or(isNull(d.leaseExpiresAt), lt(d.leaseExpiresAt, now))))
      .orderBy(d.eventCreatedAt, d.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await this.db
      .update(d)
      .set({ status: 'pending', nextAttemptAt: now, leaseOwner: null, leaseExpiresAt: null })
      .where(inArray(d.id, targets))
      .returning({ id: d.id });
    return rows.map((r) => r.id);
  }

  async hasEvent(endpointId: string, eventId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: d.id })
      .from(d)
      .where(and(eq(d.endpointId, endpointId), eq(d.eventId, eventId)))
      .limit(1);
    return rows.length > 0;
  }

  /** Attempt log; (delivery, number) is unique so a replayed record is a no-op. */
  async insertAttempts(rows: NewAttempt[], tx: Db): Promise<void> {
    if (rows.length) await tx.insert(webhookAttempts).values(rows).onConflictDoNothing();
  }

  async listRecent(endpointId: string, limit: number): Promise<{ delivery: DeliveryRow; attempts: AttemptRow[] }[]> {
    // Both reads in one snapshot: an attempt and its delivery's new state commit in one
    // transaction, so a delivery shown `delivered` always comes with the attempt that did it
    // (two plain reads could see the delivery after that commit and the attempts before it).
    return this.db.transaction(
      async (tx) => {
        const deliveries = await tx.select().from(d).where(eq(d.endpointId, endpointId)).orderBy(desc(d.createdAt), desc(d.id)).limit(limit);
        if (deliveries.length === 0) return [];
        const attempts = await tx
          .select()
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.deliveryId,
              deliveries.map((x) => x.id),
            ),
          );
        return deliveries.map((delivery) => ({ delivery, attempts: attempts.filter((a) => a.deliveryId === delivery.id).sort((a, b) => a.number - b.number) }));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }
}
