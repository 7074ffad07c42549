import anyAscii from 'any-ascii';
import { HEBREW_GERESH, SCRIPT_LETTERS, WORD_INITIAL_CONSONANT } from './script-tables.ts';

/**
 * How a token was written: `abjad` scripts (Arabic, Hebrew) omit vowels, so such tokens are
 * compared on consonant skeletons; `syllabic` tokens are one Han or Hangul glyph, whose identity
 * is the glyph itself (two glyphs may romanise alike: 市/石 are both "shi").
 */
export type TokenScript = 'alphabetic' | 'abjad' | 'syllabic';

/** A piece of one word in lowercase ASCII (it may still hold punctuation to split on). */
export interface LatinPiece {
  text: string;
  script: TokenScript;
  glyph?: string;
}

const COMBINING_MARK = /[\u0300-\u036f]/g;
const ARABIC_ARTICLE = /^(\u0627\u0644)(?=[\u0621-\u064a\u0671-\u06d3]{2,})/;
const cache = new Map<number, string>();

function isSyllabicGlyph(cp: number): boolean {
  return (cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0x3400 && cp <= 0x4dbf) || (cp >= 0xac00 && cp <= 0xd7af);
}

function isIgnorableMark(cp: number): boolean {
  return (
    (cp >= 0x064b && cp <= 0x065f) ||
    cp === 0x0670 ||
    cp === 0x0640 || // Arabic harakat, tatweel
    (cp >= 0x0591 && cp <= 0x05c7) || // Hebrew points
    (cp >= 0x0300 && cp <= 0x036f) ||
    cp === 0x30fc ||
    cp === 0x200c ||
    cp === 0x200d
  );
}

/** Latin for a code point outside the tables: diacritics stripped, else any-ascii. Cached. */
function latinOf(cp: number, ch: string): string {
  const hit = cache.get(cp);
  if (hit !== undefined) return hit;
  let out: string;
  if (isIgnorableMark(cp)) out = '';
  else if (cp === 0x30fb || cp === 0xb7)
    out = ' '; // katakana middle dot, middle dot
  else {
    const stripped = ch.normalize('NFD').replace(COMBINING_MARK, '');
    // eslint-disable-next-line no-control-regex -- the ASCII range, U+0000 included, on purpose
    out = (/^[\x00-\x7f]*$/.test(stripped) ? stripped : anyAscii(ch)).toLowerCase();
  }
  if (cache.size < 20_000) cache.set(cp, out);
  return out;
}

/** Hebrew geresh (ג' = j, צ' = ch, ת' = th) rewrites the letter before it. */
function applyGeresh(text: string, lastHebrew: string): string {
  return text.slice(0, text.length - lastHebrew.length) + HEBREW_GERESH[lastHebrew];
}

function alphabeticText(source: string): { text: string; abjad: boolean } {
  let text = '';
  let abjad = false;
  let lastHebrew = '';
  for (const ch of source) {
    const cp = ch.codePointAt(0)!;
    const letter = cp >= 0x80 ? SCRIPT_LETTERS.get(cp) : undefined;
    if ((ch === "'" || cp === 0x05f3) && lastHebrew in HEBREW_GERESH) text = applyGeresh(text, lastHebrew);
    else if (letter) {
      const wordStart = text.length === 0 || text.endsWith(' ');
      text += (wordStart ? WORD_INITIAL_CONSONANT.get(cp) : undefined) ?? letter.latin;
      abjad ||= letter.abjad;
    } else text += cp < 0x80 ? ch : latinOf(cp, ch);
    lastHebrew = letter && cp >= 0x05d0 && cp <= 0x05ea ? letter.latin : '';
  }
  // Greek digraphs: ου is /u/, αυ and ευ are /av/, /ev/.
  if (/[\u0370-\u03ff]/.test(source)) text = text.replace(/oy/g, 'ou').replace(/ay/g, 'av').replace(/ey/g, 'ev');
  return { text, abjad };
}

/**
 * Transliterates one lowercase word (no spaces) to ASCII pieces. Tabled scripts use
 * script-tables.ts; Latin letters lose their diacritics (NFD); other scripts go through any-ascii;
 * each Han or Hangul glyph becomes its own syllabic piece.
 */
export function transliterateWord(word: string): LatinPiece[] {
  // eslint-disable-next-line no-control-regex -- the ASCII range, U+0000 included, on purpose
  if (/^[\x00-\x7f]*$/.test(word)) return [{ text: word, script: 'alphabetic' }];
  const pieces: LatinPiece[] = [];
  let run = '';
  const flush = () => {
    if (!run) return;
    const { text, abjad } = alphabeticText(run.replace(ARABIC_ARTICLE, '$1 '));
    pieces.push({ text, script: abjad ? 'abjad' : 'alphabetic' });
    run = '';
  };
  for (const ch of word) {
    const cp = ch.codePointAt(0)!;
    if (!isSyllabicGlyph(cp)) {
      run += ch;
      continue;
    }
    flush();
    pieces.push({ text: anyAscii(ch).toLowerCase(), script: 'syllabic', glyph: ch });
  }
  flush();
  return pieces;
}
