/**
 * The name fields of machine-readable zones (ICAO 9303): SURNAME<<GIVEN<NAMES, filled with '<'
 * and cut when the name is longer. A name that fills a field exactly may have lost the end of its
 * last word (the last given name), so that word is matched as a prefix (docs/screening.md).
 */

/** Name field lengths: TD1 (identity cards) 30 characters, TD3 (passports) 39. */
export const MRZ_NAME_FIELD_LENGTHS: readonly number[] = [30, 39];

/**
 * How many characters the name takes in an MRZ name field: its words joined by one '<', plus one
 * more for the '<<' between surname and given names when there are two words or more. The same
 * for "SURNAME, GIVEN NAMES", "GIVEN NAMES SURNAME" and the raw field "SURNAME<<GIVEN<NAMES".
 * Apostrophes take no place (ICAO drops them); every other run of non-letters is one separator.
 */
export function mrzNameLength(name: string): number {
  const words = name
    .normalize('NFKC')
    .replace(/['`\u2018\u2019\u02bc]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const letters = words.reduce((sum, w) => sum + [...w].length, 0);
  return words.length >= 2 ? letters + words.length : letters;
}

/** Whether the name fills a TD1 or TD3 name field exactly, so its last word may be cut. */
export function mayBeCutByMrz(name: string): boolean {
  return MRZ_NAME_FIELD_LENGTHS.includes(mrzNameLength(name));
}
