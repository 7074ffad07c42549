import { createHash, randomBytes } from 'node:crypto';
import type Provider from 'oidc-provider';

export const REDIRECT_URI = 'https://rp.example/callback';
export const SCOPE = 'openid profile email age_verification';

export interface Minted {
  code: string;
  verifier: string;
}

/**
 * Authorization codes made with the provider's own models (a grant plus a code with an S256
 * challenge), exactly what the authorization endpoint stores after consent: the benchmark
 * measures the token endpoint, not the login form.
 */
export async function mintCodes(provider: Provider, clientId: string, accountId: string, n: number): Promise<Minted[]> {
  const client = await provider.Client.find(clientId);
  if (!client) throw new Error('bench client missing');
  // one grant per round (oidc-provider's in-memory adapter is an LRU of 1000 entries)
  const grant = new provider.Grant({ accountId, clientId });
  grant.addOIDCScope(SCOPE);
  const grantId = await grant.save();
  const out: Minted[] = [];
  for (let i = 0; i < n; i++) {
    const verifier = randomBytes(32).toString('base64url');
    const code = new provider.AuthorizationCode({
      accountId,
      grantId,
      client,
      scope: SCOPE,
      redirectUri: REDIRECT_URI,
      authTime: Math.floor(Date.now() / 1000),
      codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
      codeChallengeMethod: 'S256',
    } as never);
    out.push({ code: await code.save(), verifier });
  }
  return out;
}
