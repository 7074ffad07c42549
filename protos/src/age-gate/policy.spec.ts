import { describe, expect, it } from 'vitest';
import { AGE_GATES, fuseFrames, gateFor, gateVerdicts, parseAgeGatePolicy, sessionAgeVerdict, type AgeGatePolicy } from './policy.ts';

const one = (a: number) => ({ estimate: a, low: a, high: a });
/** The shape of a calibrated estimate policy (numbers illustrative, not the manifest's). */
const mean: AgeGatePolicy = { decideOn: 'estimate', passAtOrAbove: { 12: 19, 15: 23, 18: 30, 21: 33, 25: 38 }, failBelowMinAgeBy: 8 };
/** The 2018 model's rule: pass on the low view at max(gate + 10, 36), fail on the high view under min_age - 10. */
const range: AgeGatePolicy = { decideOn: 'range', passAtOrAbove: { 12: 36, 15: 36, 18: 36, 21: 36, 25: 36 }, failBelowMinAgeBy: 10 };

describe('age gate policy (C-AGE-2)', () => {
  it('judges min_age at the smallest gate at or above it; none above 25', () => {
    expect([1, 12, 13, 15, 16, 18, 19, 21, 25, 26, 99].map(gateFor)).toEqual([12, 12, 15, 15, 18, 18, 21, 21, 25, null, null]);
    expect(gateFor(null)).toBeNull();
  });

  it("passes at the gate's calibrated score, not at the gate itself", () => {
    expect(sessionAgeVerdict(one(30), 18, mean)).toBe('pass');
    expect(sessionAgeVerdict(one(29.99), 18, mean)).toBe('undecided');
    expect(sessionAgeVerdict(one(25), 18, mean)).toBe('undecided');
    expect(sessionAgeVerdict(one(38), 25, mean)).toBe('pass');
    expect(sessionAgeVerdict(one(37.9), 25, mean)).toBe('undecided');
  });

  it('fails only under min_age by the margin; in between is undecided (a document decides)', () => {
    expect(sessionAgeVerdict(one(9.99), 18, mean)).toBe('fail');
    expect(sessionAgeVerdict(one(10), 18, mean)).toBe('undecided');
    expect(sessionAgeVerdict(one(17), 18, mean)).toBe('undecided');
  });

  it('fails a plainly younger face for a min_age above the highest gate (spec §1: min_age 99), and never passes it', () => {
    expect(sessionAgeVerdict(one(45), 99, mean)).toBe('fail');
    expect(sessionAgeVerdict(one(90.99), 99, mean)).toBe('fail');
    expect(sessionAgeVerdict(one(91), 99, mean)).toBe('undecided');
    expect(sessionAgeVerdict(one(110), 99, mean)).toBe('undecided');
    expect(sessionAgeVerdict(one(80), 30, mean)).toBe('undecided');
  });

  it('judges a fail against min_age, not the stricter gate above it', () => {
    expect(sessionAgeVerdict(one(8.5), 16, mean)).toBe('undecided'); // under 18 - 8, not under 16 - 8
    expect(sessionAgeVerdict(one(7.9), 16, mean)).toBe('fail');
    expect(sessionAgeVerdict(one(31), 16, mean)).toBe('pass');
  });

  it('decides nothing without a min_age or on a missing estimate', () => {
    expect(sessionAgeVerdict(one(50), null, mean)).toBe('undecided');
    expect(sessionAgeVerdict(one(Number.NaN), 18, mean)).toBe('undecided');
  });

  it('passes on the low view and fails on the high view under a range policy: disagreement never helps', () => {
    expect(sessionAgeVerdict({ estimate: 40, low: 35, high: 45 }, 18, range)).toBe('undecided');
    expect(sessionAgeVerdict({ estimate: 40, low: 36, high: 44 }, 18, range)).toBe('pass');
    expect(sessionAgeVerdict({ estimate: 5, low: 1, high: 9 }, 18, range)).toBe('undecided');
    expect(sessionAgeVerdict({ estimate: 4, low: 1, high: 7.9 }, 18, range)).toBe('fail');
  });

  it("passes on the estimate only when the low end (the model's lower quantile) reaches the gate itself", () => {
    expect(sessionAgeVerdict({ estimate: 31, low: 20, high: 42 }, 18, mean)).toBe('pass');
    expect(sessionAgeVerdict({ estimate: 31, low: 18, high: 42 }, 18, mean)).toBe('pass');
    expect(sessionAgeVerdict({ estimate: 31, low: 17, high: 42 }, 18, mean)).toBe('undecided');
    expect(sessionAgeVerdict({ estimate: 40, low: 24, high: 60 }, 25, mean)).toBe('undecided');
    // The fail looks at the estimate, not the spread.
    expect(sessionAgeVerdict({ estimate: 9, low: 3, high: 30 }, 18, mean)).toBe('fail');
  });

  it("never passes a face scored under a gate's pass value, at any gate", () => {
    for (const g of AGE_GATES) {
      for (let est = 0; est < mean.passAtOrAbove[g]; est += 0.5) expect(sessionAgeVerdict(one(est), g, mean)).not.toBe('pass');
    }
  });

  it('answers the five spec gates in order', () => {
    expect(gateVerdicts(one(50), mean).map((v) => v.threshold)).toEqual([...AGE_GATES]);
    expect(gateVerdicts(one(25), mean).map((v) => v.verdict)).toEqual(['pass', 'pass', 'undecided', 'undecided', 'undecided']);
  });

  it('fuses a burst by the median of each bound, so one odd frame does not move the verdict', () => {
    const r = fuseFrames([
      { estimate: 41, low: 40, high: 42 },
      { estimate: 13, low: 12, high: 14 },
      { estimate: 42, low: 41, high: 43 },
    ]);
    expect(r).toEqual({ estimate: 41, low: 40, high: 42 });
    // An even number of frames: the mean of the middle two.
    const even = fuseFrames([1, 2, 3, 4].map((a) => ({ estimate: a, low: a, high: a })));
    expect(even).toEqual({ estimate: 2.5, low: 2.5, high: 2.5 });
  });

  it('refuses a policy that would pass a face under its own gate, or is incomplete', () => {
    expect(parseAgeGatePolicy(mean, 'm')).toBe(mean);
    expect(() => parseAgeGatePolicy({ ...mean, passAtOrAbove: { ...mean.passAtOrAbove, 18: 17 } }, 'm')).toThrow(/passAtOrAbove.18 must be a number >= 18/);
    expect(() => parseAgeGatePolicy({ ...mean, decideOn: 'max' }, 'm')).toThrow(/decideOn/);
    expect(() => parseAgeGatePolicy({ decideOn: 'estimate', passAtOrAbove: { 18: 30 }, failBelowMinAgeBy: 8 }, 'm')).toThrow(/passAtOrAbove.12/);
    expect(() => parseAgeGatePolicy({ bufferYears: 10, minPassAge: 36 }, 'm')).toThrow(/decideOn/);
    expect(() => parseAgeGatePolicy(undefined, 'm')).toThrow(/missing/);
  });
});
