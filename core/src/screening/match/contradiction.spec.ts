import { describe, expect, it } from 'vitest';
import { encodeDate } from './birth-date.ts';
import { birthDateContradicts, CLEAR_BIRTH_YEAR_GAP, nationalityContradicts } from './contradiction.ts';

const date = (value: string) => encodeDate(value)!;

describe('birthDateContradicts', () => {
  it(`holds when every listed date is more than ${CLEAR_BIRTH_YEAR_GAP} years away, on a full date or a year`, () => {
    expect(birthDateContradicts(date('1990-06-29'), [date('1960-06-29')])).toBe(true);
    expect(birthDateContradicts(date('1990'), [date('1979')])).toBe(true);
    expect(birthDateContradicts(date('1990-01-01'), [date('1980-12-31')])).toBe(false);
    expect(birthDateContradicts(date('1990'), [date('1980'), date('1995')])).toBe(false);
    expect(birthDateContradicts(date('1960-06-29'), [date('1960-09-06')])).toBe(false);
  });

  it('never holds without a date on either side', () => {
    expect(birthDateContradicts(null, [date('1960')])).toBe(false);
    expect(birthDateContradicts(date('1960'), [])).toBe(false);
  });
});

describe('nationalityContradicts', () => {
  it("holds when the entry states a nationality and none of its countries is the query's", () => {
    expect(nationalityContradicts('fr', ['eg'], [])).toBe(true);
    expect(nationalityContradicts('fr', ['eg'], ['sy'])).toBe(true);
    expect(nationalityContradicts('fr', ['eg'], ['fr'])).toBe(false);
    expect(nationalityContradicts('ua', ['suhh'], [])).toBe(false);
  });

  it("never holds when the entry states no nationality (a PEP's country of office) or the query has none", () => {
    expect(nationalityContradicts('fr', [], ['ve'])).toBe(false);
    expect(nationalityContradicts(null, ['eg'], [])).toBe(false);
  });
});
