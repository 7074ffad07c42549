import type { Purpose, VerificationMode } from './init-request.ts';

export type VerificationPath = 'A' | 'B' | 'C' | 'D' | 'E';

export interface PathDecision {
  path: VerificationPath;
  /** Which rule chose the path; recorded on the session. */
  rule: string;
}

/**
 * Path selection in the spec's order (§1): service ID → D; wallet → E; restricted country → C;
 * else on-device A (failing → B). The per-tenant rule engine (restricted countries, content
 * category, service IDs, wallets) arrives with the decisions issue (#4); until then the
 * per-request overrides and the on-device default decide.
 */
export function selectPath(s: { purpose: Purpose; verificationMode: VerificationMode }): PathDecision {
  if (s.purpose === 'id_verification') return { path: 'B', rule: 'purpose:id_verification' };
  if (s.verificationMode === 'document') return { path: 'B', rule: 'verification_mode:document' };
  if (s.verificationMode === 'facial') return { path: 'A', rule: 'verification_mode:facial' };
  return { path: 'A', rule: 'default:on_device' };
}
