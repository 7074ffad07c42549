import { pgTable, text, timestamp, integer, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './tenancy.table.ts';

/**
 * The billing ledger: one row per billed decision (spec §7: decisions are billed, attempts are
 * not). `sessionId` is unique per kind so a decision can never be billed twice; idempotent
 * token verifications carry their Idempotency-Key instead.
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
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('billing_session_kind_idx').on(t.sessionId, t.kind),
    uniqueIndex('billing_idempotency_idx').on(t.projectId, t.idempotencyKey),
    index('billing_account_month_idx').on(t.accountId, t.month),
  ],
);
