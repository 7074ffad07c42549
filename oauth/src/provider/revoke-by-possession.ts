import type Provider from 'oidc-provider';
import { revokeGrant } from './revoke-grant.ts';

interface StoredToken {
  kind: string;
  clientId?: string;
  grantId?: string;
  isValid: boolean;
  destroy(): Promise<void>;
}
type TokenModel = { find(value: string): Promise<StoredToken | undefined> };

/**
 * POST /oauth/revoke without client authentication (docs/decisions/oauth-revocation-by-possession.md): possession of a
 * token is enough to revoke it, as at Google's revoke endpoint (spec §4.2 names only `token`
 * and `token_type_hint`; §5 rule 5 requires client authentication at token and introspection
 * only). What it revokes is what oidc-provider revokes for an authenticated client (RFC 7009
 * §2.1 allows either): an access or a refresh token with its whole grant (the grant's access
 * tokens, refresh tokens and codes), so a token revoked with or without credentials ends the
 * same things. Only a token that still works is revoked: an expired or
 * already rotated one changes nothing. `clientId`, when the request named one without a
 * secret, must be the token's client (C-REV-3 holds for that form too). The caller always
 * gets the same answer, so nothing is learnt about the token.
 */
export async function revokeByPossession(provider: Provider, value: string, hint: string | null, clientId: string | undefined): Promise<void> {
  const token = await findLiveToken(provider, value, hint);
  if (!token || (clientId !== undefined && token.clientId !== clientId)) return;
  await token.destroy();
  if (token.grantId) await revokeGrant(provider, token.grantId);
}

/** The access or refresh token `value` names, looked up in the hinted kind first (RFC 7009 §2.1). */
async function findLiveToken(provider: Provider, value: string, hint: string | null): Promise<StoredToken | undefined> {
  const access = provider.AccessToken as unknown as TokenModel;
  const refresh = provider.RefreshToken as unknown as TokenModel;
  const order = hint === 'refresh_token' || hint === 'urn:ietf:params:oauth:token-type:refresh_token' ? [refresh, access] : [access, refresh];
  for (const model of order) {
    const token = await model.find(value);
    if (token) return token.isValid ? token : undefined;
  }
  return undefined;
}
