import { describe, expect, it } from 'vitest';
import { AGE_THRESHOLDS, ageRangeOf, ageVerdict, ageVerdicts, decodeAge, medianAgeRange, sessionAgeVerdict, type AgePolicy } from './age.ts';

const policy: AgePolicy = { bufferYears: 10, minPassAge: 36 };

describe('C-AGE-2 challenge-age rule', () => {
  it('passes only at threshold + buffer and at or above minPassAge', () => {
    expect(ageVerdict({ estimate: 40, low: 40, high: 40 }, 18, policy)).toBe('pass');
    expect(ageVerdict({ estimate: 35, low: 35, high: 35 }, 18, policy)).toBe('undecided');
    expect(ageVerdict({ estimate: 34, low: 34, high: 34 }, 25, policy)).toBe('undecided');
    expect(ageVerdict({ estimate: 35, low: 35, high: 35 }, 25, policy)).toBe('undecided');
    expect(ageVerdict({ estimate: 36, low: 36, high: 36 }, 25, policy)).toBe('pass');
  });

  it('fails only below threshold - buffer; in between is undecided (document step-up)', () => {
    expect(ageVerdict({ estimate: 7, low: 7, high: 7 }, 18, policy)).toBe('fail');
    expect(ageVerdict({ estimate: 8, low: 8, high: 8 }, 18, policy)).toBe('undecided');
    expect(ageVerdict({ estimate: 17, low: 17, high: 17 }, 18, policy)).toBe('undecided');
  });

  it('judges a session: pass at its gate, fail under min_age itself, never a pass without a gate', () => {
    const one = (a: number) => ({ estimate: a, low: a, high: a });
    expect(sessionAgeVerdict(one(45), 99, null, policy)).toBe('fail'); // spec §1: min_age 99
    expect(sessionAgeVerdict(one(89), 99, null, policy)).toBe('undecided');
    expect(sessionAgeVerdict(one(110), 99, null, policy)).toBe('undecided');
    expect(sessionAgeVerdict(one(40), 16, 18, policy)).toBe('pass');
    expect(sessionAgeVerdict(one(7), 16, 18, policy)).toBe('undecided'); // under 18 - 10, not under 16 - 10
    expect(sessionAgeVerdict(one(5), 16, 18, policy)).toBe('fail');
    expect(sessionAgeVerdict(one(50), null, null, policy)).toBe('undecided');
  });

  it('uses the low end for pass and the high end for fail: disagreement widens the undecided band', () => {
    const wide = ageRangeOf([26, 37]);
    expect(wide).toEqual({ estimate: 31.5, low: 26, high: 37 });
    expect(ageVerdicts(wide, policy).map((v) => v.verdict)).toEqual(['undecided', 'undecided', 'undecided', 'undecided', 'undecided']);
    expect(ageVerdict({ estimate: 5, low: 1, high: 9 }, 18, policy)).toBe('undecided');
  });

  it('never passes a face estimated under minPassAge, for any threshold', () => {
    for (let est = 0; est < policy.minPassAge; est++) {
      for (const v of ageVerdicts({ estimate: est, low: est, high: est }, policy)) expect(v.verdict).not.toBe('pass');
    }
  });

  it('answers the five spec thresholds', () => {
    expect(ageVerdicts({ estimate: 50, low: 50, high: 50 }, policy).map((v) => v.threshold)).toEqual([...AGE_THRESHOLDS]);
  });

  it('takes the median of burst frames, so one odd frame does not move the verdict', () => {
    const r = medianAgeRange([ageRangeOf([40, 42]), ageRangeOf([12, 14]), ageRangeOf([41, 43])]);
    expect(r.low).toBe(40);
    expect(r.high).toBe(42);
  });
});

describe('age output decoding', () => {
  it('counts the firing "older than k" classifiers (InsightFace ordinal pairs)', () => {
    const out = new Float32Array(202);
    for (let k = 0; k < 30; k++) out[2 + 2 * k + 1] = 1;
    expect(decodeAge(out, { kind: 'ordinal-pairs', offset: 2, count: 100 })).toBe(30);
  });

  it('takes the expectation of a softmax over one-year bins', () => {
    const out = new Float32Array(101).fill(-50);
    out[20] = 10;
    expect(decodeAge(out, { kind: 'expectation', offset: 0, count: 101 })).toBeCloseTo(20, 5);
  });

  it('scales a regression output', () => {
    expect(decodeAge([0.31], { kind: 'scalar', index: 0, scale: 100 })).toBeCloseTo(31, 5);
  });
});
