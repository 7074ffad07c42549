/**
 * Format normalisation for the data match (spec §2.5 "Rules for data_match"): what a tenant
 * sends and what a document zone says are brought to one form before they are compared.
 */

// Letters NFD does not decompose, in their two usual MRZ transliterations (ICAO 9303 part 3
// section 6): the plain letter, and the expanded form some issuers use.
const SPECIAL_LETTERS: Record<string, [string, string]> = {
  ß: ['SS', 'SS'],
  Æ: ['AE', 'AE'],
  Ø: ['O', 'OE'],
  Œ: ['OE', 'OE'],
  Þ: ['TH', 'TH'],
  Ð: ['D', 'D'],
  Đ: ['D', 'D'],
  Ł: ['L', 'L'],
  Ħ: ['H', 'H'],
  Ŧ: ['T', 'T'],
  Ŋ: ['N', 'N'],
};
// Umlauts and the Nordic ring: ICAO lets issuers write Ä as AE (Germany) or A.
const EXPANDED: Record<string, string> = { Ä: 'AE', Ö: 'OE', Ü: 'UE', Å: 'AA' };

/**
 * The name's forms as letter tokens (A-Z only): the plain transliteration (accents dropped) and,
 * when it differs, the expanded one (Ä → AE, Ö → OE, Ü → UE, Å → AA, Ø → OE). Punctuation,
 * MRZ fillers and spaces separate tokens; apostrophes join ("O'Brien" → OBRIEN).
 */
export function nameForms(name: string): string[][] {
  const upper = name
    .normalize('NFC')
    .toUpperCase()
    .replace(/['’`´]/g, '');
  const plain = transliterate(upper, false);
  const expanded = transliterate(upper, true);
  return plain.join(' ') === expanded.join(' ') ? [plain] : [plain, expanded];
}

function transliterate(upper: string, expand: boolean): string[] {
  let out = '';
  for (const ch of upper) {
    if (expand && EXPANDED[ch]) out += EXPANDED[ch];
    else if (SPECIAL_LETTERS[ch]) out += SPECIAL_LETTERS[ch][expand ? 1 : 0];
    else out += ch.normalize('NFD').replace(/\p{M}/gu, '');
  }
  return out.split(/[^A-Z]+/).filter(Boolean);
}

const DATE_FORMATS: Array<[RegExp, (m: RegExpExecArray) => [string, string, string]]> = [
  [/^(\d{4})-(\d{2})-(\d{2})$/, (m) => [m[1], m[2], m[3]]],
  [/^(\d{4})(\d{2})(\d{2})$/, (m) => [m[1], m[2], m[3]]],
  [/^(\d{4})\/(\d{2})\/(\d{2})$/, (m) => [m[1], m[2], m[3]]],
  [/^(\d{2})\.(\d{2})\.(\d{4})$/, (m) => [m[3], m[2], m[1]]],
];

/**
 * A date as YYYY-MM-DD from the formats tenants and zones use (ISO, compact ISO, YYYY/MM/DD,
 * DD.MM.YYYY); undefined when it is none of them or not a calendar date. Slashed day-first or
 * month-first dates are refused: they are ambiguous.
 */
export function normaliseDate(value: string): string | undefined {
  const trimmed = value.trim();
  for (const [re, parts] of DATE_FORMATS) {
    const m = re.exec(trimmed);
    if (!m) continue;
    const [y, mo, d] = parts(m);
    const iso = `${y}-${mo}-${d}`;
    const date = new Date(`${iso}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : undefined;
  }
  return undefined;
}

/** A document number without case, spaces, dashes, dots, slashes or MRZ fillers. */
export function normaliseDocumentNumber(value: string): string {
  return value.toUpperCase().replace(/[\s\-./<]+/g, '');
}
