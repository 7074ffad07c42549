import type { PreparedQuery } from '../query.ts';
import { probesFor, type Probe } from './probes.ts';
import { NameRanking } from './rank-names.ts';
import type { ScreeningIndex } from './screening-index.ts';
import { clearBits, MAX_GROUPS } from './search-scratch.ts';
import { CLOSE, type TokenGroup } from './candidate-types.ts';
import { mark, recheck, walk, type WalkState } from './candidate-walks.ts';
import { rankQualified, rankSingleToken } from './candidate-ranking.ts';
import type { SimilarityMemo } from './similarity-memo.ts';

/** Average tokens per name: re-checking a seen name costs about this much against one posting walked. */
const TOKENS_PER_NAME = 3;
/**
 * A query token in more names than this is never walked unless it is the rarest of the query:
 * it is only looked up in the names found through the others. The price (README.md): a list name
 * made only of such very common tokens, missing every rarer token of the query, is not found.
 */
const COMMON_POSTINGS = 8_000;
/** A posting checked against the bitmaps costs about this fraction of a seen name's token lookups. */
const MARK_VS_RECHECK = 12;

/** idf of a probe's most similar spelling: a rare misspelling must not outweigh a common correct spelling. */
function probeIdf(index: ScreeningIndex, probe: Probe): number {
  let best = -1;
  let frequency = 1;
  for (let k = 0; k < probe.vocab.length; k++) {
    if (probe.similarity[k] > best) [best, frequency] = [probe.similarity[k], index.documentFrequency(probe.vocab[k])];
  }
  return Math.log(1 + index.nameCount / frequency);
}

function group(index: ScreeningIndex, probe: Probe, weight: number): TokenGroup {
  const idf = probeIdf(index, probe);
  const spellings = Array.from(probe.vocab, (vocabId, k) => ({
    vocabId,
    gain: probe.similarity[k] * probe.similarity[k] * idf,
    close: probe.similarity[k] >= CLOSE,
  }));
  return { spellings, frequency: probe.frequency, weight };
}

/**
 * Candidate persons for a query, each with its best-matching names. A hit on a name of two or more words has to share at least two
 * of the query's tokens (one shared word scores under the threshold, see README.md), so the
 * search walks the posting lists of every similar spelling of the query tokens, rarest first,
 * notes in a compact per-name bit set which query tokens each name contains, and keeps the names
 * that reach min(2, query tokens). The commonest token ("Mohammed") is only looked up in the
 * tokens of the names already seen when that is cheaper than walking its postings. Only the
 * qualified names are scored (per query token, the best spelling's similarity² × idf) and ranked.
 */
export function candidatePersons(index: ScreeningIndex, query: PreparedQuery, memo: SimilarityMemo, limit = 0): Map<number, number[]> {
  const s = index.searchScratch();
  const { parts, required } = probesFor(index, query.tokens, memo);
  const groups = parts
    .map((part) => group(index, part.probe, part.weight))
    .sort((a, b) => a.frequency - b.frequency)
    .slice(0, MAX_GROUPS);
  const w: WalkState = { qualified: 0, seen: 0 };
  const ranking = new NameRanking(index, query);
  if (groups.length === 1 && required === 1) {
    rankSingleToken(index, s, groups[0], ranking, w);
    clearBits(s, w.seen, 1);
    return ranking.persons(limit);
  }
  const lookUpOnly: number[] = [];
  const rarestToken = groups.findIndex((g) => g.weight === 1);
  groups.forEach((g, id) => {
    // Only a single query token that cannot qualify a name alone may be looked up instead of
    // walked, and never the rarest: a qualifying name then also has a walked token, so it is
    // among those seen (or it is made only of very common tokens, see COMMON_POSTINGS).
    const commonest = id === groups.length - 1;
    const lookUp = id !== rarestToken && g.weight < required && (g.frequency > COMMON_POSTINGS || (commonest && w.seen * TOKENS_PER_NAME < g.frequency));
    if (lookUp) lookUpOnly.push(id);
    else walk(index, s, g, id, g.weight >= required, w);
  });
  // Reading a long posting list against the cached bitmaps beats reading the seen names' tokens
  // unless the list is much longer than the names seen.
  const byPostings = lookUpOnly.filter((id) => groups[id].frequency < MARK_VS_RECHECK * w.seen);
  for (const id of byPostings) mark(index, s, groups[id], id, w);
  const byTokens = lookUpOnly.filter((id) => !byPostings.includes(id));
  if (byTokens.length > 0) recheck(index, s, groups, byTokens, w);
  rankQualified(index, s, groups, w.qualified, ranking);
  clearBits(s, w.seen, groups.length);
  return ranking.persons(limit);
}
