/**
 * Spellings of one name part under another romanisation convention, for the conventions whose
 * letters the phonetic folding (match/phonetic.ts) cannot equate without collapsing other names.
 * A convention applies only to a name that shows it, in any of its words:
 *
 * - Older Indonesian and Dutch spelling (before 1972), shown by oe, dj, tj, sj or nj: read as
 *   today's u, j, c, sy, ny, with j for y and ch for kh ("Soekarno" = "Sukarno", "Sjahrir" =
 *   "Syahrir", "Tjahjo" = "Cahyo", "Jahja Sjarif" = "Yahya Syarif", "Mochtar" = "Mokhtar").
 * - German transliteration of Russian, shown by tsch, -witsch or a final -ow/-ew(a): ch for kh
 *   ("Charkow" = "Zakharov", "Michailowitsch" = "Mikhailovich"; sch, tsch and w already fold).
 *
 * Elsewhere j keeps its sound ("Jose" never becomes "Yose"), and ch is read as kh only before a
 * consonant ("Achmad", "Mochtar"), never before a vowel: an English "Chernov" (Cyrillic ч) is not
 * "Khernov" (х). A ch for kh is never read in sch/tsch, at the end of a word ("-rich"), or at the
 * start of a word under six letters (Chinese "Chan", "Chen").
 *
 * German umlauts need no variant: ä/ö/ü lose their dots in normalisation and the phonetic folding
 * reads ae/oe/ue as a/o/u, so "Müller", "Mueller" and "Muller" already agree; ß becomes ss.
 * Input and output are normalised tokens (lowercase ASCII letters).
 */

export interface Conventions {
  oldIndonesian: boolean;
  germanRussian: boolean;
}

const OLD_INDONESIAN = /oe|dj|tj|sj|nj/;
const GERMAN_RUSSIAN = /tsch|witsch|[oe]wa?$/;
/**
 * ch not after s or t (sch, tsch are other sounds) and not at the end: a final ch is mostly the
 * Slavic or German ending ("-ovych", "-rich"), and reading it as kh only makes a shorter name
 * look like its prefix (an h costs little to add).
 */
const CH_FOR_KH = /(?<![st])ch(?!$)/g;
const MIN_LENGTH_INITIAL_CH = 6;
/**
 * ch before a consonant is kh in any convention ("Achmad", "Mochtar", "Christoph" as Russian
 * "Khristofor"): English ch (ч) is followed by a vowel ("Chernov"), and sch, tsch are excluded.
 */
const CH_BEFORE_CONSONANT = /(?<![st])ch(?=[b-df-hj-np-tv-xz])/g;

/** The conventions one word shows. */
export function conventionsOf(text: string): Conventions {
  return { oldIndonesian: OLD_INDONESIAN.test(text), germanRussian: GERMAN_RUSSIAN.test(text) };
}

function modernIndonesian(text: string): string {
  // dj and tj first, through placeholders, so their j is not read as the old j (= y).
  return text
    .replace(/dj/g, 'J')
    .replace(/tj/g, 'C')
    .replace(/sj/g, 'sy')
    .replace(/nj/g, 'ny')
    .replace(/oe/g, 'u')
    .replace(/j/g, 'y')
    .replace(/J/g, 'j')
    .replace(/C/g, 'c');
}

function khForCh(text: string): string {
  if (text.startsWith('ch') && text.length < MIN_LENGTH_INITIAL_CH) return text.slice(0, 2) + text.slice(2).replace(CH_FOR_KH, 'kh');
  return text.replace(CH_FOR_KH, 'kh');
}

/**
 * Other spellings of `text` (never `text` itself); empty for most words. `name` holds the
 * conventions the rest of the name shows ("Jahja Sjarif": the j of "Jahja" is a y); the word's
 * own are added.
 */
export function spellingVariants(text: string, name: Conventions = { oldIndonesian: false, germanRussian: false }): string[] {
  const own = conventionsOf(text);
  const oldIndonesian = name.oldIndonesian || own.oldIndonesian;
  const modern = oldIndonesian ? modernIndonesian(text) : text;
  const convention = oldIndonesian || name.germanRussian || own.germanRussian;
  const variants = new Set([convention ? khForCh(modern) : modern.replace(CH_BEFORE_CONSONANT, 'kh'), modern]);
  variants.delete(text);
  return [...variants];
}
