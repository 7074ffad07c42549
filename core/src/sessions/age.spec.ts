import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageOn, dateTurning, isLeapYear, parseIsoDate, toIsoDate, utcDateOf, type CalendarDate } from './age.ts';

const d = (iso: string): CalendarDate => {
  const parsed = parseIsoDate(iso);
  if (!parsed) throw new Error(`bad date ${iso}`);
  return parsed;
};
const DAY = 86_400_000;
/** Any calendar date from 1900 to 2100. */
const calendarDate = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 11, 31) }).map((ms) => utcDateOf(new Date(ms - (ms % DAY))));

describe('ageOn', () => {
  it('counts completed years on the UTC calendar date', () => {
    expect(ageOn(d('2000-06-15'), d('2018-06-14'))).toBe(17);
    expect(ageOn(d('2000-06-15'), d('2018-06-15'))).toBe(18);
    expect(ageOn(d('2000-06-15'), d('2000-06-15'))).toBe(0);
    expect(ageOn(d('2000-06-15'), d('1999-01-01'))).toBe(0);
  });

  it('someone born on 29 February turns N on 1 March in non-leap years, on 29 February in leap years', () => {
    const leapling = d('2004-02-29');
    expect(ageOn(leapling, d('2022-02-28'))).toBe(17);
    expect(ageOn(leapling, d('2022-03-01'))).toBe(18);
    expect(ageOn(leapling, d('2024-02-28'))).toBe(19);
    expect(ageOn(leapling, d('2024-02-29'))).toBe(20);
    expect(dateTurning(leapling, 18)).toEqual(d('2022-03-01'));
    expect(dateTurning(d('2000-02-29'), 100)).toEqual(d('2100-03-01')); // 2100 is not a leap year
  });

  it('is decided on the UTC date: a visitor at 23:30 in New York on the eve of a birthday is already that age in UTC', () => {
    const birth = d('2008-06-16');
    expect(ageOn(birth, utcDateOf(new Date('2026-06-15T23:59:59.999Z')))).toBe(17);
    expect(ageOn(birth, utcDateOf(new Date('2026-06-16T00:00:00.000Z')))).toBe(18);
    // 2026-06-15 23:30 in New York (UTC-4) is already 2026-06-16 03:30 UTC.
    expect(ageOn(birth, utcDateOf(new Date('2026-06-15T23:30:00-04:00')))).toBe(18);
    // 2026-06-16 00:30 in Tokyo (UTC+9) is still 2026-06-15 15:30 UTC.
    expect(ageOn(birth, utcDateOf(new Date('2026-06-16T00:30:00+09:00')))).toBe(17);
  });

  it('property: the age changes exactly on dateTurning and never on another day', () => {
    fc.assert(
      fc.property(calendarDate, fc.integer({ min: 1, max: 99 }), (birth, n) => {
        const turning = dateTurning(birth, n);
        const dayBefore = utcDateOf(new Date(Date.UTC(turning.year, turning.month - 1, turning.day) - DAY));
        expect(ageOn(birth, turning)).toBe(n);
        expect(ageOn(birth, dayBefore)).toBe(n - 1);
      }),
    );
  });

  it('property: age never decreases as days pass, and grows by at most one a day', () => {
    fc.assert(
      fc.property(calendarDate, calendarDate, (birth, on) => {
        const next = utcDateOf(new Date(Date.UTC(on.year, on.month - 1, on.day) + DAY));
        const delta = ageOn(birth, next) - ageOn(birth, on);
        expect(delta === 0 || delta === 1).toBe(true);
      }),
    );
  });

  it('property: a leapling is N years old on 1 March of a non-leap year N years later, N-1 on 28 February', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1904, max: 2096 }).filter(isLeapYear), fc.integer({ min: 1, max: 99 }), (year, n) => {
        fc.pre(!isLeapYear(year + n));
        const birth = { year, month: 2, day: 29 };
        expect(ageOn(birth, { year: year + n, month: 3, day: 1 })).toBe(n);
        expect(ageOn(birth, { year: year + n, month: 2, day: 28 })).toBe(n - 1);
      }),
    );
  });

  it('parses only real calendar dates', () => {
    expect(parseIsoDate('2023-02-29')).toBeUndefined();
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseIsoDate('2024-13-01')).toBeUndefined();
    expect(parseIsoDate('24-01-01')).toBeUndefined();
    expect(toIsoDate({ year: 987, month: 1, day: 2 })).toBe('0987-01-02');
  });
});
