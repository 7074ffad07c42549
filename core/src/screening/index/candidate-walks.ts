import type { ScreeningIndex } from './screening-index.ts';
import { NAME, type SearchScratch } from './search-scratch.ts';
import type { TokenGroup } from './candidate-types.ts';

/** The posting-list passes of the candidate search (README.md "Candidate generation"). */

export interface WalkState {
  qualified: number;
  seen: number;
}

function qualify(s: SearchScratch, n: number, w: WalkState): void {
  const word = n >>> 5;
  const bit = 1 << (n & 31);
  if (s.qualifiedBits[word] & bit) return;
  s.qualifiedBits[word] |= bit;
  s.qualified[w.qualified++] = n;
}

/**
 * Marks every name on the group's posting lists in the group's bitmap. A name qualifies when a
 * second query token reaches it (at once for a joined pair, or when one token is all it takes).
 */
export function walk(index: ScreeningIndex, s: SearchScratch, g: TokenGroup, id: number, alone: boolean, w: WalkState): void {
  const { groupBits, anyBits, closeBits } = s;
  const base = id * s.words;
  for (const { vocabId, close } of g.spellings) {
    const postings = index.postings(vocabId);
    for (let j = 0; j < postings.length; j++) {
      const n = postings[j];
      const word = n >>> 5;
      const bit = 1 << (n & 31);
      if (close) closeBits[word] |= bit;
      if (groupBits[base + word] & bit) continue;
      groupBits[base + word] |= bit;
      if (anyBits[word] & bit) qualify(s, n, w);
      else {
        anyBits[word] |= bit;
        s.seen[w.seen++] = n;
        if (alone) qualify(s, n, w);
      }
    }
  }
}

/**
 * A common token applied to the names already seen only: its posting lists are read, but a name
 * not seen before is skipped (two bitmap tests per posting, both in cache).
 */
export function mark(index: ScreeningIndex, s: SearchScratch, g: TokenGroup, id: number, w: WalkState): void {
  const { groupBits, anyBits, qualifiedBits, closeBits } = s;
  const base = id * s.words;
  for (const { vocabId, close } of g.spellings) {
    const postings = index.postings(vocabId);
    for (let j = 0; j < postings.length; j++) {
      const n = postings[j];
      const word = n >>> 5;
      const bit = 1 << (n & 31);
      if (!(anyBits[word] & bit)) continue;
      if (close) closeBits[word] |= bit;
      if (groupBits[base + word] & bit) continue;
      groupBits[base + word] |= bit;
      if (!(qualifiedBits[word] & bit)) qualify(s, n, w);
    }
  }
}

/**
 * The common tokens, applied in one pass over the names already seen, by looking at their
 * tokens instead of walking long posting lists (a name without any walked token cannot qualify).
 */
export function recheck(index: ScreeningIndex, s: SearchScratch, groups: TokenGroup[], ids: number[], w: WalkState): void {
  const { names, vocabMark, vocabClose, qualifiedBits, groupBits, closeBits } = s;
  const { nameTokenStart, nameTokens } = index.data;
  for (const id of ids) {
    for (const { vocabId, close } of groups[id].spellings) {
      vocabMark[vocabId] |= 1 << id;
      if (close) vocabClose[vocabId] = 1;
    }
  }
  const seen = w.seen;
  s.seen.subarray(0, seen).sort(); // in index order, the names' records are read front to back
  for (let k = 0; k < seen; k++) {
    const n = s.seen[k];
    const t = n * NAME.stride;
    let marks = vocabMark[names[t]] | vocabMark[names[t + 1]] | vocabMark[names[t + 2]];
    let close = vocabClose[names[t]] | vocabClose[names[t + 1]] | vocabClose[names[t + 2]];
    for (let i = nameTokenStart[n] + NAME.inline; i < nameTokenStart[n + 1]; i++) {
      marks |= vocabMark[nameTokens[i]];
      close |= vocabClose[nameTokens[i]];
    }
    if (marks === 0) continue;
    const word = n >>> 5;
    const bit = 1 << (n & 31);
    if (close) closeBits[word] |= bit;
    for (const id of ids) if (marks & (1 << id)) groupBits[id * s.words + word] |= bit;
    if (!(qualifiedBits[word] & bit)) qualify(s, n, w);
  }
  for (const id of ids) {
    for (const { vocabId } of groups[id].spellings) {
      vocabMark[vocabId] = 0;
      vocabClose[vocabId] = 0;
    }
  }
}
