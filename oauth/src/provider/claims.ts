import type { ClaimsUser, UsersRepository } from '../accounts/users.repository.ts';
import { ageClaims, bracketAt } from '../accounts/age-bracket.ts';

/**
 * Scope → claims (spec §2.6; the spec fixes only `email`, the rest is ours and documented in
 * docs/oauth.md, "Tokens, scopes and claims"). oidc-provider releases a claim only when a granted scope maps to it, in both
 * userinfo and the ID token.
 */
export const SCOPE_CLAIMS = {
  openid: ['sub'],
  profile: ['display_name'],
  email: ['email', 'email_verified'],
  age_verification: ['age_verified', 'verified_brackets', 'meets_threshold'],
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
        ...ageClaims(bracketAt({ bracket: user.ageBracket, nextChangeAt: user.bracketNextChangeAt }, new Date())),
        // Counted only when asked for: it is the one claim that costs a query.
        ...(scopes.has('connections') ? { connected_sites_count: await users.connectedSites(user.id) } : {}),
      };
    },
  };
}
