import { countryCodes } from './country.ts';

/**
 * Evidence that clearly says the list entry is someone else (README.md "Contradicting birth date
 * or nationality"). Unlike the score adjustments (birth-date.ts, country.ts), which only move a
 * score, a clear contradiction keeps the hit under the threshold, unless the name is exact and rare.
 */

/**
 * Birth years further apart than this contradict clearly. Lists often give a year only, a
 * "circa" year or a run of candidate years; a decade covers that vagueness, while a document
 * holder born 15 or more years from every listed date is someone a reviewer dismisses at a glance.
 */
export const CLEAR_BIRTH_YEAR_GAP = 10;

/** Every listed birth date lies more than CLEAR_BIRTH_YEAR_GAP years from the query's (yyyymmdd values). */
export function birthDateContradicts(query: number | null, listed: ArrayLike<number>): boolean {
  if (query === null || listed.length === 0) return false;
  const year = Math.floor(query / 10000);
  for (let k = 0; k < listed.length; k++) if (Math.abs(Math.floor(listed[k] / 10000) - year) <= CLEAR_BIRTH_YEAR_GAP) return false;
  return true;
}

/**
 * The entry states a nationality or citizenship, and neither it nor any other country of the
 * entry (residence, birth country, office) is the query's. An entry that names only other
 * countries never contradicts: a PEP's country of office says nothing about a passport.
 */
export function nationalityContradicts(query: string | null, nationalities: readonly string[], otherCountries: readonly string[]): boolean {
  if (query === null || nationalities.length === 0) return false;
  const q = query.toLowerCase();
  return ![...nationalities, ...otherCountries].some((v) => countryCodes(v).includes(q));
}
