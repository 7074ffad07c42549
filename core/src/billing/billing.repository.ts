import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { billingEvents } from '../db/schema/index.ts';
import type { UnitsUsed } from './paid-from.ts';

export type BillingEventRow = typeof billingEvents.$inferInsert;

/** One kind's line of a month: decisions, how many the plan covered, where each was paid from, amount. */
export interface UsageSummary {
  kind: string;
  count: number;
  included: number;
  topUp: number;
  metered: number;
  absorbed: number;
  amountCents: number;
}

/** The billing ledger (one row per billed decision). */
export class BillingRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Inserts unless the same decision (session, kind) or idempotency key was billed already. */
  async insertOnce(row: BillingEventRow, tx: Db = this.db): Promise<boolean> {
    const res = await tx.insert(billingEvents).values(row).onConflictDoNothing().returning({ id: billingEvents.id });
    return res.length > 0;
  }

  /** Usage per kind for an account, in one month or (month = null) over all time. */
  async usage(accountId: string, month: string | null, tx: Db = this.db): Promise<UsageSummary[]> {
    const where = month ? and(eq(billingEvents.accountId, accountId), eq(billingEvents.month, month)) : eq(billingEvents.accountId, accountId);
    const paid = (from: string) => sql<number>`(count(*) filter (where ${billingEvents.paidFrom} = ${from}))::int`;
    const rows = await tx
      .select({
        kind: billingEvents.kind,
        count: sql<number>`count(*)::int`,
        included: sql<number>`coalesce(sum(${billingEvents.included}), 0)::int`,
        topUp: paid('top_up'),
        metered: paid('metered'),
        absorbed: paid('absorbed'),
        amountCents: sql<number>`coalesce(sum(${billingEvents.amountCents}), 0)::int`,
      })
      .from(billingEvents)
      .where(where)
      .groupBy(billingEvents.kind);
    return rows;
  }

  /**
   * Units used per kind: the allowance's in `month` (null: over all time, the free plan's one-time
   * credit), top-ups' always over all time (they are kept until used).
   */
  async unitsUsed(accountId: string, month: string | null, tx: Db = this.db): Promise<Map<string, UnitsUsed>> {
    const e = billingEvents;
    const inPeriod = month ? and(eq(e.paidFrom, 'allowance'), eq(e.month, month)) : eq(e.paidFrom, 'allowance');
    const rows = await tx
      .select({
        kind: e.kind,
        allowance: sql<number>`(count(*) filter (where ${e.paidFrom} = 'allowance'))::int`,
        topUps: sql<number>`(count(*) filter (where ${e.paidFrom} = 'top_up'))::int`,
      })
      .from(e)
      // Two index ranges: the period's rows (account, month) and the account's top-up rows.
      .where(and(eq(e.accountId, accountId), sql`(${inPeriod} or ${e.paidFrom} = 'top_up')`))
      .groupBy(e.kind);
    return new Map(rows.map((r) => [r.kind, { allowance: r.allowance, topUps: r.topUps }]));
  }

  /** Holds the account's billing lock until `tx` ends, in every core process (an advisory lock). */
  async lockAccount(tx: Db, accountId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`allowance:${accountId}`}))`);
  }

  async findByIdempotencyKey(projectId: string, key: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: billingEvents.id })
      .from(billingEvents)
      .where(and(eq(billingEvents.projectId, projectId), eq(billingEvents.idempotencyKey, key)))
      .limit(1);
    return rows.length > 0;
  }
}
