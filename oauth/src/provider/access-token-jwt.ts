import { createPrivateKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify, createLocalJWKSet } from 'jose';
import { publicJwk, type SigningJwk } from '../keys/signing-keys.ts';

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export function looksLikeJwt(value: unknown): value is string {
  return typeof value === 'string' && JWT_SHAPE.test(value);
}

interface StoredAccessToken {
  jti?: unknown;
  accountId?: unknown;
  clientId?: unknown;
  scope?: unknown;
  iat?: unknown;
  exp?: unknown;
}

/**
 * Access tokens are RS256 JWTs (spec §2.6, RFC 9068 profile: `typ: at+jwt`) whose `jti` is the
 * key of the stored token. oidc-provider keeps storing the token (so revocation, consent
 * withdrawal and introspection work); only the value handed out is the signed JWT, and a
 * presented JWT is verified (signature, issuer, audience, expiry) before its `jti` is looked up.
 */
export class AccessTokenJwt {
  readonly audience: string;
  private readonly issuer: string;
  private readonly kid: string;
  private readonly key: KeyObject;
  private readonly jwks: ReturnType<typeof createLocalJWKSet>;

  constructor(issuer: string, active: SigningJwk, published: SigningJwk[]) {
    this.issuer = issuer;
    this.audience = `${issuer}/oauth/userinfo`;
    this.kid = active.kid;
    this.key = createPrivateKey({ key: active, format: 'jwk' });
    this.jwks = createLocalJWKSet({ keys: published.map(publicJwk) });
  }

  sign(t: StoredAccessToken): Promise<string> {
    return new SignJWT({ client_id: t.clientId, scope: t.scope })
      .setProtectedHeader({ alg: 'RS256', kid: this.kid, typ: 'at+jwt' })
      .setIssuer(this.issuer)
      .setAudience(this.audience)
      .setSubject(String(t.accountId))
      .setJti(String(t.jti))
      .setIssuedAt(Number(t.iat))
      .setExpirationTime(Number(t.exp))
      .sign(this.key);
  }

  /** The stored token id of a valid access-token JWT of ours; undefined for anything else. */
  async jtiOf(token: string): Promise<string | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.jwks, { issuer: this.issuer, audience: this.audience, typ: 'at+jwt', algorithms: ['RS256'] });
      return typeof payload.jti === 'string' ? payload.jti : undefined;
    } catch {
      return undefined;
    }
  }
}
