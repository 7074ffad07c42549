import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageOn, utcDateOf } from '../sessions/age.ts';
import { AGE_BRACKETS, bracketOn } from './age-bracket.ts';

describe('bracketOn', () => {
  it('keeps the highest of 12/15/18/21/25 met and the UTC midnight it next changes', () => {
    expect(bracketOn({ year: 2006, month: 3, day: 10 }, { year: 2026, month: 6, day: 15 })).toEqual({
      bracket: 18,
      nextChangeAt: new Date('2027-03-10T00:00:00Z'),
    });
    expect(bracketOn({ year: 2016, month: 1, day: 1 }, { year: 2026, month: 6, day: 15 })).toEqual({
      bracket: null,
      nextChangeAt: new Date('2028-01-01T00:00:00Z'),
    });
    expect(bracketOn({ year: 1961, month: 8, day: 4 }, { year: 2026, month: 6, day: 15 })).toEqual({ bracket: 25, nextChangeAt: null });
  });

  it('a leapling reaches the next bracket on 1 March of a non-leap year', () => {
    expect(bracketOn({ year: 2008, month: 2, day: 29 }, { year: 2026, month: 1, day: 1 })).toEqual({
      bracket: 15,
      nextChangeAt: new Date('2026-03-01T00:00:00Z'),
    });
  });

  it('property: the bracket is met and the next one is not met before nextChangeAt, met on it', () => {
    const day = fc.integer({ min: Date.UTC(1930, 0, 1), max: Date.UTC(2030, 0, 1) }).map((ms) => utcDateOf(new Date(ms)));
    fc.assert(
      fc.property(day, day, (birth, on) => {
        fc.pre(Date.UTC(birth.year, birth.month - 1, birth.day) <= Date.UTC(on.year, on.month - 1, on.day));
        const { bracket, nextChangeAt } = bracketOn(birth, on);
        const age = ageOn(birth, on);
        if (bracket !== null) expect(age).toBeGreaterThanOrEqual(bracket);
        expect(AGE_BRACKETS.filter((b) => b <= age).at(-1) ?? null).toBe(bracket);
        if (nextChangeAt) {
          const next = AGE_BRACKETS.find((b) => b > age) as number;
          expect(ageOn(birth, utcDateOf(nextChangeAt))).toBe(next);
          expect(ageOn(birth, utcDateOf(new Date(nextChangeAt.getTime() - 1)))).toBe(next - 1);
        } else {
          expect(bracket).toBe(25);
        }
      }),
    );
  });
});
