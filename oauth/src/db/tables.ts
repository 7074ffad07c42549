import { pgTable, text, timestamp, boolean, integer, bigint, jsonb, index, primaryKey } from 'drizzle-orm/pg-core';

// Tables of the OpenID Connect provider and of service IDs (docs/oauth.md), defined by the package
// that reads and writes them, always with parameterised SQL through `SqlHandle` (db/sql.ts), on
// PGlite and Postgres alike. core's drizzle config reads this file beside core's own schema, so
// one migration set still creates every table (DESIGN "Persistence"); nothing here is imported
// at run time.

/**
 * Durable oidc-provider artefacts (Grant, RefreshToken): the adapter contract's payload plus
 * the columns it looks up by. Short-lived artefacts (sessions, interactions, codes, access
 * tokens) live in the key-value store instead.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    accountId: text('account_id'),
    clientId: text('client_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_account_idx').on(t.accountId, t.kind),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** OAuth clients registered by tenants; the secret is stored as a SHA-256 digest only. */
export const oauthClients = pgTable(
  'oauth_clients',
  {
    clientId: text('client_id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    name: text('name').notNull(),
    logoUri: text('logo_uri'),
    redirectUris: text('redirect_uris').array().notNull(),
    allowedScopes: text('allowed_scopes').array().notNull(),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('oauth_clients_tenant_idx').on(t.tenantId)],
);

/**
 * Service accounts (spec §1 privacy rules): email, password hash and display name; what they
 * proved of their age lives in service_id_age_proofs. Never a birth date, a legal name or
 * document data, and nothing about the sites they verified on.
 */
export const oauthUsers = pgTable('oauth_users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  passwordHash: text('password_hash').notNull(),
  displayName: text('display_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Passkeys (WebAuthn credentials) of service accounts: several per account, each removable. Only
 * what verifying an assertion needs: the credential id, its COSE public key and signature counter.
 */
export const serviceIdPasskeys = pgTable(
  'service_id_passkeys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => oauthUsers.id, { onDelete: 'cascade' }),
    // base64url of the raw credential id, as WebAuthn's JSON encodings carry it.
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('service_id_passkeys_user_idx').on(t.userId)],
);

/**
 * The age a service account proved, one row per method (document, wallet, facial_estimate):
 * the highest of 12/15/18/21/25 met, when it next changes (birth-date-derived brackets only) and
 * when it was proved. Never a birth date, a name, a document number, or the site it came from.
 */
export const serviceIdAgeProofs = pgTable(
  'service_id_age_proofs',
  {
    userId: text('user_id')
      .notNull()
      .references(() => oauthUsers.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    bracket: integer('bracket').notNull(),
    nextChangeAt: timestamp('next_change_at', { withTimezone: true, mode: 'date' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.method] })],
);

/** RS256 signing keys, private JWK sealed with DATA_KEYS; retired keys stay published until their tokens expire. */
export const oauthSigningKeys = pgTable('oauth_signing_keys', {
  kid: text('kid').primaryKey(),
  sealedJwk: text('sealed_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
});
