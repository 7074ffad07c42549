import { AGE_GATES } from './policy.ts';

// The brackets an age proof can hold are the gates of spec §1: +12, +15, +18, +21, +25.

/** How a service ID's age was proved. */
export const PROOF_METHODS = ['document', 'wallet', 'facial_estimate'] as const;
export type ProofMethod = (typeof PROOF_METHODS)[number];

export function isProofMethod(s: string): s is ProofMethod {
  return (PROOF_METHODS as readonly string[]).includes(s);
}

/** A saved bracket: the highest threshold met when proved, and when the next one is met (birth-date-derived only). */
export interface StoredBracket {
  bracket: number | null;
  nextChangeAt: Date | null;
}

/**
 * The bracket in force at `now`, derived without a birth date (spec §1: only a birth-date-derived
 * bracket is kept). A birthday for threshold T falls T years after birth, so once `nextChangeAt`
 * (the birthday for threshold T1) has passed, the birthday for the following threshold T2 is
 * `nextChangeAt` plus (T2 − T1) years. A facial estimate has no next change: it stays as proved.
 */
export function bracketAt(s: StoredBracket, now: Date): number | null {
  if (s.bracket === null) return null;
  let bracket = s.bracket;
  let next = s.nextChangeAt ? new Date(s.nextChangeAt) : null;
  while (next && next.getTime() <= now.getTime()) {
    const i = AGE_GATES.indexOf(bracket as (typeof AGE_GATES)[number]);
    const up = AGE_GATES[i + 1];
    if (up === undefined) break;
    const after = AGE_GATES[i + 2];
    bracket = up;
    next = after === undefined ? null : addYears(next, after - up);
  }
  return bracket;
}

function addYears(d: Date, years: number): Date {
  const out = new Date(d);
  out.setUTCFullYear(out.getUTCFullYear() + years);
  return out;
}
