/**
 * Nationality agreement. FtM uses lowercase ISO 3166 alpha-2 codes plus extensions: subdivisions
 * ("gb-nir") and historical states ("suhh" Soviet Union), which agree with their successors.
 */
export const NATIONALITY_ADJUSTMENT = {
  /** The query nationality is among the entry's countries. */
  agree: 0.03,
  /** The entry states a nationality or citizenship, and no country of the entry fits. */
  disagree: -0.2,
  /** The entry states only other countries (residence, office, birth), and none fits. */
  disagreeOther: -0.2,
} as const;

const HISTORICAL: Readonly<Record<string, readonly string[]>> = {
  suhh: ['ru', 'ua', 'by', 'kz', 'uz', 'tm', 'tj', 'kg', 'am', 'az', 'ge', 'md', 'lt', 'lv', 'ee'],
  yucs: ['rs', 'me', 'ba', 'hr', 'si', 'mk', 'xk'],
  csxx: ['rs', 'me'],
  cshh: ['cz', 'sk'],
  ddde: ['de'],
  zr: ['cd'],
  an: ['cw', 'sx', 'bq'],
};

/** The alpha-2 codes a list value stands for ("gb-nir" → gb, "suhh" → its successors). */
export function countryCodes(value: string): readonly string[] {
  const code = value.toLowerCase();
  if (HISTORICAL[code]) return HISTORICAL[code];
  return [code.split('-')[0]];
}

/**
 * +agree when the query nationality is among the entry's countries of any kind. Otherwise a
 * penalty: the full one when the entry states a nationality or citizenship, a smaller one when it
 * only names other countries (a PEP's country of office, a residence), which can differ from it.
 */
export function nationalityAdjustment(query: string | null, nationalities: readonly string[], otherCountries: readonly string[]): number {
  if (query === null) return 0;
  const q = query.toLowerCase();
  const fits = (values: readonly string[]) => values.some((v) => countryCodes(v).includes(q));
  if (fits(nationalities) || fits(otherCountries)) return NATIONALITY_ADJUSTMENT.agree;
  if (nationalities.length > 0) return NATIONALITY_ADJUSTMENT.disagree;
  return otherCountries.length > 0 ? NATIONALITY_ADJUSTMENT.disagreeOther : 0;
}
