import { pgTable, text, timestamp, jsonb, index, uniqueIndex, bigserial, bigint } from 'drizzle-orm/pg-core';
import { accounts } from './tenancy.table.ts';

/**
 * The people of a tenant who use the dashboard (docs/decisions/dashboard-team.md): separate from
 * end users' service IDs. A member is invited by email and becomes active when the invitation is
 * accepted with a password. A removed member's row stays (the audit log refers to it) with its
 * email and password cleared, so the address can join a team again.
 */
export const teamMembers = pgTable(
  'team_members',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    // owner | developer | reviewer (core/src/team/roles.ts)
    role: text('role').notNull(),
    // invited | active | removed
    status: text('status').notNull(),
    // scrypt hash (core/src/team/password-hash.ts); null until the invitation is accepted and
    // again once the member is removed.
    passwordHash: text('password_hash'),
    invitedBy: text('invited_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true, mode: 'date' }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
  },
  // One membership per email across all tenants: a dashboard sign-in names one tenant.
  (t) => [uniqueIndex('team_members_email_idx').on(t.email), index('team_members_account_idx').on(t.accountId)],
);

/** An invitation: the token is stored as its SHA-256 only, single use, with an expiry. */
export const teamInvitations = pgTable('team_invitations', {
  tokenHash: text('token_hash').primaryKey(),
  memberId: text('member_id')
    .notNull()
    .references(() => teamMembers.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});

/**
 * Every change a member (or the operator) made: who, what, on which object, when. `details` holds
 * the changed settings' names and non-secret values; never a key, a signing secret or a password.
 */
export const teamAuditLog = pgTable(
  'team_audit_log',
  {
    id: text('id').primaryKey(),
    // Insertion order: changes made in the same millisecond still list newest first, and pages never skip one.
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    // A member id, or `operator` for the admin CLI.
    actor: text('actor').notNull(),
    // The actor's email when the change was made: the log still says who after a member is removed.
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('team_audit_log_account_at_idx').on(t.accountId, t.at), index('team_audit_log_account_seq_idx').on(t.accountId, t.seq)],
);

/**
 * A member's passkeys (WebAuthn, discoverable): the public key and signature counter only, never
 * anything secret. Deleted with the member row; a removed member's passkeys are refused at sign-in
 * because the member is no longer active (core/src/team/team-passkeys.ts).
 */
export const teamPasskeys = pgTable(
  'team_passkeys',
  {
    id: text('id').primaryKey(),
    memberId: text('member_id')
      .notNull()
      .references(() => teamMembers.id, { onDelete: 'cascade' }),
    // base64url, as the authenticator names it; one member per credential across all tenants.
    credentialId: text('credential_id').notNull(),
    // COSE public key, base64url.
    publicKey: text('public_key').notNull(),
    signCount: bigint('sign_count', { mode: 'number' }).notNull(),
    transports: jsonb('transports').$type<string[]>().notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('team_passkeys_credential_idx').on(t.credentialId), index('team_passkeys_member_idx').on(t.memberId)],
);
