import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { billingEvents } from '../db/schema/index.ts';

export type BillingEventRow = typeof billingEvents.$inferInsert;

export interface UsageSummary {
  kind: string;
  count: number;
  included: number;
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
    const rows = await tx
      .select({
        kind: billingEvents.kind,
        count: sql<number>`count(*)::int`,
        included: sql<number>`coalesce(sum(${billingEvents.included}), 0)::int`,
        amountCents: sql<number>`coalesce(sum(${billingEvents.amountCents}), 0)::int`,
      })
      .from(billingEvents)
      .where(where)
      .groupBy(billingEvents.kind);
    return rows;
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
