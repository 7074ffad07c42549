import { alpha2OfCountry, isKnownCountry, trimCountry } from '@idgate/platform';

// The ISO/ICAO country table lives in @idgate/platform (shared with core's data match and screening).
export { isKnownCountry, trimCountry };

/** Alpha-2 for an MRZ country code; undefined for unknown codes and for codes with no country. */
export function countryAlpha2(code: string): string | undefined {
  const c = trimCountry(code);
  return /^[A-Z]{2}$/.test(c) ? undefined : alpha2OfCountry(c);
}
