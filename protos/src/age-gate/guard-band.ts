import { sessionAgeVerdict, type AgeGatePolicy, type AgeRange } from './policy.ts';

/**
 * How far a smaller file of an age model (fp16 weights) may be from the reference float32 file,
 * with a safety factor, per number: the estimate (a mean of the distribution: continuous, it moves
 * by hundredths of a year) and the low and high ends (quantiles of the distribution in whole years:
 * where the distribution is flat around the quantile, a tiny change moves them by several years).
 * Each is at least 3 times the largest difference measured on the labelled age set
 * (bench/widget/fp16-agreement.ts, docs/age-gate.md "The browser's model file").
 */
export interface AgeGuardBand {
  readonly estimateYears: number;
  readonly lowYears: number;
  readonly highYears: number;
  /**
   * For a distribution model: how far the smaller file's cumulative probability may be from the
   * reference file's at any age (at least 3 times the largest difference measured). The low end is a
   * quantile q of the distribution, so the reference file's low end lies between this file's quantiles
   * at q − mass and q + mass (the range's lowFloor and lowCeiling): a band on the low end that is as
   * wide as the distribution is flat there, instead of lowYears everywhere.
   */
  readonly lowQuantileMass?: number;
}

/**
 * The range moved by the band, down (-1) or up (+1); the low end to its bounds when the range carries
 * them and the band has a probability mass (a model whose band was measured so; otherwise the bounds
 * mean nothing and the whole years apply).
 */
function shifted(r: AgeRange, sign: 1 | -1, band: AgeGuardBand): AgeRange {
  const bounded = band.lowQuantileMass !== undefined && r.lowFloor !== undefined && r.lowCeiling !== undefined;
  return {
    estimate: r.estimate + sign * band.estimateYears,
    low: bounded ? (sign < 0 ? r.lowFloor! : r.lowCeiling!) : r.low + sign * band.lowYears,
    high: r.high + sign * band.highYears,
  };
}

/**
 * Whether a range's low-end bounds can stand for the band: finite, and the low end within them. A range
 * whose bounds do not hold its own low end was not computed as lowQuantileMass says.
 */
export function lowBoundsConsistent(r: AgeRange): boolean {
  if (r.lowFloor === undefined && r.lowCeiling === undefined) return true;
  if (r.lowFloor === undefined || r.lowCeiling === undefined) return false;
  return Number.isFinite(r.lowFloor) && Number.isFinite(r.lowCeiling) && r.lowFloor <= r.low && r.low <= r.lowCeiling;
}

/**
 * Whether a verdict's deciding numbers lie within the guard band of a threshold they are compared
 * with (the gate's pass value, the gate itself for the low end, the fail bound min_age − margin).
 * The verdict only ever moves from fail to undecided to pass as the estimate and the ends grow
 * (sessionAgeVerdict), so the verdicts of the range moved down by the band and moved up by it bound
 * every range within the band: when they agree, any file whose numbers lie within the band of these
 * gives the same verdict; when they differ, a number that decides lies within the band of its
 * threshold, and only the reference file may decide. A number that is not finite, or low-end bounds
 * that do not hold the low end, count as inside.
 */
export function inGuardBand(range: AgeRange, minAge: number | null, policy: AgeGatePolicy, band: AgeGuardBand): boolean {
  if (![range.estimate, range.low, range.high].every(Number.isFinite) || !lowBoundsConsistent(range)) return true;
  return sessionAgeVerdict(shifted(range, -1, band), minAge, policy) !== sessionAgeVerdict(shifted(range, 1, band), minAge, policy);
}

/** Checks a guard band read from a manifest; throws a plain Error naming what is wrong. */
export function parseAgeGuardBand(json: unknown, where: string): AgeGuardBand {
  const b = json as Partial<AgeGuardBand> | undefined;
  const ok = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= 100;
  if (!b || typeof b !== 'object' || !ok(b.estimateYears) || !ok(b.lowYears) || !ok(b.highYears))
    throw new Error(`${where}: guardBand must be { "estimateYears": y, "lowYears": y, "highYears": y } with 0 < y <= 100`);
  const mass = b.lowQuantileMass;
  if (mass !== undefined && !(typeof mass === 'number' && mass > 0 && mass < 0.5))
    throw new Error(`${where}: guardBand.lowQuantileMass must be a probability mass with 0 < m < 0.5`);
  return { estimateYears: b.estimateYears, lowYears: b.lowYears, highYears: b.highYears, ...(mass === undefined ? {} : { lowQuantileMass: mass }) };
}
