import { describe, expect, it } from 'vitest';
import { selectPath } from './path-selection.ts';
import { restrictedCountriesOf, validateRules } from '../rules/rules.ts';

const gambling = restrictedCountriesOf({ contentCategory: 'gambling', restrictedCountries: null });
const base = { purpose: 'age_verification' as const, verificationMode: 'auto' as const };

describe('selectPath (spec §1 order)', () => {
  it('service ID → D, before a wallet → E, before a restricted country → C, else A', () => {
    const all = { ...base, hasServiceId: true, walletAvailable: true, country: 'DE', restricted: gambling };
    expect(selectPath(all)).toEqual({ path: 'D', rule: 'service_id' });
    expect(selectPath({ ...all, hasServiceId: false })).toEqual({ path: 'E', rule: 'wallet_available' });
    expect(selectPath({ ...all, hasServiceId: false, walletAvailable: false })).toEqual({ path: 'C', rule: 'restricted_country:DE@default:gambling' });
    expect(selectPath({ ...all, hasServiceId: false, walletAvailable: false, country: 'CH' })).toEqual({ path: 'A', rule: 'default:on_device' });
    expect(selectPath({ ...base, country: null, restricted: gambling })).toEqual({ path: 'A', rule: 'default:on_device' });
  });

  it('per-request overrides bypass the rule engine', () => {
    const restricted = { country: 'DE', restricted: gambling, hasServiceId: true };
    expect(selectPath({ ...base, ...restricted, purpose: 'id_verification' })).toEqual({ path: 'B', rule: 'purpose:id_verification' });
    expect(selectPath({ ...base, ...restricted, verificationMode: 'document' })).toEqual({ path: 'B', rule: 'verification_mode:document' });
    expect(selectPath({ ...base, ...restricted, verificationMode: 'facial' })).toEqual({ path: 'A', rule: 'verification_mode:facial' });
  });

  it('a project list replaces the category default', () => {
    const own = restrictedCountriesOf(validateRules({ contentCategory: 'gambling', restrictedCountries: ['fr'] }));
    expect(selectPath({ ...base, country: 'FR', restricted: own })).toEqual({ path: 'C', rule: 'restricted_country:FR@project' });
    expect(selectPath({ ...base, country: 'DE', restricted: own }).path).toBe('A');
  });
});

describe('validateRules', () => {
  it('refuses unknown categories and bad country codes', () => {
    expect(() => validateRules({ contentCategory: 'casino' })).toThrow(/content_category|invalid/);
    expect(() => validateRules({ restrictedCountries: ['DEU'] })).toThrow();
    expect(validateRules({ restrictedCountries: ['de', 'DE', 'at'] })).toEqual({
      contentCategory: 'general',
      restrictedCountries: ['AT', 'DE'],
      serverSideChecks: false,
      tokenMethods: null,
      tokenMaxAgeDays: null,
    });
  });
});
