import type { ClaimsUser, UsersRepository } from '../accounts/users.repository.ts';
import { ageClaims } from '../accounts/age-bracket.ts';
import { claimsProof, proofBracketAt, type AgeProof } from '../accounts/age-proofs.ts';

/**
 * Scope → claims (spec §2.6; the spec fixes only `email`, the rest is ours and documented in
 * docs/oauth.md, "Tokens, scopes and claims"). oidc-provider releases a claim only when a granted scope maps to it, in both
 * userinfo and the ID token.
 */
export const SCOPE_CLAIMS = {
  openid: ['sub'],
  profile: ['display_name'],
  email: ['email', 'email_verified'],
  age_verification: ['age_verified', 'verified_brackets', 'meets_threshold', 'verified_claims'],
  connections: ['connected_sites_count'],
} as const;

/** claims_supported of discovery (spec §2.6, in its order). */
export const CLAIMS_SUPPORTED = [
  'sub',
  'iss',
  'aud',
  'exp',
  'iat',
  'auth_time',
  'nonce',
  'display_name',
  'email',
  'email_verified',
  'age_verified',
  'verified_brackets',
  'meets_threshold',
  'connected_sites_count',
];

/** The account object oidc-provider's findAccount returns. */
export function accountFor(user: ClaimsUser, users: UsersRepository) {
  return {
    accountId: user.id,
    async claims(_use: string, scope: string) {
      const scopes = new Set(scope.split(' '));
      return {
        sub: user.id,
        display_name: user.displayName,
        email: user.email,
        email_verified: user.emailVerified,
        ...ageAssurance(user.ageProofs, new Date()),
        // Counted only when asked for: it is the one claim that costs a query.
        ...(scopes.has('connections') ? { connected_sites_count: await users.connectedSites(user.id) } : {}),
      };
    },
  };
}

/** The trust framework named in `verified_claims` (docs/oauth.md, "Identity assurance"). */
export const AGE_TRUST_FRAMEWORK = 'idgate_age';

/**
 * The age claims of spec §2.6 from the account's proof in force (accounts/age-proofs.ts
 * `claimsProof`), and the same claims wrapped as OpenID Connect for Identity Assurance
 * `verified_claims`, which say how and when the age was proved (absent without a proof).
 */
export function ageAssurance(proofs: readonly AgeProof[], now: Date) {
  const proof = claimsProof(proofs);
  const claims = ageClaims(proof ? proofBracketAt(proof, now) : null);
  if (!proof) return claims;
  return {
    ...claims,
    verified_claims: {
      verification: { trust_framework: AGE_TRUST_FRAMEWORK, time: proof.verifiedAt.toISOString(), evidence: [{ type: 'age_proof', method: proof.method }] },
      claims,
    },
  };
}
