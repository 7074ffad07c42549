/** Thresholds of the on-device binary age classifiers (spec §1, path A). */
export const DEVICE_AGE_GATES = [12, 15, 18, 21, 25] as const;

/**
 * The classifier gate the device applies for a session's min_age: the smallest gate at or above
 * it (min_age 16 is checked against +18: stricter, never looser). null when min_age is above
 * the highest gate, or absent: the face alone cannot decide, a document must.
 */
export function deviceGateFor(minAge: number | null): number | null {
  if (minAge === null) return null;
  return DEVICE_AGE_GATES.find((g) => g >= minAge) ?? null;
}

export type AgeVerdict = 'pass' | 'fail' | 'undecided';

/**
 * Buffer policy (RELIABILITY C-AGE-2): an estimate must clear the gate by `bufferYears` to pass;
 * only an estimate below gate − buffer is a fail; everything in between is undecided and goes to
 * a document (auto mode) — never a pass.
 */
export function ageVerdict(estimate: number, gate: number | null, bufferYears: number, minPassAge = 0): AgeVerdict {
  if (gate === null || !Number.isFinite(estimate)) return 'undecided';
  // minPassAge: a model-specific floor (a weak model that estimated a child in the thirties must
  // not pass anyone whose estimate is below what that child got, plus the buffer).
  if (estimate >= Math.max(gate + bufferYears, minPassAge)) return 'pass';
  if (estimate < gate - bufferYears) return 'fail';
  return 'undecided';
}
