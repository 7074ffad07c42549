import type Provider from 'oidc-provider';
import { sameDigest, sha256Hex } from '../crypto/secrets.ts';
import { AccessTokenJwt, looksLikeJwt } from './access-token-jwt.ts';

type AnyModel = { prototype: Record<string, unknown>; find: (...args: unknown[]) => Promise<unknown> };

/**
 * Adjusts oidc-provider's models to the spec without forking it:
 * - access tokens are handed out as JWTs and looked up by their verified `jti`;
 * - codes and refresh tokens carry the spec prefixes `xoac_` / `xort_` (spec §2.6);
 * - client secrets are compared against the stored SHA-256 digest, and a client that failed
 *   authentication too often is refused before the comparison (token endpoint brute force).
 */
export function patchModels(provider: Provider, atJwt: AccessTokenJwt, guard: { clientBlocked(clientId: string): Promise<boolean>; blockedError(): Error }): void {
  const AccessToken = provider.AccessToken as unknown as AnyModel;
  const valueAndPayload = AccessToken.prototype.getValueAndPayload as () => Promise<{ value: string; payload: Record<string, unknown> }>;
  AccessToken.prototype.getValueAndPayload = async function (this: unknown) {
    const { payload } = await valueAndPayload.call(this);
    return { value: await atJwt.sign(payload), payload };
  };
  const find = AccessToken.find;
  AccessToken.find = async function (this: unknown, value: unknown, ...rest: unknown[]) {
    if (!looksLikeJwt(value)) return find.call(this, value, ...rest);
    const jti = await atJwt.jtiOf(value);
    return jti ? find.call(this, jti, ...rest) : undefined;
  };
  prefixIds(provider.AuthorizationCode as unknown as AnyModel, 'xoac_');
  prefixIds(provider.RefreshToken as unknown as AnyModel, 'xort_');
  const Client = provider.Client as unknown as AnyModel;
  Client.prototype.compareClientSecret = async function (this: { clientSecret: string; clientId: string }, actual: string) {
    if (await guard.clientBlocked(this.clientId)) throw guard.blockedError();
    return sameDigest(this.clientSecret, sha256Hex(String(actual)));
  };
}

function prefixIds(model: AnyModel, prefix: string): void {
  const generate = model.prototype.generateTokenId as () => string;
  model.prototype.generateTokenId = function (this: unknown) {
    return prefix + generate.call(this);
  };
}
