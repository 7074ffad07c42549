import { pgTable, text, timestamp, integer, jsonb, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects } from './tenancy.table.ts';

/**
 * A verification session (spec §2-§3). Tokens are stored as SHA-256 hashes only. Nothing here
 * holds personal data: no image, no birth date, no name (privacy rules of spec §1).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    step: text('step').notNull(),
    purpose: text('purpose').notNull(),
    verificationMode: text('verification_mode').notNull(),
    minAge: integer('min_age'),
    mismatchPolicy: text('mismatch_policy').notNull(),
    callbackUrl: text('callback_url').notNull(),
    externalUserId: text('external_user_id'),
    theme: text('theme'),
    locale: text('locale'),
    ipCountry: text('ip_country'),
    path: text('path'),
    pathRule: text('path_rule'),
    initTokenHash: text('init_token_hash').notNull(),
    initTokenExpiresAt: timestamp('init_token_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    initTokenUsedAt: timestamp('init_token_used_at', { withTimezone: true, mode: 'date' }),
    resultTokenHash: text('result_token_hash').notNull(),
    // AES-GCM sealed copy of the result token: the widget must be able to send the browser to the
    // callback again (reload, cross-device hand-off) although only the hash is used for lookup.
    resultTokenSealed: text('result_token_sealed').notNull(),
    resultTokenConsumedAt: timestamp('result_token_consumed_at', { withTimezone: true, mode: 'date' }),
    resultExpiresAt: timestamp('result_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    widgetTokenHash: text('widget_token_hash'),
    deviceNonceHash: text('device_nonce_hash'),
    deviceNonceExpiresAt: timestamp('device_nonce_expires_at', { withTimezone: true, mode: 'date' }),
    deviceNonceIssuedAt: timestamp('device_nonce_issued_at', { withTimezone: true, mode: 'date' }),
    checks: jsonb('checks').notNull(),
    reason: text('reason'),
    verificationType: text('verification_type'),
    billedKind: text('billed_kind'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('sessions_init_token_idx').on(t.initTokenHash),
    uniqueIndex('sessions_result_token_idx').on(t.resultTokenHash),
    uniqueIndex('sessions_widget_token_idx').on(t.widgetTokenHash),
    // The dashboard's sessions list: one project's sessions newest first, paged by keyset on (created_at, id).
    // Its leading column serves the project lookups (and the cascade) the former project_id index did.
    index('sessions_project_created_idx').on(t.projectId, t.createdAt, t.id),
    index('sessions_expiry_idx').on(t.status, t.expiresAt),
  ],
);
