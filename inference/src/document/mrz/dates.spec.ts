import { describe, expect, it } from 'vitest';
import { resolveBirthDate, resolveExpiryDate, todayIso } from './dates.ts';

describe('MRZ dates', () => {
  const today = '2025-06-01';

  it('puts the expiry in the century closest to today', () => {
    expect(resolveExpiryDate('120415', today)).toBe('2012-04-15');
    expect(resolveExpiryDate('350101', today)).toBe('2035-01-01');
    expect(resolveExpiryDate('991231', today)).toBe('1999-12-31');
    expect(resolveExpiryDate('740101', today)).toBe('2074-01-01');
  });

  it('puts the birth date in the latest century not after today nor the expiry', () => {
    expect(resolveBirthDate('740812', today, '2012-04-15')).toBe('1974-08-12');
    expect(resolveBirthDate('150101', today, '2030-01-01')).toBe('2015-01-01');
    expect(resolveBirthDate('250601', today)).toBe('2025-06-01');
    expect(resolveBirthDate('250602', today)).toBe('1925-06-02');
    // Born 2020 cannot hold a document that expired in 2019: the holder was born in 1920.
    expect(resolveBirthDate('200101', today, '2019-05-05')).toBe('1920-01-01');
    // Known ambiguity (Czech specimen, printed 01.01.1911): the MRZ alone says 2011.
    expect(resolveBirthDate('110101', today, '2012-07-04')).toBe('2011-01-01');
  });

  it('rejects impossible calendar dates and non-digits', () => {
    expect(resolveBirthDate('741332', today)).toBeUndefined();
    expect(resolveBirthDate('010229', today)).toBeUndefined();
    expect(resolveBirthDate('000229', today)).toBe('2000-02-29');
    expect(resolveBirthDate('<<<<<<', today)).toBeUndefined();
    expect(resolveExpiryDate('12O415', today)).toBeUndefined();
  });

  it('formats today in UTC', () => {
    expect(todayIso(new Date('2024-02-29T23:59:59Z'))).toBe('2024-02-29');
  });
});
