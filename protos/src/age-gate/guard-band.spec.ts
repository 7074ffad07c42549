import { describe, expect, it } from 'vitest';
import { inGuardBand, parseAgeGuardBand } from './guard-band.ts';
import type { AgeGatePolicy } from './policy.ts';

const estimate: AgeGatePolicy = { decideOn: 'estimate', passAtOrAbove: { 12: 30, 15: 30, 18: 30.5, 21: 34.5, 25: 36.5 }, failBelowMinAgeBy: 8 };
const range: AgeGatePolicy = { decideOn: 'range', passAtOrAbove: { 12: 36, 15: 36, 18: 36, 21: 36, 25: 36 }, failBelowMinAgeBy: 10 };
const band = { estimateYears: 0.5, lowYears: 6, highYears: 6 };
const face = (e: number, low: number, high = e + 8) => ({ estimate: e, low, high });

describe('inGuardBand', () => {
  it('is outside the band when no deciding number is near its threshold', () => {
    expect(inGuardBand(face(40, 30), 18, estimate, band)).toBe(false); // pass
    expect(inGuardBand(face(25, 20), 18, estimate, band)).toBe(false); // undecided
    expect(inGuardBand(face(5, 1), 18, estimate, band)).toBe(false); // fail
    // A number near a threshold that cannot change the verdict does not count: an estimate far
    // under the pass value makes the low end irrelevant.
    expect(inGuardBand(face(25, 18), 18, estimate, band)).toBe(false);
  });

  it('is inside the band near each threshold the estimate policy compares against', () => {
    expect(inGuardBand(face(30.5, 25), 18, estimate, band)).toBe(true); // at the pass value
    expect(inGuardBand(face(30.01, 25), 18, estimate, band)).toBe(true); // just under it
    expect(inGuardBand(face(40, 18), 18, estimate, band)).toBe(true); // low end at the gate
    expect(inGuardBand(face(40, 23), 18, estimate, band)).toBe(true); // within 6 years above it
    expect(inGuardBand(face(40, 24), 18, estimate, band)).toBe(false);
    expect(inGuardBand(face(10.2, 4), 18, estimate, band)).toBe(true); // the fail bound 18 - 8
    expect(inGuardBand(face(34.6, 28), 21, estimate, band)).toBe(true); // +21 pass value 34.5
    expect(inGuardBand(face(91.3, 80), 99, estimate, band)).toBe(true); // no gate: fail bound 91 only
    expect(inGuardBand(face(60, 50), 99, estimate, band)).toBe(false);
  });

  it('follows the range policy: the low end against the pass value, the high end against the fail bound', () => {
    expect(inGuardBand(face(40, 33), 18, range, band)).toBe(true);
    expect(inGuardBand(face(45, 43), 18, range, band)).toBe(false);
    expect(inGuardBand(face(5, 2, 9), 18, range, band)).toBe(true);
  });

  it('counts numbers that are not finite as inside, and nothing without a min_age', () => {
    expect(inGuardBand(face(Number.NaN, 30), 18, estimate, band)).toBe(true);
    expect(inGuardBand(face(30.5, 18), null, estimate, band)).toBe(false);
  });
});

describe('parseAgeGuardBand', () => {
  it('accepts positive widths and names what is wrong otherwise', () => {
    expect(parseAgeGuardBand({ estimateYears: 0.5, lowYears: 6, highYears: 6 }, 'x')).toEqual(band);
    expect(() => parseAgeGuardBand({ estimateYears: 0 }, 'models.x.browser')).toThrow(/models\.x\.browser: guardBand must be/);
    expect(() => parseAgeGuardBand(undefined, 'x')).toThrow(/guardBand/);
  });
});
