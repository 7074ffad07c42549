import { softmax } from './liveness.ts';

/** The age thresholds of the spec (path A): +12, +15, +18, +21, +25. */
export const AGE_THRESHOLDS = [12, 15, 18, 21, 25] as const;

export type AgeVerdict = 'pass' | 'fail' | 'undecided';

/**
 * How an age model's output tensor becomes years, so a different age model is a manifest change:
 * - `ordinal-pairs`: `count` binary "older than k" classifiers as logit pairs from `offset`
 *   (InsightFace gender-age: offset 2, count 100); age = how many fire;
 * - `expectation`: softmax over `count` one-year bins from `offset` (DEX-style); age = E[bin];
 * - `scalar`: a regression output at `index`, multiplied by `scale`.
 */
export type AgeDecoding =
  | { readonly kind: 'ordinal-pairs'; readonly offset: number; readonly count: number }
  | { readonly kind: 'expectation'; readonly offset: number; readonly count: number }
  | { readonly kind: 'scalar'; readonly index: number; readonly scale: number };

export function decodeAge(out: ArrayLike<number>, decoding: AgeDecoding): number {
  switch (decoding.kind) {
    case 'ordinal-pairs': {
      let age = 0;
      for (let k = 0; k < decoding.count; k++) if (out[decoding.offset + 2 * k + 1] > out[decoding.offset + 2 * k]) age++;
      return age;
    }
    case 'expectation': {
      const p = softmax(Array.from({ length: decoding.count }, (_, i) => out[decoding.offset + i]));
      return p.reduce((s, pi, i) => s + pi * i, 0);
    }
    case 'scalar':
      return out[decoding.index] * decoding.scale;
  }
}

/** Per-classifier probabilities P(age > k) of an ordinal-pairs model: how unsure the model is. */
export function olderThanProbabilities(out: ArrayLike<number>, offset = 2, count = 100): number[] {
  const p: number[] = [];
  for (let k = 0; k < count; k++) p.push(softmax([out[offset + 2 * k], out[offset + 2 * k + 1]])[1]);
  return p;
}

/**
 * An age estimate with the spread of several views of the same face (the aligned crop and its
 * mirror image, and the frames of a burst). When the views disagree the range widens, and a wide
 * range lands in "undecided" instead of a verdict.
 */
export interface AgeRange {
  readonly estimate: number;
  readonly low: number;
  readonly high: number;
}

export function ageRangeOf(views: readonly number[]): AgeRange {
  const estimate = views.reduce((s, v) => s + v, 0) / views.length;
  return { estimate, low: Math.min(...views), high: Math.max(...views) };
}

/** Burst of frames: the median of each bound, so one odd frame does not move the verdict. */
export function medianAgeRange(ranges: readonly AgeRange[]): AgeRange {
  return { estimate: median(ranges.map((r) => r.estimate)), low: median(ranges.map((r) => r.low)), high: median(ranges.map((r) => r.high)) };
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * Challenge-age policy of one age model (RELIABILITY C-AGE-2), calibrated per model and kept in
 * inference/models.manifest.json:
 * - pass only when the LOW end of the range is at least threshold + bufferYears AND at least
 *   minPassAge;
 * - fail ("under age") only when the HIGH end is below threshold - bufferYears;
 * - anything in between is undecided: the caller escalates to a document, never passes.
 * `minPassAge` exists because a weak model can place a child far above any buffer (the
 * manifest's model estimated a ~9-year-old at 35): no face whose low estimate is below it passes
 * ANY threshold.
 */
export interface AgePolicy {
  readonly bufferYears: number;
  readonly minPassAge: number;
}

export function ageVerdict(range: AgeRange, threshold: number, policy: AgePolicy): AgeVerdict {
  if (range.low >= threshold + policy.bufferYears && range.low >= policy.minPassAge) return 'pass';
  if (range.high < threshold - policy.bufferYears) return 'fail';
  return 'undecided';
}

/**
 * A face's verdict for a session's min_age, as the server judges device evidence (core's
 * faceAgeVerdict, which core keeps itself: core does not import this package): a pass needs the
 * classifier gate for min_age (`gate`: the smallest threshold at or above it; null above +25, so
 * never a pass); a fail needs the range under min_age itself by the buffer, so a min_age of 99
 * still fails a plainly younger face. Everything in between is undecided.
 */
export function sessionAgeVerdict(range: AgeRange, minAge: number | null, gate: number | null, policy: AgePolicy): AgeVerdict {
  if (minAge === null) return 'undecided';
  if (gate !== null && ageVerdict(range, gate, policy) === 'pass') return 'pass';
  if (range.high < minAge - policy.bufferYears) return 'fail';
  return 'undecided';
}

export function ageVerdicts(range: AgeRange, policy: AgePolicy, thresholds: readonly number[] = AGE_THRESHOLDS): { threshold: number; verdict: AgeVerdict }[] {
  return thresholds.map((threshold) => ({ threshold, verdict: ageVerdict(range, threshold, policy) }));
}
