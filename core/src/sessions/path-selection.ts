import type { Purpose, VerificationMode } from './init-request.ts';

export type VerificationPath = 'A' | 'B' | 'C' | 'D' | 'E';

export interface PathDecision {
  path: VerificationPath;
  /** Which rule chose the path; recorded on the session (sessions.path_rule). */
  rule: string;
}

export interface PathInputs {
  purpose: Purpose;
  verificationMode: VerificationMode;
  /** The visitor holds a service ID (path D). */
  hasServiceId?: boolean;
  /** The browser offers an EU Digital Identity Wallet (path E). */
  walletAvailable?: boolean;
  /** The visitor's country (IP database), alpha-2; null when unknown. */
  country?: string | null;
  /** The project's restricted countries in force and where the list came from. */
  restricted?: { countries: readonly string[]; source: string };
}

/**
 * Path selection in the spec's order (§1): service ID → D; wallet → E; restricted country → C;
 * else the on-device check A (failing → B, widget/path-a-outcome.ts). The per-request
 * overrides come first and bypass the rule engine (§2.1): `purpose: id_verification` and
 * `verification_mode: document` force the document path, `facial` the on-device one.
 */
export function selectPath(s: PathInputs): PathDecision {
  if (s.purpose === 'id_verification') return { path: 'B', rule: 'purpose:id_verification' };
  if (s.verificationMode === 'document') return { path: 'B', rule: 'verification_mode:document' };
  if (s.verificationMode === 'facial') return { path: 'A', rule: 'verification_mode:facial' };
  if (s.hasServiceId) return { path: 'D', rule: 'service_id' };
  if (s.walletAvailable) return { path: 'E', rule: 'wallet_available' };
  if (s.country && s.restricted?.countries.includes(s.country)) return { path: 'C', rule: `restricted_country:${s.country}@${s.restricted.source}` };
  return { path: 'A', rule: 'default:on_device' };
}

/** Paths that run the document steps (liveness, document capture, face match). */
export function isDocumentPath(path: string | null): boolean {
  return path === 'B' || path === 'C';
}
