/**
 * The two tokens a tenant holds for one session (spec §2.4): the init token (`xit_`) it got from
 * init, and the result token (`xtk_`) the callback brings, if the user ever gets there. Either
 * names the session for the tenant's reads and its cancel (docs/verify-api.md); only the result
 * token is ever consumed.
 */
export type TenantTokenKind = 'init' | 'result';

const PATTERNS: Record<TenantTokenKind, RegExp> = {
  init: /^xit_[A-Za-z0-9_-]{20,100}$/,
  result: /^xtk_[A-Za-z0-9_-]{20,100}$/,
};

/** Which of the tenant's tokens `token` is by its shape; null when it is neither (an unknown token). */
export function tenantTokenKind(token: string): TenantTokenKind | null {
  if (PATTERNS.result.test(token)) return 'result';
  if (PATTERNS.init.test(token)) return 'init';
  return null;
}
