/** The on-device and document thresholds of spec §1 (path A): +12, +15, +18, +21, +25. */
export const THRESHOLDS = [12, 15, 18, 21, 25] as const;

export interface StoredBracket {
  /** Highest threshold met when verified; null when the account holds no verified age. */
  bracket: number | null;
  /** When the person reaches the next threshold (null at 25 or when unknown). */
  nextChangeAt: Date | null;
}

/**
 * The bracket in force at `now`, derived without a birth date (spec §1: only a
 * birth-date-derived bracket is kept). A birthday for threshold T falls T years after birth,
 * so once `nextChangeAt` (the birthday for threshold T1) has passed, the birthday for the
 * following threshold T2 is `nextChangeAt` plus (T2 − T1) years.
 */
export function bracketAt(s: StoredBracket, now: Date): number | null {
  if (s.bracket === null) return null;
  let bracket = s.bracket;
  let next = s.nextChangeAt ? new Date(s.nextChangeAt) : null;
  while (next && next.getTime() <= now.getTime()) {
    const i = THRESHOLDS.indexOf(bracket as (typeof THRESHOLDS)[number]);
    const up = THRESHOLDS[i + 1];
    if (up === undefined) break;
    const after = THRESHOLDS[i + 2];
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

/** The age claims of spec §2.6 for a bracket. */
export function ageClaims(bracket: number | null) {
  const meets = Object.fromEntries(THRESHOLDS.map((t) => [String(t), bracket !== null && bracket >= t])) as Record<'12' | '15' | '18' | '21' | '25', boolean>;
  return {
    age_verified: bracket !== null,
    verified_brackets: THRESHOLDS.filter((t) => bracket !== null && bracket >= t).map((t) => `+${t}`),
    meets_threshold: meets,
  };
}
