import type { SqlHandle } from '../db/sql.ts';
import { prepared, rows } from '../db/sql.ts';
import { newSecret } from '../crypto/secrets.ts';
import { readAhead } from '../adapter/read-ahead.ts';
import { storedPayload } from '../adapter/sql-adapter.ts';
import type { Payload } from '../adapter/types.ts';
import type { ClaimsSnapshots, ClaimsUserRow } from './claims-snapshots.ts';
import { AGE_PROOFS_JSON } from './account-columns.ts';
import { supersedes, toAgeProof, type AgeProof, type AgeProofRow } from './age-proofs.ts';

export interface User {
  id: string;
  email: string;
  emailVerified: boolean;
  passwordHash: string;
  displayName: string;
  /** One per method at most (accounts/age-proofs.ts). */
  ageProofs: AgeProof[];
}

/** An account as claims see it: everything but the password hash. */
export type ClaimsUser = Omit<User, 'passwordHash'>;

interface Row {
  id: string;
  email: string;
  email_verified: boolean;
  password_hash: string;
  display_name: string;
  age_proofs: AgeProofRow[] | string | null;
}

// The account's age proofs ride along as one JSON array column: one round trip for both.
const USER_COLUMNS = `${['id', 'email', 'email_verified', 'password_hash', 'display_name'].map((c) => `u.${c}`).join(', ')}, ${AGE_PROOFS_JSON} AS age_proofs`;

const SELECT_USER = `SELECT ${USER_COLUMNS} FROM oauth_users u`;

function proofsOf(value: AgeProofRow[] | string | null): AgeProof[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as AgeProofRow[]) : (value ?? []);
  return list.map(toAgeProof);
}

const toUser = (r: Row): User => ({
  id: r.id,
  email: r.email,
  emailVerified: r.email_verified,
  passwordHash: r.password_hash,
  displayName: r.display_name,
  ageProofs: proofsOf(r.age_proofs),
});

const toClaimsUser = (r: ClaimsUserRow): ClaimsUser => ({
  id: r.id,
  email: r.email,
  emailVerified: r.email_verified,
  displayName: r.display_name,
  ageProofs: proofsOf(r.age_proofs),
});

/**
 * Service accounts in oauth_users (see oauth/README.md for why oauth, not core, holds them for
 * now). Every write forgets the account's claims snapshot (claims-snapshots.ts) after it.
 */
export class UsersRepository {
  private readonly sql: SqlHandle;
  private readonly snapshots: ClaimsSnapshots | undefined;

  constructor(sql: SqlHandle, snapshots?: ClaimsSnapshots) {
    this.sql = sql;
    this.snapshots = snapshots;
  }

  /** Creates the account; null when the email is taken. */
  async create(u: { email: string; passwordHash: string; displayName: string }): Promise<User | null> {
    const id = newSecret('usr_', 12);
    const res = await rows<Row>(
      this.sql,
      `INSERT INTO oauth_users (id, email, password_hash, display_name, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (email) DO NOTHING RETURNING id, email, email_verified, password_hash, display_name, '[]'::json AS age_proofs`,
      [id, normaliseEmail(u.email), u.passwordHash, u.displayName, new Date()],
    );
    return res[0] ? toUser(res[0]) : null;
  }

  async byId(id: string): Promise<User | undefined> {
    const [r] = await rows<Row>(this.sql, `${SELECT_USER} WHERE u.id = $1`, [id]);
    return r ? toUser(r) : undefined;
  }

  /**
   * The account oidc-provider's findAccount asks for: taken from what the request already read
   * ahead (adapter/read-ahead.ts) when it can; else, with the grant the request will ask for
   * next (userinfo asks for the account, then the token's grant), from the claims snapshots in
   * the key-value store, or read from SQL in one statement and cached there.
   */
  async forRequest(id: string, grantId?: string): Promise<ClaimsUser | undefined> {
    const kept = readAhead.take<Row>(`User:${id}`);
    if (kept) return toClaimsUser(kept);
    if (!grantId) return this.byId(id);
    const cached = await this.snapshots?.read(id, grantId);
    if (cached) {
      readAhead.keep(`Grant:${grantId}`, cached.grant);
      return toClaimsUser(cached.user);
    }
    const [r] = (
      await prepared<Row & { grant_payload: Payload | string | null; grant_consumed_at: Date | null }>(
        this.sql,
        'oauth_user_with_grant',
        `SELECT ${USER_COLUMNS}, g.payload AS grant_payload, g.consumed_at AS grant_consumed_at
       FROM oauth_users u LEFT JOIN oidc_payloads g ON g.kind = 'Grant' AND g.id = $2 WHERE u.id = $1`,
        [id, grantId],
      )
    ).rows;
    if (!r) return undefined;
    if (r.grant_payload) {
      const grant = storedPayload(r.grant_payload, r.grant_consumed_at);
      readAhead.keep(`Grant:${grantId}`, grant);
      await this.snapshots?.fill(r, grantId, grant);
    }
    return toClaimsUser(r);
  }

  async byEmail(email: string): Promise<User | undefined> {
    const [r] = await rows<Row>(this.sql, `${SELECT_USER} WHERE u.email = $1`, [normaliseEmail(email)]);
    return r ? toUser(r) : undefined;
  }

  async markEmailVerified(id: string): Promise<void> {
    await this.sql.query('UPDATE oauth_users SET email_verified = true WHERE id = $1', [id]);
    await this.snapshots?.forgetAccount(id);
  }

  /**
   * Saves what a verification proved (accounts/age-proofs.ts `supersedes`: the newer birth date
   * wins, an estimate never lowers what an estimate proved). Returns false when the account does
   * not exist or the stored proof stands.
   */
  async saveAgeProof(id: string, proof: AgeProof, now = new Date()): Promise<boolean> {
    const user = await this.byId(id);
    if (
      !user ||
      !supersedes(
        proof,
        user.ageProofs.find((p) => p.method === proof.method),
        now,
      )
    )
      return false;
    await this.sql.query(
      `INSERT INTO service_id_age_proofs (user_id, method, bracket, next_change_at, verified_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, method) DO UPDATE SET bracket = EXCLUDED.bracket, next_change_at = EXCLUDED.next_change_at, verified_at = EXCLUDED.verified_at`,
      [id, proof.method, proof.bracket, proof.nextChangeAt, proof.verifiedAt],
    );
    await this.snapshots?.forgetAccount(id);
    return true;
  }

  /** Deletes the account and every durable OAuth artefact of it (grants, refresh tokens). */
  async deleteWithArtefacts(id: string): Promise<void> {
    await this.sql.query('DELETE FROM oidc_payloads WHERE account_id = $1', [id]);
    await this.sql.query('DELETE FROM oauth_users WHERE id = $1', [id]);
    await this.snapshots?.forgetAccount(id);
  }

  /** Number of distinct clients the account has granted (the connected_sites_count claim). */
  async connectedSites(id: string): Promise<number> {
    const [r] = await rows<{ n: string | number }>(
      this.sql,
      "SELECT count(DISTINCT client_id) AS n FROM oidc_payloads WHERE account_id = $1 AND kind = 'Grant'",
      [id],
    );
    return Number(r?.n ?? 0);
  }
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
