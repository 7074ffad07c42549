import anyAscii from 'any-ascii';
import type { ScreeningIndex } from './index/screening-index.ts';
import { scoreTokens } from './match/name-score.ts';
import type { PreparedQuery } from './query.ts';

/**
 * The Latin-script form of a hit's matched name (docs/screening.md "matched_name_latin"), for an
 * operator who cannot read the script a list wrote the name in ("עבד אלמג'יד עזיז אלזנדאני").
 */

/** Every letter is a Latin letter (accents and digits allowed, so "Saúl Ortega" is Latin). */
export function isLatinScript(text: string): boolean {
  return !/(?!\p{Script=Latin})\p{L}/u.test(text);
}

/**
 * The matched name itself when it is Latin; else the person's Latin-script strong name closest to
 * the query (lists give most people a Latin form beside the original); else the matched name
 * transliterated letter by letter (any-ascii; Arabic and Hebrew then lack their vowels).
 */
export function latinName(index: ScreeningIndex, person: number, matched: number, query: PreparedQuery): string {
  const matchedText = index.nameText(matched);
  if (isLatinScript(matchedText)) return matchedText;
  const { personNameStart, nameTokenStart, nameWeak } = index.data;
  let best: { score: number; text: string } | null = null;
  for (let n = personNameStart[person]; n < personNameStart[person + 1]; n++) {
    const text = index.nameText(n);
    if (nameWeak[n] || !isLatinScript(text)) continue;
    const tokens = Array.from({ length: nameTokenStart[n + 1] - nameTokenStart[n] }, (_, k) => index.occurrence(nameTokenStart[n] + k));
    const score = scoreTokens(query.tokens, tokens, 'person');
    if (!best || score > best.score) best = { score, text };
  }
  return best?.text ?? anyAscii(matchedText).replace(/\s+/g, ' ').trim();
}
