import type { SqlHandle } from '../db/sql.ts';
import { rows } from '../db/sql.ts';
import { newSecret } from '../crypto/secrets.ts';

/** A stored passkey: what verifying an assertion needs, and what the portal lists. */
export interface StoredPasskey {
  id: string;
  userId: string;
  /** base64url of the raw credential id. */
  credentialId: string;
  /** base64url of the COSE public key. */
  publicKey: string;
  signCount: number;
  transports: string[];
  deviceType: 'singleDevice' | 'multiDevice';
  backedUp: boolean;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

interface Row {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  sign_count: string | number;
  transports: string[];
  device_type: string;
  backed_up: boolean;
  name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
}

const toPasskey = (r: Row): StoredPasskey => ({
  id: r.id,
  userId: r.user_id,
  credentialId: r.credential_id,
  publicKey: r.public_key,
  signCount: Number(r.sign_count),
  transports: r.transports ?? [],
  deviceType: r.device_type === 'multiDevice' ? 'multiDevice' : 'singleDevice',
  backedUp: r.backed_up,
  name: r.name,
  createdAt: new Date(r.created_at),
  lastUsedAt: r.last_used_at ? new Date(r.last_used_at) : null,
});

/** Passkeys of service IDs in `service_id_passkeys` (deleted with their account by the foreign key). */
export class PasskeysRepository {
  private readonly sql: SqlHandle;

  constructor(sql: SqlHandle) {
    this.sql = sql;
  }

  /** Stores a new passkey; null when the credential id is already registered (to anyone). */
  async create(p: Omit<StoredPasskey, 'id' | 'createdAt' | 'lastUsedAt'>): Promise<StoredPasskey | null> {
    const res = await rows<Row>(
      this.sql,
      `INSERT INTO service_id_passkeys (id, user_id, credential_id, public_key, sign_count, transports, device_type, backed_up, name, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (credential_id) DO NOTHING RETURNING *`,
      [newSecret('pk_', 12), p.userId, p.credentialId, p.publicKey, p.signCount, p.transports, p.deviceType, p.backedUp, p.name, new Date()],
    );
    return res[0] ? toPasskey(res[0]) : null;
  }

  async byCredentialId(credentialId: string): Promise<StoredPasskey | undefined> {
    const res = await rows<Row>(this.sql, 'SELECT * FROM service_id_passkeys WHERE credential_id = $1', [credentialId]);
    return res[0] ? toPasskey(res[0]) : undefined;
  }

  async listByUser(userId: string): Promise<StoredPasskey[]> {
    return (await rows<Row>(this.sql, 'SELECT * FROM service_id_passkeys WHERE user_id = $1 ORDER BY created_at, id', [userId])).map(toPasskey);
  }

  /**
   * Records a use: the new counter and the time, only if the counter still moves forward (or
   * both stay 0, for authenticators without a counter). False when another use got there first
   * with the same or a higher counter: a cloned authenticator or a replay racing this one.
   */
  async recordUse(id: string, signCount: number, at: Date): Promise<boolean> {
    const res = await rows<{ id: string }>(
      this.sql,
      `UPDATE service_id_passkeys SET sign_count = $2, last_used_at = $3
       WHERE id = $1 AND (sign_count < $2 OR (sign_count = 0 AND $2 = 0)) RETURNING id`,
      [id, signCount, at],
    );
    return res.length === 1;
  }

  async remove(userId: string, id: string): Promise<boolean> {
    return (await rows<{ id: string }>(this.sql, 'DELETE FROM service_id_passkeys WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId])).length === 1;
  }
}
