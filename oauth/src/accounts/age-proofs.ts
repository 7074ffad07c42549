import { bracketAt, type ProofMethod } from '@idgate/protos';

/**
 * What a service ID keeps of a verification (spec §1 privacy rules): the bracket, how it was proved
 * and when. Never a birth date, a name, a document number or the site or tenant it came from.
 */
export interface AgeProof {
  method: ProofMethod;
  /** The highest of 12/15/18/21/25 met when proved. */
  bracket: number;
  /** When a birth-date-derived bracket next rises (null for a facial estimate, or at 25). */
  nextChangeAt: Date | null;
  verifiedAt: Date;
}

/** Methods that read a birth date from an issuer's credential; a facial estimate is never one of them. */
const AUTHORITATIVE: readonly ProofMethod[] = ['document', 'wallet'];

/**
 * The proof the account's OIDC age claims come from: the newest document or wallet proof when there
 * is one (a birth date an issuer vouched for outranks any estimate), else the facial estimate. A
 * relying party that must not accept estimates reads the method from `verified_claims`.
 */
export function claimsProof(proofs: readonly AgeProof[]): AgeProof | null {
  const authoritative = proofs.filter((p) => AUTHORITATIVE.includes(p.method)).sort((a, b) => b.verifiedAt.getTime() - a.verifiedAt.getTime());
  return authoritative[0] ?? proofs.find((p) => p.method === 'facial_estimate') ?? null;
}

/** The bracket of a proof in force at `now` (birth-date-derived brackets rise on their dates). */
export function proofBracketAt(p: AgeProof, now: Date): number {
  return bracketAt({ bracket: p.bracket, nextChangeAt: p.nextChangeAt }, now) ?? p.bracket;
}

/**
 * Whether a new proof replaces the stored one of the same method. A birth date read from a document
 * or a wallet is the truth as of its reading, so the newer one wins. A facial estimate only ever
 * proves the gate it was asked about (an 18+ session says nothing about 25), so an estimate
 * replaces a stored one only when it proves at least as much.
 */
export function supersedes(next: AgeProof, stored: AgeProof | undefined, now: Date): boolean {
  if (!stored) return true;
  if (next.method !== 'facial_estimate') return next.verifiedAt.getTime() >= stored.verifiedAt.getTime();
  return proofBracketAt(next, now) >= proofBracketAt(stored, now);
}

/** A proof as rows and snapshots carry it (JSON: dates as ISO strings). */
export interface AgeProofRow {
  method: ProofMethod;
  bracket: number;
  next_change_at: string | Date | null;
  verified_at: string | Date;
}

export const toAgeProof = (r: AgeProofRow): AgeProof => ({
  method: r.method,
  bracket: r.bracket,
  nextChangeAt: r.next_change_at ? new Date(r.next_change_at) : null,
  verifiedAt: new Date(r.verified_at),
});
