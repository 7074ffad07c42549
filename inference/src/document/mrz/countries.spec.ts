import { describe, expect, it } from 'vitest';
import { countryAlpha2, isKnownCountry, trimCountry } from './countries.ts';

describe('MRZ country codes', () => {
  it('maps ISO alpha-3 and ICAO codes to alpha-2', () => {
    expect(countryAlpha2('CAN')).toBe('CA');
    expect(countryAlpha2('CZE')).toBe('CZ');
    expect(countryAlpha2('D<<')).toBe('DE');
    expect(countryAlpha2('GBD')).toBe('GB');
    expect(countryAlpha2('RKS')).toBe('XK');
  });

  it('knows codes without a country and rejects unknown ones', () => {
    expect(isKnownCountry('XXA')).toBe(true);
    expect(countryAlpha2('XXA')).toBeUndefined();
    expect(isKnownCountry('UTO')).toBe(true);
    expect(isKnownCountry('OAZ')).toBe(false);
    expect(trimCountry('D<<')).toBe('D');
  });
});
