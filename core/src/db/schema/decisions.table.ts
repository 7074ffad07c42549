import { pgTable, text, timestamp, integer, jsonb, index, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { accounts, projects } from './tenancy.table.ts';
import { sessions } from './session.table.ts';

/** The rule engine's settings of a project (docs/decisions/path-selection.md). */
export const projectRules = pgTable('project_rules', {
  projectId: text('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  contentCategory: text('content_category').notNull(),
  // null: the content category's default list.
  restrictedCountries: text('restricted_countries').array(),
  // Path A's checks run on the server (frames), never on the device: an on-device verdict is refused.
  serverSideChecks: boolean('server_side_checks').notNull().default(false),
  // Path D: which proof methods of a service ID's age the project accepts (null: the default), and
  // how old the proof may be in days (null: the default).
  tokenMethods: text('token_methods').array(),
  tokenMaxAgeDays: integer('token_max_age_days'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * What a session holds for at most 24 hours (spec §8): the tenant's data-match claims and the
 * selfie EMBEDDING of the liveness step (never an image), each sealed with DATA_KEYS
 * (AES-256-GCM, AAD = session id + purpose). The purge job deletes rows at `purgeAt`.
 */
export const sessionSecrets = pgTable(
  'session_secrets',
  {
    sessionId: text('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    claimsSealed: text('claims_sealed'),
    selfieEmbeddingSealed: text('selfie_embedding_sealed'),
    purgeAt: timestamp('purge_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('session_secrets_purge_idx').on(t.purgeAt)],
);

/**
 * The document decision's outputs that are not personal data: the risk band (in the result
 * record) and the signals that fired (reviewer context only), the data-match verdicts, and the
 * age bracket a service ID may claim within 24 hours (docs/decisions/service-ids.md). No birth date,
 * name or document number is ever stored.
 */
export const sessionDecisions = pgTable('session_decisions', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  riskBand: text('risk_band'),
  riskSignals: text('risk_signals').array().notNull(),
  bracket: integer('bracket'),
  // How the bracket was proved: 'document' (birth date read from a document) or 'facial_estimate'.
  bracketMethod: text('bracket_method'),
  bracketNextChangeAt: timestamp('bracket_next_change_at', { withTimezone: true, mode: 'date' }),
  bracketClaimableUntil: timestamp('bracket_claimable_until', { withTimezone: true, mode: 'date' }),
  bracketClaimedAt: timestamp('bracket_claimed_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * The tenant review queue (spec §3): one row per session that landed in pending_tenant_review,
 * with the context a reviewer needs (data-match verdicts, or the AML match) and the decision.
 * A retake links the original to the new session (`retakeSessionId`).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    context: jsonb('context').notNull(),
    status: text('status').notNull(),
    note: text('note'),
    decidedByKeyId: text('decided_by_key_id'),
    retakeSessionId: text('retake_session_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('reviews_session_idx').on(t.sessionId),
    index('reviews_project_status_idx').on(t.projectId, t.status, t.createdAt),
    uniqueIndex('reviews_retake_session_idx').on(t.retakeSessionId),
  ],
);

/** A per-tenant random key (sealed) for the keyed HMAC of document numbers. */
export const tenantHmacKeys = pgTable('tenant_hmac_keys', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  keySealed: text('key_sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Document-number reuse across a tenant's sessions (risk signal): only a keyed HMAC of the
 * normalised number per tenant, never the number; kept for the reuse window, then purged.
 */
export const documentFingerprints = pgTable(
  'document_fingerprints',
  {
    sessionId: text('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    numberHmac: text('number_hmac').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('document_fingerprints_lookup_idx').on(t.accountId, t.numberHmac, t.createdAt)],
);
