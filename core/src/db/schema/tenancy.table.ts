import { pgTable, text, timestamp, boolean, integer, bigint, index, uniqueIndex } from 'drizzle-orm/pg-core';

/** A tenant account: the billing unit with a plan (spec §7.2, §8). */
export const accounts = pgTable('accounts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  plan: text('plan').notNull(),
  suspended: boolean('suspended').notNull().default(false),
  monthlyBudgetCents: bigint('monthly_budget_cents', { mode: 'number' }),
  topUpChecks: integer('top_up_checks').notNull().default(0),
  topUpVerifications: integer('top_up_verifications').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** A project (site) of an account: its own key pair, webhooks and API version. */
export const projects = pgTable(
  'projects',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    apiVersion: text('api_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('projects_account_idx').on(t.accountId)],
);

/** API keys, stored as SHA-256 of the full key; `kind` is secret | public | restricted. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    // What the dashboard may show again: a public key whole (it is published in pages anyway), else the
    // prefix and last four characters. Null for keys made before it was kept.
    hint: text('hint'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    // A rolled key keeps working until then (the overlap the tenant chose), then stops like a revoked one.
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.keyHash), index('api_keys_project_idx').on(t.projectId)],
);
