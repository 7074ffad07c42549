import type { ScreeningIndex } from './screening-index.ts';

/**
 * How rare a list name is, measured on the loaded list (README.md "Contradicting birth date or
 * nationality"). Each word's share of people is estimated from the persons of the list who
 * carry it, (persons with the word + 1) / (persons + 1): the entry itself counts, so a small list
 * can never call a word rarer than one in (persons + 1) / 2. Words are taken as independent, and
 * the name's rarity is the sum of the words' -log2 shares, in bits.
 */
export function nameRarityBits(index: ScreeningIndex, name: number): number {
  const { nameTokenStart, nameTokens, vocab } = index.data;
  const persons = index.meta.personCount;
  const seen = new Set<number>();
  let bits = 0;
  for (let k = nameTokenStart[name]; k < nameTokenStart[name + 1]; k++) {
    const vocabId = nameTokens[k];
    if (seen.has(vocabId) || vocab[vocabId].cls !== 'word') continue;
    seen.add(vocabId);
    bits += Math.log2((persons + 1) / (index.personFrequency(vocabId) + 1));
  }
  return bits;
}

/**
 * A name is rare when fewer than one person on Earth (8 billion, 2^33) is expected to carry it
 * by chance: 33 bits. On the 735 persons of the test fixtures a word is worth at most 8.5 bits,
 * so only a name of four or more words found nowhere else in the list is rare; on a list of a
 * million persons two or three words that few others carry are enough.
 */
export const RARE_NAME_BITS = 33;
