/** Thresholds of the on-device binary age classifiers (spec §1, path A). */
export const DEVICE_AGE_GATES = [12, 15, 18, 21, 25] as const;

/**
 * The classifier gate the device applies for a session's min_age: the smallest gate at or above
 * it (min_age 16 is checked against +18: stricter, never looser). null when min_age is above
 * the highest gate, or absent: the face alone cannot pass anyone, a document must.
 */
export function deviceGateFor(minAge: number | null): number | null {
  if (minAge === null) return null;
  return DEVICE_AGE_GATES.find((g) => g >= minAge) ?? null;
}

export type AgeVerdict = 'pass' | 'fail' | 'undecided';

export interface FaceAgePolicy {
  /** Years an estimate must clear a threshold by, either way (calibrated per age model). */
  readonly bufferYears: number;
  /** No estimate below this passes any gate (per-model floor from the models manifest). */
  readonly minPassAge: number;
}

/** An age estimate as a range: `low` decides passes, `high` decides fails (one estimate: low = high). */
export interface FaceAgeRange {
  readonly low: number;
  readonly high: number;
}

/**
 * A face's age verdict for a session's min_age, under the buffer policy (RELIABILITY C-AGE-2):
 * - pass: the classifier gate for min_age (deviceGateFor) cleared by the buffer and the model's
 *   floor. No gate (min_age above +25) means never a pass: only a document can prove 26+;
 * - fail: the estimate under min_age ITSELF by the buffer. So a high min_age (99) still fails a
 *   face that is plainly younger (spec §1: "Under-age fail is any high min_age (for example 99),
 *   giving age_below_threshold"), and a gate stricter than min_age (16 → +18) never fails someone
 *   only for missing the stricter gate;
 * - everything in between is undecided: a document decides (auto mode), never a pass.
 */
export function faceAgeVerdict(range: FaceAgeRange, minAge: number | null, policy: FaceAgePolicy): AgeVerdict {
  if (minAge === null || !Number.isFinite(range.low) || !Number.isFinite(range.high)) return 'undecided';
  const gate = deviceGateFor(minAge);
  if (gate !== null && range.low >= Math.max(gate + policy.bufferYears, policy.minPassAge)) return 'pass';
  if (range.high < minAge - policy.bufferYears) return 'fail';
  return 'undecided';
}
