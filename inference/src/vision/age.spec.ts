import { describe, expect, it } from 'vitest';
import { decodeAge, decodeAgeView, distributionQuantile, frameAgeRange } from './age.ts';

// The gate policy itself is tested where it lives: protos/src/age-gate/policy.spec.ts.
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

  it('takes the expectation of a probability distribution whose first bin is age 1 (faceres-deep)', () => {
    const out = new Float32Array(100);
    out[29] = 0.5; // age 30
    out[39] = 0.5; // age 40
    expect(decodeAge(out, { kind: 'distribution', firstAge: 1, count: 100 })).toBeCloseTo(35, 5);
  });
});

describe("one frame's age range", () => {
  const dist = (entries: Record<number, number>): Float32Array => {
    const p = new Float32Array(100);
    for (const [age, mass] of Object.entries(entries)) p[Number(age) - 1] = mass;
    return p;
  };
  const decoding = { kind: 'distribution', firstAge: 1, count: 100 } as const;

  it('finds the quantiles of the distribution in whole years', () => {
    const p = dist({ 15: 0.1, 20: 0.2, 30: 0.4, 40: 0.3 });
    expect(distributionQuantile(p, 0.1, 1)).toBe(15);
    expect(distributionQuantile(p, 0.2, 1)).toBe(20);
    expect(distributionQuantile(p, 0.5, 1)).toBe(30);
    expect(distributionQuantile(p, 0.8, 1)).toBe(40);
  });

  it("takes low and high from the distribution's quantiles when the model has one", () => {
    const view = decodeAgeView(dist({ 15: 0.1, 20: 0.2, 30: 0.4, 40: 0.3 }), decoding);
    expect(view.age).toBeCloseTo(29.5, 4);
    expect(frameAgeRange([view], { kind: 'quantiles', low: 0.2, high: 0.8 }, decoding)).toEqual({ estimate: view.age, low: 20, high: 40 });
    // Two views: the estimates are averaged, and so are the distributions.
    const other = decodeAgeView(dist({ 30: 1 }), decoding);
    const r = frameAgeRange([view, other], { kind: 'quantiles', low: 0.2, high: 0.8 }, decoding);
    expect(r.estimate).toBeCloseTo((29.5 + 30) / 2, 4);
    expect(r.low).toBe(30);
  });

  it('bounds the low end by the quantiles at its level minus and plus the guard mass', () => {
    const decoding = { kind: 'distribution', firstAge: 1, count: 100 } as const;
    const spread = { kind: 'quantiles', low: 0.2, high: 0.8 } as const;
    // Flat around the 20 % quantile: 10 % at 15, then 2 % a year from 16 to 25, the rest at 40.
    const flat = decodeAgeView(dist({ 15: 0.1, ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [16 + i, 0.02])), 40: 0.7 }), decoding);
    const r = frameAgeRange([flat], spread, decoding, 0.03);
    // Cumulative: 0.16 at 18, 0.18 at 19, 0.20 at 20, 0.22 at 21, 0.24 at 22.
    expect(r).toMatchObject({ low: 20, lowFloor: 19, lowCeiling: 22 });
    // A file whose cumulative probability is within the mass of this one's has its low end within the bounds.
    const shifted = decodeAgeView(dist({ 15: 0.12, ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [16 + i, 0.02])), 40: 0.68 }), decoding);
    const s2 = frameAgeRange([shifted], spread, decoding);
    expect(s2.low).toBeGreaterThanOrEqual(r.lowFloor!);
    expect(s2.low).toBeLessThanOrEqual(r.lowCeiling!);
    // Steep around the quantile: the bounds close in on the low end.
    const steep = frameAgeRange([decodeAgeView(dist({ 15: 0.1, 30: 0.6, 40: 0.3 }), decoding)], spread, decoding, 0.03);
    expect(steep).toMatchObject({ low: 30, lowFloor: 30, lowCeiling: 30 });
    // Without the mass, no bounds.
    expect(frameAgeRange([flat], spread, decoding)).not.toHaveProperty('lowFloor');
  });

  it("takes low and high from the views' spread otherwise", () => {
    expect(frameAgeRange([{ age: 26 }, { age: 37 }], { kind: 'views' }, { kind: 'ordinal-pairs', offset: 2, count: 100 })).toEqual({
      estimate: 31.5,
      low: 26,
      high: 37,
    });
  });
});
