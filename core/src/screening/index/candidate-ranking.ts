import type { NameRanking } from './rank-names.ts';
import type { ScreeningIndex } from './screening-index.ts';
import { MAX_GROUPS, NAME, type SearchScratch } from './search-scratch.ts';
import type { TokenGroup } from './candidate-types.ts';
import type { WalkState } from './candidate-walks.ts';

/** Evidence of a qualified name: for each query token, the gain of its best spelling in the name. */
function evidence(index: ScreeningIndex, s: SearchScratch, n: number, count: number, best: Float64Array): number {
  const { names, vocabGain, vocabGroup } = s;
  let used = 0;
  for (let i = 0; i < count; i++) {
    const t = i < NAME.inline ? names[n * NAME.stride + i] : index.data.nameTokens[index.data.nameTokenStart[n] + i];
    const g = vocabGroup[t];
    if (g === 0) continue;
    if (!(used & (1 << g))) {
      used |= 1 << g;
      best[g] = vocabGain[t];
    } else if (vocabGain[t] > best[g]) best[g] = vocabGain[t];
  }
  let score = 0;
  for (let g = 1; g <= MAX_GROUPS; g++) if (used & (1 << g)) score += best[g];
  return score;
}

/** Which query tokens each qualified name contains (a bit pattern), and the names grouped by pattern. */
function bucketByPattern(s: SearchScratch, groups: number, qualified: number): Map<number, { start: number; count: number }> {
  const buckets = new Map<number, { start: number; count: number }>();
  for (let k = 0; k < qualified; k++) {
    const n = s.qualified[k];
    const word = n >>> 5;
    const bit = 1 << (n & 31);
    let pattern = 0;
    for (let g = 0; g < groups; g++) if (s.groupBits[g * s.words + word] & bit) pattern |= 1 << g;
    s.patterns[k] = pattern;
    const b = buckets.get(pattern);
    if (b) b.count++;
    else buckets.set(pattern, { start: 0, count: 1 });
  }
  let start = 0;
  for (const b of buckets.values()) [b.start, start] = [start, start + b.count];
  const fill = new Map([...buckets].map(([p, b]) => [p, b.start]));
  for (let k = 0; k < qualified; k++) {
    const at = fill.get(s.patterns[k])!;
    s.order[at] = s.qualified[k];
    fill.set(s.patterns[k], at + 1);
  }
  return buckets;
}

/**
 * Offers the qualified names to the ranking, best pattern first: a pattern's bound (the sum of
 * its query tokens' best gains) caps the evidence of all its names, so once the ranking is full
 * and a pattern's bound cannot beat it, that pattern and every weaker one are skipped unread.
 */
export function rankQualified(index: ScreeningIndex, s: SearchScratch, groups: TokenGroup[], qualified: number, ranking: NameRanking): void {
  groups.forEach((g, id) => {
    for (const { vocabId, gain } of g.spellings) {
      if (gain > s.vocabGain[vocabId]) {
        s.vocabGain[vocabId] = gain;
        s.vocabGroup[vocabId] = id + 1;
      }
    }
  });
  const groupBest = groups.map((g) => g.spellings.reduce((max, sp) => Math.max(max, sp.gain), 0));
  const boundOf = (pattern: number) => groupBest.reduce((sum, gain, g) => (pattern & (1 << g) ? sum + gain : sum), 0);
  const patterns = [...bucketByPattern(s, groups.length, qualified)].map(([p, b]) => ({ ...b, bound: boundOf(p) })).sort((a, b) => b.bound - a.bound);
  const best = new Float64Array(MAX_GROUPS + 1);
  for (const { start, count, bound } of patterns) {
    if (!ranking.mightAccept(bound)) break;
    for (let k = start; k < start + count; k++) {
      const n = s.order[k];
      if (!(s.closeBits[n >>> 5] & (1 << (n & 31)))) continue;
      ranking.offer(n, evidence(index, s, n, s.names[n * NAME.stride + NAME.count], best));
    }
  }
  for (const g of groups) {
    for (const { vocabId } of g.spellings) {
      s.vocabGain[vocabId] = 0;
      s.vocabGroup[vocabId] = 0;
    }
  }
}

/**
 * A query of one token: every name containing a spelling of it qualifies, with that spelling's
 * gain as evidence. Spellings are taken best first, and once the ranking is full the weaker
 * spellings cannot enter it, so a common token is not walked to its end.
 */
export function rankSingleToken(index: ScreeningIndex, s: SearchScratch, g: TokenGroup, ranking: NameRanking, w: WalkState): void {
  const spellings = [...g.spellings].sort((a, b) => b.gain - a.gain);
  for (const { vocabId, gain } of spellings) {
    if (!ranking.mightAccept(gain)) break;
    const postings = index.postings(vocabId);
    for (let j = 0; j < postings.length; j++) {
      const n = postings[j];
      const word = n >>> 5;
      const bit = 1 << (n & 31);
      if (s.anyBits[word] & bit) continue;
      s.anyBits[word] |= bit;
      s.seen[w.seen++] = n;
      ranking.offer(n, gain);
    }
  }
}
