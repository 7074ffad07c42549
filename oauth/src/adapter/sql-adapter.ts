import { errors } from 'oidc-provider';
import type { SqlHandle } from '../db/sql.ts';
import type { OidcAdapter, Payload } from './types.ts';

interface Row {
  payload: Payload;
  consumed_at: Date | null;
}

const epoch = (d: Date) => Math.floor(new Date(d).getTime() / 1000);

/**
 * Durable artefacts (Grant, AccessToken, RefreshToken) in oidc_payloads. Expiry is checked by
 * oidc-provider from the payload's `exp`; rows past `expires_at` are swept (sweepExpired).
 */
export class SqlAdapter implements OidcAdapter {
  private readonly kind: string;
  private readonly sql: SqlHandle;

  constructor(kind: string, sql: SqlHandle) {
    this.kind = kind;
    this.sql = sql;
  }

  async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    await this.sql.query(
      `INSERT INTO oidc_payloads (id, kind, payload, grant_id, account_id, client_id, user_code, uid, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (kind, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
         account_id = EXCLUDED.account_id, client_id = EXCLUDED.client_id, user_code = EXCLUDED.user_code,
         uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
      [id, this.kind, JSON.stringify(payload), payload.grantId ?? null, payload.accountId ?? null, payload.clientId ?? null, payload.userCode ?? null, payload.uid ?? null, expiresAt],
    );
  }

  find(id: string): Promise<Payload | undefined> {
    return this.one('id = $2', id);
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
    const res = await this.sql.query('UPDATE oidc_payloads SET consumed_at = $3 WHERE kind = $1 AND id = $2 AND consumed_at IS NULL RETURNING id', [this.kind, id, new Date()]);
    if (res.rows.length === 0) throw new errors.InvalidGrant('grant already used');
  }

  async destroy(id: string): Promise<void> {
    await this.sql.query('DELETE FROM oidc_payloads WHERE kind = $1 AND id = $2', [this.kind, id]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.sql.query('DELETE FROM oidc_payloads WHERE kind = $1 AND grant_id = $2', [this.kind, grantId]);
  }

  private async one(where: string, value: string): Promise<Payload | undefined> {
    const res = await this.sql.query<Row>(`SELECT payload, consumed_at FROM oidc_payloads WHERE kind = $1 AND ${where} LIMIT 1`, [this.kind, value]);
    const row = res.rows[0];
    if (!row) return undefined;
    const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as Payload) : row.payload;
    return row.consumed_at ? { ...payload, consumed: epoch(row.consumed_at) } : payload;
  }
}

/** Deletes rows expired for more than a minute (oidc-provider already refuses them). */
export async function sweepExpired(sql: SqlHandle): Promise<void> {
  await sql.query('DELETE FROM oidc_payloads WHERE expires_at < $1', [new Date(Date.now() - 60_000)]);
}
