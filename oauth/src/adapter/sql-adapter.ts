import { CLAIMS_ACCOUNT_JSON } from '../accounts/account-columns.ts';
import { errors } from 'oidc-provider';
import { prepared, type SqlHandle } from '../db/sql.ts';
import type { OidcAdapter, Payload } from './types.ts';
import { readAhead } from './read-ahead.ts';
import type { ClaimsSnapshots } from '../accounts/claims-snapshots.ts';

interface Row {
  payload: Payload | string;
  consumed_at: Date | null;
}

/** A row joined with the grant and account the same request will ask for next. */
interface JoinedRow extends Row {
  grant_payload?: Payload | string | null;
  grant_consumed_at?: Date | null;
  account?: Record<string, unknown> | string | null;
}

const epoch = (d: Date) => Math.floor(new Date(d).getTime() / 1000);

/** The adapter's answer for a stored row: its payload, with `consumed` once it was used. */
export function storedPayload(payload: Payload | string, consumedAt: Date | null | undefined): Payload {
  const p = typeof payload === 'string' ? (JSON.parse(payload) as Payload) : payload;
  return consumedAt ? { ...p, consumed: epoch(consumedAt) } : p;
}

/**
 * What oidc-provider asks for after finding an artefact of this kind, in the same request:
 * a refresh token's grant and account (refresh grant), a grant's account (code exchange).
 * One statement reads them all; readAhead keeps the extra rows for the request.
 */
const JOINED: Record<string, string> = {
  RefreshToken: `SELECT t.payload, t.consumed_at, g.payload AS grant_payload, g.consumed_at AS grant_consumed_at, ${CLAIMS_ACCOUNT_JSON} AS account
    FROM oidc_payloads t
    LEFT JOIN oidc_payloads g ON g.kind = 'Grant' AND g.id = t.grant_id
    LEFT JOIN oauth_users u ON u.id = t.account_id
    WHERE t.kind = 'RefreshToken' AND t.id = $1`,
  Grant: `SELECT g.payload, g.consumed_at, ${CLAIMS_ACCOUNT_JSON} AS account
    FROM oidc_payloads g LEFT JOIN oauth_users u ON u.id = g.account_id
    WHERE g.kind = 'Grant' AND g.id = $1`,
};

/**
 * Durable artefacts (Grant, RefreshToken) in oidc_payloads. Expiry is checked by
 * oidc-provider from the payload's `exp`; rows past `expires_at` are swept (sweepExpired).
 */
export class SqlAdapter implements OidcAdapter {
  private readonly kind: string;
  private readonly sql: SqlHandle;
  /** Grants only: every write forgets the grant's claims snapshot after it. */
  private readonly snapshots: ClaimsSnapshots | undefined;

  constructor(kind: string, sql: SqlHandle, snapshots?: ClaimsSnapshots) {
    this.kind = kind;
    this.sql = sql;
    this.snapshots = kind === 'Grant' ? snapshots : undefined;
  }

  async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
    readAhead.forget(`${this.kind}:${id}`);
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    await prepared(
      this.sql,
      'oidc_upsert',
      `INSERT INTO oidc_payloads (id, kind, payload, grant_id, account_id, client_id, user_code, uid, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (kind, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
         account_id = EXCLUDED.account_id, client_id = EXCLUDED.client_id, user_code = EXCLUDED.user_code,
         uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
      [
        id,
        this.kind,
        JSON.stringify(payload),
        payload.grantId ?? null,
        payload.accountId ?? null,
        payload.clientId ?? null,
        payload.userCode ?? null,
        payload.uid ?? null,
        expiresAt,
      ],
    );
    await this.snapshots?.forgetGrant(id);
  }

  async find(id: string): Promise<Payload | undefined> {
    const kept = readAhead.take<Payload>(`${this.kind}:${id}`);
    if (kept) return kept;
    const joined = JOINED[this.kind];
    if (!joined) return this.one('id = $2', id);
    const [row] = (await prepared<JoinedRow>(this.sql, `oidc_find_${this.kind}`, joined, [id])).rows;
    if (!row) return undefined;
    const payload = storedPayload(row.payload, row.consumed_at);
    if (row.grant_payload && payload.grantId) readAhead.keep(`Grant:${payload.grantId}`, storedPayload(row.grant_payload, row.grant_consumed_at));
    if (row.account && payload.accountId) readAhead.keep(`User:${payload.accountId}`, typeof row.account === 'string' ? JSON.parse(row.account) : row.account);
    return payload;
  }

  findByUserCode(userCode: string): Promise<Payload | undefined> {
    return this.one('user_code = $2', userCode);
  }

  findByUid(uid: string): Promise<Payload | undefined> {
    return this.one('uid = $2', uid);
  }

  /**
   * Marks the artefact used, once: of two parallel redemptions only one row update wins; the
   * loser gets invalid_grant instead of a second set of tokens (C-BCP-7 race).
   */
  async consume(id: string): Promise<void> {
    const res = await prepared(
      this.sql,
      'oidc_consume',
      'UPDATE oidc_payloads SET consumed_at = $3 WHERE kind = $1 AND id = $2 AND consumed_at IS NULL RETURNING id',
      [this.kind, id, new Date()],
    );
    if (res.rows.length === 0) throw new errors.InvalidGrant('grant already used');
    await this.snapshots?.forgetGrant(id);
  }

  async destroy(id: string): Promise<void> {
    readAhead.forget(`${this.kind}:${id}`);
    await this.sql.query('DELETE FROM oidc_payloads WHERE kind = $1 AND id = $2', [this.kind, id]);
    await this.snapshots?.forgetGrant(id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.sql.query('DELETE FROM oidc_payloads WHERE kind = $1 AND grant_id = $2', [this.kind, grantId]);
  }

  private async one(where: string, value: string): Promise<Payload | undefined> {
    const res = await this.sql.query<Row>(`SELECT payload, consumed_at FROM oidc_payloads WHERE kind = $1 AND ${where} LIMIT 1`, [this.kind, value]);
    const row = res.rows[0];
    return row ? storedPayload(row.payload, row.consumed_at) : undefined;
  }
}

/** Deletes rows expired for more than a minute (oidc-provider already refuses them). */
export async function sweepExpired(sql: SqlHandle): Promise<void> {
  await sql.query('DELETE FROM oidc_payloads WHERE expires_at < $1', [new Date(Date.now() - 60_000)]);
}
