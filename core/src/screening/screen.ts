import { ScreeningQueryInvalidError } from './errors.ts';
import { candidatePersons } from './index/candidate-search.ts';
import { SimilarityMemo } from './index/similarity-memo.ts';
import type { ScreeningIndex } from './index/screening-index.ts';
import { nameRarityBits, RARE_NAME_BITS } from './index/name-rarity.ts';
import { birthDateAdjustment } from './match/birth-date.ts';
import { birthDateContradicts, nationalityContradicts } from './match/contradiction.ts';
import { nationalityAdjustment } from './match/country.ts';
import { scoreTokens } from './match/name-score.ts';
import type { PreparedToken } from './match/token-similarity.ts';
import { latinName } from './latin-name.ts';
import type { PreparedQuery } from './query.ts';
import type { ScreenOptions, ScreeningHit } from './types.ts';

/**
 * The documented threshold (README.md "What the score and the threshold mean"): a score at or
 * above it means the list entry is the same person as far as name, birth date and nationality
 * can tell, and the hit must go to human review.
 */
export const DEFAULT_MATCH_THRESHOLD = 0.7;

/** A weak alias ("Abu Omar") alone stays below the threshold; date and nationality must confirm it. */
export const WEAK_ALIAS_CAP = DEFAULT_MATCH_THRESHOLD - 0.05;

/**
 * A clearly contradicting birth date or nationality (match/contradiction.ts) keeps the hit at most
 * here, under the threshold, unless the name is exact and rare (index/name-rarity.ts).
 */
export const CONTRADICTED_CAP = DEFAULT_MATCH_THRESHOLD - 0.1;

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;

interface PersonScore {
  score: number;
  name: number;
}

function bestName(index: ScreeningIndex, names: number[], query: PreparedToken[], memo: SimilarityMemo): PersonScore {
  const { nameTokenStart, nameWeak } = index.data;
  let best: PersonScore = { score: 0, name: names[0] };
  for (const n of names) {
    const start = nameTokenStart[n];
    const tokens: PreparedToken[] = [];
    for (let k = start; k < nameTokenStart[n + 1]; k++) tokens.push(index.occurrence(k));
    const vocabIds = index.data.nameTokens;
    let score = scoreTokens(query, tokens, 'person', (qi, cj) => memo.get(qi, vocabIds[start + cj], tokens[cj]));
    if (nameWeak[n]) score = Math.min(score, WEAK_ALIAS_CAP);
    if (score > best.score) best = { score, name: n };
  }
  return best;
}

/**
 * Best name score over the person's retrieved names (candidate generation already ranked the
 * person's names; the others share fewer tokens with the query), adjusted by birth date and
 * nationality agreement, clamped to [0, 1].
 */
export function personScore(index: ScreeningIndex, person: number, names: number[], query: PreparedQuery, memo: SimilarityMemo): PersonScore {
  const best = bestName(index, names, query.tokens, memo);
  if (best.score === 0) return best;
  const [nationalities, others] = index.countries(person);
  const dates = index.birthDates(person);
  const dateAdjustment = birthDateAdjustment(query.birthDate, dates);
  const adjusted = Math.min(1, Math.max(0, best.score + dateAdjustment + nationalityAdjustment(query.nationality, nationalities, others)));
  // A nationality that contradicts counts only when the birth date does not confirm the person (a second passport).
  const contradicted =
    birthDateContradicts(query.birthDate, dates) || (dateAdjustment <= 0 && nationalityContradicts(query.nationality, nationalities, others));
  if (!contradicted || adjusted <= CONTRADICTED_CAP || exactAndRare(index, best)) return { score: adjusted, name: best.name };
  return { score: CONTRADICTED_CAP, name: best.name };
}

/** The list name is the query's, word for word, and few enough people carry it to outweigh the contradiction. */
function exactAndRare(index: ScreeningIndex, best: PersonScore): boolean {
  return best.score >= 1 && nameRarityBits(index, best.name) >= RARE_NAME_BITS;
}

function checkOptions(options: ScreenOptions): { limit: number; threshold: number } {
  const limit = options.limit ?? DEFAULT_LIMIT;
  const threshold = options.threshold ?? DEFAULT_MATCH_THRESHOLD;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) throw new ScreeningQueryInvalidError('limit', `must be 1..${MAX_LIMIT}`);
  if (!(threshold >= 0 && threshold <= 1)) throw new ScreeningQueryInvalidError('threshold', 'must be within 0..1');
  return { limit, threshold };
}

/** Candidate generation, then full scoring of each candidate person; hits sorted by score. */
export function screenIndex(index: ScreeningIndex, query: PreparedQuery, options: ScreenOptions = {}): ScreeningHit[] {
  const { limit, threshold } = checkOptions(options);
  const memo = new SimilarityMemo(query.tokens);
  const scored = new Map<number, PersonScore>();
  for (const [person, names] of candidatePersons(index, query, memo, limit)) scored.set(person, personScore(index, person, names, query, memo));
  const hits = [...scored].filter(([, s]) => s.score >= threshold && s.score > 0).sort((a, b) => b[1].score - a[1].score);
  return hits.slice(0, limit).map(([person, s]) => ({
    entityId: index.personId(person),
    matchedName: index.nameText(s.name),
    matchedNameLatin: latinName(index, person, s.name, query),
    score: Math.round(s.score * 1000) / 1000,
    datasets: index.datasets(person),
    topics: index.topics(person),
  }));
}
