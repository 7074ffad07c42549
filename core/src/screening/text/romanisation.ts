/**
 * Spellings of one name part under another romanisation convention, for the conventions whose
 * letters the phonetic folding (match/phonetic.ts) cannot equate without collapsing other names:
 *
 * - Older Indonesian and Dutch spelling (before 1972): oe→u, dj→j, tj→c, sj→sy, nj→ny, j→y
 *   ("Soekarno" = "Sukarno", "Sjarif" = "Syarif", "Tjahjo" = "Cahyo", "Widjaja" = "Widjaya").
 *   Only a word that shows one of oe, dj, tj, sj, nj is read this way: "Jose" or "Juan" are never
 *   turned into "Yose" or "Yuan".
 * - ch for kh (German, Dutch and old Indonesian for Arabic and Russian kh: "Achmad", "Chalid",
 *   "Charkow"): not in sch/tsch, not at the end of a word, and at the start of a word only from
 *   six letters on, so that short Chinese syllables ("Chan", "Chen") never become "Khan".
 *
 * German umlauts need no variant: ä/ö/ü lose their dots in normalisation and the phonetic folding
 * reads ae/oe/ue as a/o/u, so "Müller", "Mueller" and "Muller" already agree; ß becomes ss.
 * Input and output are normalised tokens (lowercase ASCII letters).
 */

const OLD_INDONESIAN = /oe|dj|tj|sj|nj/;
/**
 * ch not after s or t (sch, tsch are other sounds) and not at the end: a final ch is mostly the
 * Slavic or German ending ("-ovych", "-rich"), and reading it as kh only makes a shorter name
 * look like its prefix (an h costs little to add).
 */
const CH_FOR_KH = /(?<![st])ch(?!$)/g;
const MIN_LENGTH_INITIAL_CH = 6;

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

/** Whether the word shows the older Indonesian/Dutch spelling (oe, dj, tj, sj, nj). */
export function usesOldIndonesianSpelling(text: string): boolean {
  return OLD_INDONESIAN.test(text);
}

/**
 * Other spellings of `text` (never `text` itself); empty for most words. `oldIndonesian` reads
 * the word in the older spelling although it shows no sign of it itself: another word of the
 * same name does ("Jahja Sjarif": the j of "Jahja" is a y).
 */
export function spellingVariants(text: string, oldIndonesian = false): string[] {
  const variants = new Set<string>();
  const modern = oldIndonesian || usesOldIndonesianSpelling(text) ? modernIndonesian(text) : text;
  variants.add(modern);
  variants.add(khForCh(modern));
  variants.delete(text);
  return [...variants];
}
