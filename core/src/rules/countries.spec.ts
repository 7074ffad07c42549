import { describe, expect, it } from 'vitest';
import { DEFAULT_RESTRICTED_COUNTRIES } from './rules.ts';
import { ISO_COUNTRIES, unknownCountries } from './countries.ts';

describe('ISO 3166-1 alpha-2 codes', () => {
  it('holds the 249 assigned codes, every default list among them', () => {
    expect(ISO_COUNTRIES.size).toBe(249);
    for (const list of Object.values(DEFAULT_RESTRICTED_COUNTRIES)) expect(unknownCountries(list)).toEqual([]);
  });

  it('names reserved, transitional and user-assigned codes and typos as unknown, in any case', () => {
    expect(unknownCountries(['us', 'GB', 'de'])).toEqual([]);
    expect(unknownCountries(['UK', 'EU', 'XK', 'ZZ', 'SU', 'U1', 'USA'])).toEqual(['UK', 'EU', 'XK', 'ZZ', 'SU', 'U1', 'USA']);
  });
});
