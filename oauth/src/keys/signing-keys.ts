import { generateKeyPairSync, randomBytes, type JsonWebKey } from 'node:crypto';
import type { SqlHandle } from '../db/sql.ts';
import { rows } from '../db/sql.ts';
import type { SealingCipher } from '../crypto/cipher.ts';

/** A private RS256 JWK as oidc-provider's `jwks` option takes it. */
export interface SigningJwk extends JsonWebKey {
  kid: string;
  alg: 'RS256';
  use: 'sig';
  kty: 'RSA';
}

interface KeyRow {
  kid: string;
  sealed_jwk: string;
  created_at: Date;
  retired_at: Date | null;
}

const AAD = 'oauth-signing-key';

/**
 * Signing keys (spec §2.6: RS256): generated on first start, the private JWK sealed with
 * DATA_KEYS (AES-256-GCM) in oauth_signing_keys. Rotation retires the active key and adds a
 * new one; a retired key stays in the JWKS (verify only) until every token it signed has
 * expired (C-OIDF-8), then drops out.
 */
export class SigningKeys {
  private readonly sql: SqlHandle;
  private readonly cipher: SealingCipher;
  /** Longest lifetime of anything signed (ID and access tokens), in seconds. */
  private readonly signedTtlSeconds: number;

  constructor(sql: SqlHandle, cipher: SealingCipher, signedTtlSeconds: number) {
    this.sql = sql;
    this.cipher = cipher;
    this.signedTtlSeconds = signedTtlSeconds;
  }

  /** Active key first (the one that signs), then retired keys still published. */
  async load(now = new Date()): Promise<{ active: SigningJwk; published: SigningJwk[] }> {
    let all = await this.rows();
    if (!all.some((r) => r.retired_at === null)) {
      await this.insert(now);
      all = await this.rows();
    }
    // Two instances starting at once on an empty table may both insert: every unretired key is
    // published and all sign with the same one (newest, then kid), so tokens verify anywhere.
    const graceMs = (this.signedTtlSeconds + 60) * 1000;
    const live = all.filter((r) => r.retired_at === null || new Date(r.retired_at).getTime() + graceMs > now.getTime());
    const published = live.map((r) => this.open(r));
    return { active: published[0], published };
  }

  /** Retires the active key and creates a new one; returns the new kid. */
  async rotate(now = new Date()): Promise<string> {
    await this.sql.query('UPDATE oauth_signing_keys SET retired_at = $1 WHERE retired_at IS NULL', [now]);
    return this.insert(now);
  }

  private async rows(): Promise<KeyRow[]> {
    return rows<KeyRow>(
      this.sql,
      'SELECT kid, sealed_jwk, created_at, retired_at FROM oauth_signing_keys ORDER BY (retired_at IS NULL) DESC, created_at DESC, kid',
    );
  }

  private async insert(now: Date): Promise<string> {
    const kid = randomBytes(12).toString('base64url');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
    await this.sql.query('INSERT INTO oauth_signing_keys (kid, sealed_jwk, created_at) VALUES ($1, $2, $3)', [
      kid,
      this.cipher.seal(JSON.stringify(jwk), `${AAD}:${kid}`),
      now,
    ]);
    return kid;
  }

  private open(row: KeyRow): SigningJwk {
    return JSON.parse(this.cipher.open(row.sealed_jwk, `${AAD}:${row.kid}`)) as SigningJwk;
  }
}

/** The public part of a key, exactly the fields of spec §4.2's JWKS. */
export function publicJwk(k: SigningJwk): { kty: 'RSA'; use: 'sig'; alg: 'RS256'; kid: string; n: string; e: string } {
  return { kty: 'RSA', use: 'sig', alg: 'RS256', kid: k.kid, n: k.n!, e: k.e! };
}
