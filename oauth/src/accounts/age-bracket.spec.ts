import { describe, expect, it } from 'vitest';
import { ageClaims, bracketAt } from './age-bracket.ts';

describe('age bracket without a birth date', () => {
  it('steps up on the stored change date and derives the following ones', () => {
    const stored = { bracket: 15, nextChangeAt: new Date('2027-03-01T00:00:00Z') };
    expect(bracketAt(stored, new Date('2027-02-28T23:59:59Z'))).toBe(15);
    expect(bracketAt(stored, new Date('2027-03-01T00:00:00Z'))).toBe(18);
    expect(bracketAt(stored, new Date('2030-02-28T00:00:00Z'))).toBe(18);
    expect(bracketAt(stored, new Date('2030-03-01T00:00:00Z'))).toBe(21);
    expect(bracketAt(stored, new Date('2034-03-01T00:00:00Z'))).toBe(25);
    expect(bracketAt(stored, new Date('2090-01-01T00:00:00Z'))).toBe(25);
  });

  it('has no bracket when none was verified', () => {
    expect(bracketAt({ bracket: null, nextChangeAt: null }, new Date())).toBeNull();
  });

  it('maps a bracket to the claims of spec §2.6', () => {
    expect(ageClaims(18)).toEqual({
      age_verified: true,
      verified_brackets: ['+12', '+15', '+18'],
      meets_threshold: { 12: true, 15: true, 18: true, 21: false, 25: false },
    });
    expect(ageClaims(null)).toEqual({ age_verified: false, verified_brackets: [], meets_threshold: { 12: false, 15: false, 18: false, 21: false, 25: false } });
  });
});
