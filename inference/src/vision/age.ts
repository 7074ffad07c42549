import type { AgeRange } from '@idgate/protos/age-gate';
import { softmax } from './liveness.ts';

/**
 * How an age model's output tensor becomes years, so a different age model is a manifest change:
 * - `ordinal-pairs`: `count` binary "older than k" classifiers as logit pairs from `offset`
 *   (InsightFace gender-age: offset 2, count 100); age = how many fire;
 * - `expectation`: softmax over `count` one-year bins from `offset` (DEX-style); age = E[bin];
 * - `scalar`: a regression output at `index`, multiplied by `scale`;
 * - `distribution`: the output already is a probability distribution over `count` one-year bins,
 *   bin i meaning age `firstAge + i` (faceres-deep's `age_probs`: firstAge 1, count 100); age = E[age].
 */
export type AgeDecoding =
  | { readonly kind: 'ordinal-pairs'; readonly offset: number; readonly count: number }
  | { readonly kind: 'expectation'; readonly offset: number; readonly count: number }
  | { readonly kind: 'scalar'; readonly index: number; readonly scale: number }
  | { readonly kind: 'distribution'; readonly firstAge: number; readonly count: number };

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
    case 'distribution': {
      let sum = 0;
      let mass = 0;
      for (let i = 0; i < decoding.count; i++) {
        sum += out[i] * (decoding.firstAge + i);
        mass += out[i];
      }
      return sum / mass;
    }
  }
}

/** Per-classifier probabilities P(age > k) of an ordinal-pairs model: how unsure the model is. */
export function olderThanProbabilities(out: ArrayLike<number>, offset = 2, count = 100): number[] {
  const p: number[] = [];
  for (let k = 0; k < count; k++) p.push(softmax([out[offset + 2 * k], out[offset + 2 * k + 1]])[1]);
  return p;
}

/** One view of a face through the age model: its estimate and, for a distribution model, the distribution. */
export interface AgeView {
  readonly age: number;
  /** P(age = firstAge + i), for `distribution` decodings. */
  readonly probs?: ArrayLike<number>;
}

/**
 * How one frame's low and high ends are found:
 * - `views`: the lowest and highest estimate of its views (crop and mirror image): the spread of
 *   a model without a usable distribution;
 * - `quantiles`: the `low` and `high` quantiles of the model's distribution over ages (averaged over
 *   the views): how sure the model itself is. Needs a `distribution` decoding.
 */
export type AgeSpread = { readonly kind: 'views' } | { readonly kind: 'quantiles'; readonly low: number; readonly high: number };

export function decodeAgeView(out: ArrayLike<number>, decoding: AgeDecoding): AgeView {
  const age = decodeAge(out, decoding);
  return decoding.kind === 'distribution' ? { age, probs: Array.from({ length: decoding.count }, (_, i) => out[i]) } : { age };
}

/** The smallest age whose cumulative probability reaches q (ages are the bins' whole years). */
export function distributionQuantile(probs: ArrayLike<number>, q: number, firstAge: number): number {
  let total = 0;
  for (let i = 0; i < probs.length; i++) total += probs[i];
  let cumulative = 0;
  for (let i = 0; i < probs.length; i++) {
    cumulative += probs[i];
    // The model's probabilities are float32: a bin that reaches q up to their rounding counts.
    if (cumulative >= q * total - 1e-6) return firstAge + i;
  }
  return firstAge + probs.length - 1;
}

/**
 * One frame's age range from its views, with the spread the model's manifest entry names. With
 * `lowQuantileMass` (the guard band of a smaller file of the model, guard-band.ts) a quantile range
 * also carries the bounds of its low end: the quantiles at the low end's level minus and plus that mass.
 */
export function frameAgeRange(views: readonly AgeView[], spread: AgeSpread, decoding: AgeDecoding, lowQuantileMass?: number): AgeRange {
  const estimate = views.reduce((s, v) => s + v.age, 0) / views.length;
  if (spread.kind === 'quantiles' && decoding.kind === 'distribution' && views.every((v) => v.probs)) {
    const probs = new Float64Array(decoding.count);
    for (const v of views) for (let i = 0; i < probs.length; i++) probs[i] += (v.probs as ArrayLike<number>)[i] / views.length;
    const at = (q: number) => distributionQuantile(probs, q, decoding.firstAge);
    const range = { estimate, low: at(spread.low), high: at(spread.high) };
    if (lowQuantileMass === undefined) return range;
    return { ...range, lowFloor: at(Math.max(0, spread.low - lowQuantileMass)), lowCeiling: at(Math.min(1, spread.low + lowQuantileMass)) };
  }
  const ages = views.map((v) => v.age);
  return { estimate, low: Math.min(...ages), high: Math.max(...ages) };
}

export {
  AGE_GATES as AGE_THRESHOLDS,
  fuseFrames,
  gateVerdicts,
  inGuardBand,
  sessionAgeVerdict,
  type AgeGatePolicy,
  type AgeGuardBand,
  type AgeRange,
  type AgeVerdict,
} from '@idgate/protos/age-gate';
