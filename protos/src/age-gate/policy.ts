/**
 * The facial age gate: how an age model's estimates become a pass, a fail or "undecided" for a
 * session's min_age. One pure module, free of Node APIs, shared by the three places that decide:
 * the inference node (frames it scores), core (its check of a widget's on-device verdict and of a
 * server-side burst) and the hosted widget (the verdict it claims). The numbers come from the
 * age model's entry in inference/models.manifest.json, calibrated per model (docs/age-gate.md).
 */

/** The classifier gates of path A (spec §1): +12, +15, +18, +21, +25. */
export const AGE_GATES = [12, 15, 18, 21, 25] as const;
export type AgeGate = (typeof AGE_GATES)[number];
export type AgeVerdict = 'pass' | 'fail' | 'undecided';

/**
 * One face's age: `estimate` is the model's estimate; `low` and `high` its spread, from the
 * model's distribution (lower and upper quantiles) or from the views it saw (the crop and its
 * mirror image); over a burst each is the median of the frames'.
 */
export interface AgeRange {
  readonly estimate: number;
  readonly low: number;
  readonly high: number;
  /**
   * Where the low end of another file of the same model could lie (guard-band.ts): the quantiles of
   * this distribution at the low end's level minus and plus the band's probability mass. Only a
   * distribution model's smaller file sends them; absent, the band's whole years apply.
   */
  readonly lowFloor?: number;
  readonly lowCeiling?: number;
}

/**
 * A calibrated gate policy of one age model:
 * - `decideOn: 'estimate'` (a model with a calibrated distribution: faceres-deep): a gate passes
 *   when the estimate is at or above the gate's `passAtOrAbove` AND the low end of the range (the
 *   model's own lower quantile) is at or above the gate itself, so a face the model puts partly
 *   under the gate is not passed on its mean alone; a fail needs the estimate under min_age by
 *   `failBelowMinAgeBy`;
 * - `decideOn: 'range'` (a model whose views disagree on young faces: the 2018 InsightFace model):
 *   a gate passes when the LOW end is at or above `passAtOrAbove`; a fail needs the HIGH end under
 *   min_age by the margin, so a disagreement never helps either way.
 * A fail is a claim that the person is under age, so it needs a clear margin. Everything else is
 * undecided: a document decides, never a pass.
 */
export interface AgeGatePolicy {
  readonly decideOn: 'estimate' | 'range';
  readonly passAtOrAbove: Readonly<Record<`${AgeGate}`, number>>;
  readonly failBelowMinAgeBy: number;
}

/**
 * The gate a session's min_age is judged at: the smallest gate at or above it (min_age 16 is
 * checked against +18: stricter, never looser). null when min_age is absent or above +25: the face
 * alone passes nobody then, a document must.
 */
export function gateFor(minAge: number | null): AgeGate | null {
  if (minAge === null) return null;
  return AGE_GATES.find((g) => g >= minAge) ?? null;
}

function passesGate(range: AgeRange, gate: AgeGate, policy: AgeGatePolicy): boolean {
  const at = policy.passAtOrAbove[`${gate}`];
  return policy.decideOn === 'range' ? range.low >= at : range.estimate >= at && range.low >= gate;
}

function failScore(range: AgeRange, policy: AgeGatePolicy): number {
  return policy.decideOn === 'range' ? range.high : range.estimate;
}

function finite(range: AgeRange): boolean {
  return Number.isFinite(range.estimate) && Number.isFinite(range.low) && Number.isFinite(range.high);
}

/** The verdict at one gate, as if min_age were the gate itself. */
export function gateVerdict(range: AgeRange, gate: AgeGate, policy: AgeGatePolicy): AgeVerdict {
  return sessionAgeVerdict(range, gate, policy);
}

/** Verdicts at every gate, in gate order. */
export function gateVerdicts(range: AgeRange, policy: AgeGatePolicy): { threshold: AgeGate; verdict: AgeVerdict }[] {
  return AGE_GATES.map((threshold) => ({ threshold, verdict: gateVerdict(range, threshold, policy) }));
}

/**
 * A face's verdict for a session's min_age: a pass needs the gate for min_age (gateFor) cleared;
 * a fail needs the score under min_age ITSELF by the policy's margin, so a min_age of 99 still
 * fails a plainly younger face (spec §1) and a gate stricter than min_age (16 → +18) never fails
 * someone only for missing the stricter gate.
 */
export function sessionAgeVerdict(range: AgeRange, minAge: number | null, policy: AgeGatePolicy): AgeVerdict {
  if (minAge === null || !finite(range)) return 'undecided';
  const gate = gateFor(minAge);
  if (gate !== null && passesGate(range, gate, policy)) return 'pass';
  if (failScore(range, policy) < minAge - policy.failBelowMinAgeBy) return 'fail';
  return 'undecided';
}

/**
 * A burst of frames of one person: the median of each bound, so one odd frame (a blink, motion
 * blur) does not move the verdict. The frames must already be known to show the same person.
 */
export function fuseFrames(ranges: readonly AgeRange[]): AgeRange {
  const fused = { estimate: median(ranges.map((r) => r.estimate)), low: median(ranges.map((r) => r.low)), high: median(ranges.map((r) => r.high)) };
  // The median is monotone in every frame's value: frames whose low ends lie within their bounds have a
  // median low end within the medians of the bounds. Bounds count only when every frame has them.
  if (!ranges.length || !ranges.every((r) => r.lowFloor !== undefined && r.lowCeiling !== undefined)) return fused;
  return { ...fused, lowFloor: median(ranges.map((r) => r.lowFloor!)), lowCeiling: median(ranges.map((r) => r.lowCeiling!)) };
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * Checks a policy read from a manifest; throws a plain Error naming what is wrong (callers wrap it
 * in their own start-up error). A pass value below its gate would pass a face the model itself
 * judges too young, so it is refused.
 */
export function parseAgeGatePolicy(json: unknown, where: string): AgeGatePolicy {
  const p = json as Partial<AgeGatePolicy> | undefined;
  const bad = (what: string): never => {
    throw new Error(`${where}: ${what}`);
  };
  if (!p || typeof p !== 'object') return bad('policy is missing');
  if (p.decideOn !== 'estimate' && p.decideOn !== 'range') bad('policy.decideOn must be "estimate" or "range"');
  if (typeof p.failBelowMinAgeBy !== 'number' || !(p.failBelowMinAgeBy >= 0)) bad('policy.failBelowMinAgeBy must be a number >= 0');
  if (!p.passAtOrAbove || typeof p.passAtOrAbove !== 'object') return bad('policy.passAtOrAbove is missing');
  for (const g of AGE_GATES) {
    const v = (p.passAtOrAbove as Record<string, unknown>)[`${g}`];
    if (typeof v !== 'number' || !(v >= g)) bad(`policy.passAtOrAbove.${g} must be a number >= ${g}`);
  }
  return p as AgeGatePolicy;
}
