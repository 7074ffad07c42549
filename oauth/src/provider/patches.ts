import Provider, { errors } from 'oidc-provider';
import { sameDigest, sha256Hex } from '../crypto/secrets.ts';
import { AccessTokenJwt, looksLikeJwt } from './access-token-jwt.ts';
import { revokeGrant } from './revoke-grant.ts';

type AnyModel = { prototype: Record<string, unknown>; find: (...args: unknown[]) => Promise<unknown> };

/**
 * Adjusts oidc-provider's models to the spec without forking it:
 * - access tokens are handed out as JWTs and looked up by their verified `jti`;
 * - codes and refresh tokens carry the spec prefixes `xoac_` / `xort_` (spec §2.6);
 * - a redemption that loses a race for a code or refresh token counts as reuse: the grant is
 *   revoked, as oidc-provider does when the second use comes later (RFC 6749 §4.1.2, RFC 9700);
 * - client secrets are compared against the stored SHA-256 digest (the brute-force guard runs
 *   before, in koa-middleware.ts, keyed on address and client id).
 */
export function patchModels(provider: Provider, atJwt: AccessTokenJwt): void {
  jwtAccessTokens(provider, atJwt);
  prefixIds(provider.AuthorizationCode as unknown as AnyModel, 'xoac_');
  prefixIds(provider.RefreshToken as unknown as AnyModel, 'xort_');
  revokeOnLostRace(provider, provider.AuthorizationCode as unknown as AnyModel);
  revokeOnLostRace(provider, provider.RefreshToken as unknown as AnyModel);
  const Client = provider.Client as unknown as AnyModel;
  Client.prototype.compareClientSecret = async function (this: { clientSecret: string }, actual: string) {
    return sameDigest(this.clientSecret, sha256Hex(String(actual)));
  };
}

/**
 * Access tokens handed out as RS256 JWTs (spec §2.6) while oidc-provider keeps storing them by
 * id: the value is signed from the stored payload, and a presented JWT is verified before its
 * `jti` is looked up. Exported for bench/oauth, whose bare provider issues the same tokens.
 */
export function jwtAccessTokens(provider: Provider, atJwt: AccessTokenJwt): void {
  const AccessToken = provider.AccessToken as unknown as AnyModel;
  const valueAndPayload = AccessToken.prototype.getValueAndPayload as () => Promise<{ value: string; payload: Record<string, unknown> }>;
  AccessToken.prototype.getValueAndPayload = async function (this: unknown) {
    const { payload } = await valueAndPayload.call(this);
    return { value: await atJwt.sign(payload), payload };
  };
  const find = AccessToken.find;
  AccessToken.find = async function (this: unknown, value: unknown, ...rest: unknown[]) {
    if (!looksLikeJwt(value)) {
      // Introspection and revocation arrive here with the stored id that rewriteTokenParam took
      // from a verified JWT. At userinfo the value is the bearer credential itself: only the
      // signed JWT counts there, never the bare `jti` inside it (readable by whoever sees the token).
      if (currentRoute() === 'userinfo') return undefined;
      return find.call(this, value, ...rest);
    }
    const jti = await atJwt.jtiOf(value);
    return jti ? find.call(this, jti, ...rest) : undefined;
  };
}

function prefixIds(model: AnyModel, prefix: string): void {
  const generate = model.prototype.generateTokenId as () => string;
  model.prototype.generateTokenId = function (this: unknown) {
    return prefix + generate.call(this);
  };
}

/**
 * The adapters' consume is atomic: of parallel redemptions one wins and the others get
 * invalid_grant from it. oidc-provider revokes the grant only when it sees the artefact already
 * consumed on reading it (a later reuse); a loser of the race read it unconsumed, so it revokes
 * here what the winner got or is about to get (tokens of a destroyed grant are refused).
 */
function revokeOnLostRace(provider: Provider, model: AnyModel): void {
  const consume = model.prototype.consume as () => Promise<void>;
  model.prototype.consume = async function (this: { grantId?: string }) {
    try {
      await consume.call(this);
    } catch (err) {
      if (err instanceof errors.InvalidGrant && this.grantId) await revokeGrant(provider, this.grantId);
      throw err;
    }
  };
}

/** The oidc-provider route of the request being served (its AsyncLocalStorage context), if any. */
function currentRoute(): string | undefined {
  return (Provider.ctx as { oidc?: { route?: string } } | undefined)?.oidc?.route;
}
