import { bracketAt, PROOF_METHODS, type ProofMethod } from '@idgate/protos';

/** A proof of age the signed-in service ID holds (the gateway read it after the passkey assertion). */
export interface TokenProof {
  method: ProofMethod;
  bracket: number;
  nextChangeAt: Date | null;
  verifiedAt: Date;
}

/** Which proofs a project accepts on path D (docs/decisions/service-ids.md, "Reuse policy"). */
export interface TokenPolicy {
  methods: readonly ProofMethod[];
  maxAgeDays: number;
}

export const DEFAULT_TOKEN_METHODS: readonly ProofMethod[] = PROOF_METHODS;
/** A year: a birth date does not change, but a re-check now and then catches a shared account. */
export const DEFAULT_TOKEN_MAX_AGE_DAYS = 365;
export const MAX_TOKEN_MAX_AGE_DAYS = 3650;

/** Methods that read a birth date an issuer vouched for: all that count where a document is required (path C). */
const DOCUMENT_GRADE: readonly ProofMethod[] = ['document', 'wallet'];

export type StepUpReason = 'bracket_below_gate' | 'method_not_accepted' | 'proof_too_old' | 'no_age_proof';
export type TokenDecision = { pass: true; proof: TokenProof } | { pass: false; reason: StepUpReason };

const DAY_MS = 86_400_000;

/**
 * Whether a service ID's proofs pass a session on path D: a proof of an accepted method, no older
 * than the policy allows, whose bracket in force today meets the session's min_age. Where the
 * visitor's country requires a document (path C's rule), only document-grade proofs count. When
 * none passes, the reason names the first thing that stood in the way, in the order a user can act
 * on: no proof at all, none of an accepted method, none recent enough, none old enough.
 */
export function decideToken(proofs: readonly TokenProof[], s: { minAge: number; policy: TokenPolicy; documentRequired: boolean; now: Date }): TokenDecision {
  if (proofs.length === 0) return { pass: false, reason: 'no_age_proof' };
  const methods = s.policy.methods.filter((m) => !s.documentRequired || DOCUMENT_GRADE.includes(m));
  const accepted = proofs.filter((p) => methods.includes(p.method));
  if (accepted.length === 0) return { pass: false, reason: 'method_not_accepted' };
  const oldest = s.now.getTime() - s.policy.maxAgeDays * DAY_MS;
  const recent = accepted.filter((p) => p.verifiedAt.getTime() >= oldest && p.verifiedAt.getTime() <= s.now.getTime());
  if (recent.length === 0) return { pass: false, reason: 'proof_too_old' };
  const meeting = recent.filter((p) => (bracketAt(p, s.now) ?? 0) >= s.minAge);
  if (meeting.length === 0) return { pass: false, reason: 'bracket_below_gate' };
  // Prefer document-grade evidence when several pass: the session records only "token", but the
  // strongest proof is the honest one to have relied on.
  const best = meeting.find((p) => DOCUMENT_GRADE.includes(p.method)) ?? meeting[0];
  return { pass: true, proof: best };
}
