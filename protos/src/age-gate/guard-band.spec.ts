import { describe, expect, it } from 'vitest';
import { inGuardBand, parseAgeGuardBand } from './guard-band.ts';
import { fuseFrames } from './policy.ts';
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

describe('inGuardBand with the low end bounded by a probability mass', () => {
  const massBand = { ...band, lowQuantileMass: 0.01 };
  const bounded = (low: number, lowFloor: number, lowCeiling: number) => ({ estimate: 40, low, high: 48, lowFloor, lowCeiling });

  it("decides by the bounds instead of the low end's whole years", () => {
    expect(inGuardBand(bounded(20, 19, 22), 18, estimate, massBand)).toBe(false); // within 6 years, bounds over the gate
    expect(inGuardBand(bounded(20, 17, 22), 18, estimate, massBand)).toBe(true); // the floor under it
    expect(inGuardBand(bounded(16, 10, 17), 18, estimate, massBand)).toBe(false); // bounds under the gate: undecided either way
    expect(inGuardBand(bounded(17, 10, 18), 18, estimate, massBand)).toBe(true); // the ceiling reaches it
  });

  it('ignores bounds when the band has no mass, and counts bounds that do not hold the low end as inside', () => {
    expect(inGuardBand(bounded(20, 19, 22), 18, estimate, band)).toBe(true);
    expect(inGuardBand(bounded(30, 31, 40), 18, estimate, massBand)).toBe(true);
    expect(inGuardBand({ estimate: 40, low: 30, high: 48, lowFloor: 29 }, 18, estimate, massBand)).toBe(true);
  });

  it('fuses bounds as medians, and only when every frame has them', () => {
    expect(fuseFrames([bounded(20, 19, 22), bounded(21, 20, 25), bounded(19, 16, 20)])).toEqual({
      estimate: 40,
      low: 20,
      high: 48,
      lowFloor: 19,
      lowCeiling: 22,
    });
    expect(fuseFrames([bounded(20, 19, 22), { estimate: 40, low: 21, high: 48 }, bounded(19, 16, 20)])).toEqual({ estimate: 40, low: 20, high: 48 });
  });
});

describe('parseAgeGuardBand', () => {
  it('accepts positive widths and names what is wrong otherwise', () => {
    expect(parseAgeGuardBand({ estimateYears: 0.5, lowYears: 6, highYears: 6 }, 'x')).toEqual(band);
    expect(() => parseAgeGuardBand({ estimateYears: 0 }, 'models.x.browser')).toThrow(/models\.x\.browser: guardBand must be/);
    expect(() => parseAgeGuardBand(undefined, 'x')).toThrow(/guardBand/);
    expect(parseAgeGuardBand({ ...band, lowQuantileMass: 0.02 }, 'x')).toEqual({ ...band, lowQuantileMass: 0.02 });
    expect(() => parseAgeGuardBand({ ...band, lowQuantileMass: 0.5 }, 'x')).toThrow(/lowQuantileMass/);
    expect(() => parseAgeGuardBand({ ...band, lowQuantileMass: '0.1' }, 'x')).toThrow(/lowQuantileMass/);
  });
});
