/** ICAO 9303 part 3 section 4.9: character values and the 7-3-1 check digit. */
export function charValue(ch: string): number {
  const code = ch.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return code - 55;
  if (ch === '<') return 0;
  return -1;
}

const WEIGHTS = [7, 3, 1];

/** The check digit of `field`, or -1 if it holds a character outside the MRZ alphabet. */
export function checkDigit(field: string): number {
  let sum = 0;
  for (let i = 0; i < field.length; i++) {
    const value = charValue(field[i]);
    if (value < 0) return -1;
    sum += value * WEIGHTS[i % 3];
  }
  return sum % 10;
}

/**
 * Whether `digit` is the check digit of `field`. A '<' check digit is accepted only where ICAO
 * allows it: for an all-filler optional-data field (TD3 line 2 position 43).
 */
export function checkDigitMatches(field: string, digit: string, fillerAllowed = false): boolean {
  if (digit === '<') return fillerAllowed && /^<*$/.test(field);
  if (!/^[0-9]$/.test(digit)) return false;
  return checkDigit(field) === Number(digit);
}

/** Letters the recogniser confuses with digits, read in a numeric position. */
export const LETTER_TO_DIGIT: Readonly<Record<string, string>> = {
  O: '0',
  Q: '0',
  D: '0',
  U: '0',
  I: '1',
  L: '1',
  J: '1',
  T: '7',
  Z: '2',
  S: '5',
  G: '6',
  B: '8',
  A: '4',
};

/** Digits the recogniser confuses with letters, read in an alphabetic position. */
export const DIGIT_TO_LETTER: Readonly<Record<string, string>> = { '0': 'O', '1': 'I', '2': 'Z', '4': 'A', '5': 'S', '6': 'G', '7': 'T', '8': 'B' };

/** Letters that a filler '<' is misread as (the chevron's two strokes). */
export const FILLER_LOOKALIKES = new Set(['<', 'K', 'C']);

/**
 * Symmetric glyph confusions used to search alphanumeric fields (document number, optional data)
 * when their check digit fails: both readings are legal there, so only the check digit can decide.
 */
export const CONFUSABLE: Readonly<Record<string, readonly string[]>> = {
  '0': ['O', 'D', 'Q'],
  O: ['0', 'D', 'Q'],
  D: ['0', 'O'],
  Q: ['0', 'O'],
  '1': ['I', 'L'],
  I: ['1', 'L'],
  L: ['1', 'I'],
  '2': ['Z'],
  Z: ['2'],
  '5': ['S'],
  S: ['5'],
  '6': ['G'],
  G: ['6'],
  '8': ['B'],
  B: ['8'],
  '4': ['A'],
  A: ['4'],
  '7': ['T'],
  T: ['7'],
  '<': ['K', 'C'],
  K: ['<'],
  C: ['<'],
};
