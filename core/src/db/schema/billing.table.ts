import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, integer, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './tenancy.table.ts';

/**
 * The billing ledger: one row per billed decision (spec §7: decisions are billed, attempts are
 * not). `sessionId` is unique per kind so a decision can never be billed twice; idempotent
 * token verifications carry their Idempotency-Key instead. `paidFrom` says where the unit came
 * from (core/src/billing/paid-from.ts): the plan's allowance, a bought top-up, metered overage,
 * or absorbed at 0 by a plan that stops at its allowance; counting the first two is what keeps
 * an absorbed overage from using up a unit bought later.
 */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    projectId: text('project_id').notNull(),
    sessionId: text('session_id'),
    idempotencyKey: text('idempotency_key'),
    kind: text('kind').notNull(),
    month: text('month').notNull(),
    included: integer('included').notNull(),
    paidFrom: text('paid_from').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('billing_session_kind_idx').on(t.sessionId, t.kind),
    uniqueIndex('billing_idempotency_idx').on(t.projectId, t.idempotencyKey),
    // Covers the month's ledger, the budget's spend and the allowance's count (all read per account and month,
    // the dashboard's usage page four times): index-only scans instead of one heap visit per billed decision.
    index('billing_account_month_cover_idx').on(t.accountId, t.month, t.kind, t.paidFrom, t.amountCents, t.included),
    // Top-ups are kept until used, across months: their use is counted over all time.
    index('billing_account_top_up_idx')
      .on(t.accountId, t.kind)
      .where(sql`${t.paidFrom} = 'top_up'`),
  ],
);
