import type { NameKind, NameToken } from '../text/normalize-name.ts';
import { align, type Alignment } from './name-alignment.ts';
import { NAME_SCORING, TOKEN_WEIGHT, type SimilarityOf } from './name-constants.ts';
import { prepareToken, tokenSimilarity, type PreparedToken } from './token-similarity.ts';
import { conventionsOf, type Conventions } from '../text/romanisation.ts';

export { NAME_SCORING, TOKEN_WEIGHT, type SimilarityOf } from './name-constants.ts';

function scoreAlignment(a: Alignment, kind: NameKind, singleWordCandidate: boolean): number {
  // At least one full word must agree: initials or particles alone never make a match.
  if (!a.pairs.some((pair) => Math.min(pair.wq, pair.wc) >= TOKEN_WEIGHT.word)) return 0;
  const extra = NAME_SCORING.extra[kind];
  const queryExtra = extra.query * (singleWordCandidate ? NAME_SCORING.singleWordQueryExtra : 1);
  let agree = 0;
  let total = queryExtra * a.extraQ + extra.candidate * a.extraC;
  let penalty = 1;
  for (const { p, wq, wc } of a.pairs) {
    const w = (wq + wc) / 2;
    agree += w * p;
    total += w;
    penalty *= 1 - NAME_SCORING.pairPenalty * w * (1 - p);
  }
  for (const { p, wq, wc } of a.subs) {
    const w = Math.max(wq, wc);
    agree += w * p;
    total += w;
    penalty *= 1 - NAME_SCORING.substitutionPenalty * w * (1 - p);
  }
  return total > 0 ? (agree / total) * penalty : 0;
}

function sameTokens(q: PreparedToken[], c: PreparedToken[]): boolean {
  if (q.length !== c.length) return false;
  const key = (t: PreparedToken[]) =>
    t
      .map((x) => `${x.patronymic ? '^' : ''}${x.glyph ?? x.text}`)
      .sort()
      .join(' ');
  return key(q) === key(c);
}

/** Wraps a similarity so that a father's name only aligns well with a father's name, when both names mark one. */
function withRoles(q: PreparedToken[], c: PreparedToken[], sim: SimilarityOf): SimilarityOf {
  if (!q.some((t) => t.patronymic) || !c.some((t) => t.patronymic)) return sim;
  return (i, j) => (q[i].patronymic === c[j].patronymic ? sim(i, j) : sim(i, j) * NAME_SCORING.roleMismatch);
}

/** Token-order-independent name score in [0, 1]; see README.md "Name score". */
export function scoreTokens(q: PreparedToken[], c: PreparedToken[], kind: NameKind = 'person', sim?: SimilarityOf): number {
  if (q.length === 0 || c.length === 0) return 0;
  if (sameTokens(q, c)) return 1;
  const similarity = withRoles(q, c, sim ?? ((i: number, j: number) => tokenSimilarity(q[i], c[j])));
  // "Mohammad Sayed" (a title-like weak part) is a single-word name too.
  const singleWord = c.filter((t) => t.cls === 'word' || t.cls === 'number').length === 1 && c.every((t) => t.cls !== 'initial');
  return scoreAlignment(align(q, c, similarity), kind, singleWord);
}

/** A whole name's tokens; a spelling convention one word shows applies to every word (text/romanisation.ts). */
export function prepareTokens(tokens: NameToken[]): PreparedToken[] {
  const name: Conventions = { oldIndonesian: false, germanRussian: false };
  for (const t of tokens) {
    if (t.cls !== 'word' || t.script !== 'alphabetic') continue;
    const own = conventionsOf(t.text);
    name.oldIndonesian ||= own.oldIndonesian;
    name.germanRussian ||= own.germanRussian;
  }
  return tokens.map((t) => prepareToken(t, name));
}
