import { pgTable, text, timestamp, index, primaryKey } from 'drizzle-orm/pg-core';
import { accounts, projects } from './tenancy.table.ts';

/**
 * Face 2FA enrollments (spec §1, §4.1): one per (project, tenant user id), the 512-d EMBEDDING
 * only (never an image), sealed with DATA_KEYS (AAD = project + user). Kept until the tenant
 * deletes the user (DELETE /verify/v1/2fa/users/{user_id}) or the project goes.
 */
export const faceEnrollments = pgTable(
  'face_enrollments',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    externalUserId: text('external_user_id').notNull(),
    embeddingSealed: text('embedding_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.externalUserId] })],
);

/**
 * Face 2FA challenges: the asynchronous register/verify requests and their outcome (pass/fail
 * and a reason, never a score). Purged 24 hours after creation (docs/face-2fa.md).
 */
export const faceChallenges = pgTable(
  'face_challenges',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    externalUserId: text('external_user_id').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    errorCode: text('error_code'),
    /** FACE_QUALITY_LOW only: why the face was unusable (blur, face_rotated, …), as the API shows them. */
    errorReasons: text('error_reasons').array(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('face_challenges_user_idx').on(t.projectId, t.externalUserId), index('face_challenges_created_idx').on(t.createdAt)],
);

/**
 * The face deny list of a tenant ACCOUNT (spec §1: private to the account, shared by its
 * projects). The embedding is always derived server-side (from a session's selfie or an
 * uploaded image) and sealed; the API never returns it.
 */
export const blacklistEntries = pgTable(
  'blacklist_entries',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull(),
    errorCode: text('error_code'),
    errorReasons: text('error_reasons').array(),
    embeddingSealed: text('embedding_sealed'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('blacklist_account_idx').on(t.accountId, t.status, t.createdAt)],
);
