import { describe, expect, it } from 'vitest';
import { BIRTH_DATE_ADJUSTMENT as D, birthDateAdjustment, encodeDate } from './birth-date.ts';
import { countryCodes, NATIONALITY_ADJUSTMENT as N, nationalityAdjustment } from './country.ts';

describe('birth dates', () => {
  it('encodes full, month and year precision; rejects junk', () => {
    expect(encodeDate('1960-06-29')).toBe(19600629);
    expect(encodeDate('1960-06')).toBe(19600600);
    expect(encodeDate('1960')).toBe(19600000);
    expect(encodeDate('1960-06-29T00:00:00')).toBe(19600629);
    expect(encodeDate('circa 1960')).toBeNull();
    expect(encodeDate('1960-13-01')).toBeNull();
  });

  it('rewards agreement and penalises disagreement by how far apart', () => {
    const q = encodeDate('1960-06-29');
    expect(birthDateAdjustment(q, [19600629])).toBe(D.exact);
    expect(birthDateAdjustment(q, [19600000])).toBe(D.sameYear);
    expect(birthDateAdjustment(q, [19600715])).toBe(D.otherDay);
    expect(birthDateAdjustment(encodeDate('1960-06-09'), [19600906])).toBe(D.daySwap);
    expect(birthDateAdjustment(q, [19610000])).toBe(D.nearYear);
    expect(birthDateAdjustment(q, [19700101])).toBe(D.otherYear);
  });

  it('takes the best of several candidate dates and is neutral without dates', () => {
    expect(birthDateAdjustment(encodeDate('1960'), [19500000, 19600000, 19700000])).toBe(D.sameYear);
    expect(birthDateAdjustment(null, [19600629])).toBe(0);
    expect(birthDateAdjustment(encodeDate('1960'), [])).toBe(0);
  });
});

describe('nationality', () => {
  it('maps FtM extensions to alpha-2 codes', () => {
    expect(countryCodes('gb-nir')).toEqual(['gb']);
    expect(countryCodes('suhh')).toContain('ua');
  });

  it('agrees with any country of the entry, disagrees fully only with a stated nationality', () => {
    expect(nationalityAdjustment('eg', ['eg'], [])).toBe(N.agree);
    expect(nationalityAdjustment('ua', ['suhh'], [])).toBe(N.agree);
    expect(nationalityAdjustment('de', [], ['de'])).toBe(N.agree);
    expect(nationalityAdjustment('fr', ['eg'], ['fr'])).toBe(N.agree);
    expect(nationalityAdjustment('fr', ['eg'], [])).toBe(N.disagree);
    expect(nationalityAdjustment('fr', [], ['ve'])).toBe(N.disagreeOther);
    expect(nationalityAdjustment('fr', [], [])).toBe(0);
    expect(nationalityAdjustment(null, ['eg'], [])).toBe(0);
  });
});
