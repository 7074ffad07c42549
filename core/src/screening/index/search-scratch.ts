import type { IndexData } from './index-data.ts';

/** Query parts tracked per name (one bitmap each; README.md "Candidate generation"). */
export const MAX_GROUPS = 16;

/**
 * Per-query working memory of the candidate search, reused across queries (screening is
 * synchronous), laid out for the processor cache: one bit per name and query token (a million
 * names make a 200 KiB bitmap, which stays in cache while posting lists stream past), plus
 * `names` (16 bytes a name, read only for names that qualify): [token 0..2, token count].
 */
export const NAME = { stride: 4, inline: 3, count: 3 } as const;

export interface SearchScratch {
  /** Words per bitmap. */
  words: number;
  /** MAX_GROUPS bitmaps back to back: names containing a spelling of query token g. */
  groupBits: Uint32Array;
  /** Names containing any query token so far, names already qualified, and names with a close spelling. */
  anyBits: Uint32Array;
  qualifiedBits: Uint32Array;
  closeBits: Uint32Array;
  names: Uint32Array;
  /** Names seen (in any bitmap) by the current query, in order of first sight: what to clear. */
  seen: Uint32Array;
  /** Names that matched enough query tokens, in order of qualification; their token patterns; the same names by pattern. */
  qualified: Uint32Array;
  patterns: Uint16Array;
  order: Uint32Array;
  /** Per vocabulary token (plus one zero sentinel): gain and query-token group (+1) of a spelling. */
  vocabGain: Float32Array;
  vocabGroup: Uint8Array;
  /** Per vocabulary token, the bits of the query tokens it spells that are re-checked through the names' tokens. */
  vocabMark: Uint16Array;
  vocabClose: Uint8Array;
  /** Per vocabulary token, the expansion that last saw it (dedupes key lookups). */
  vocabStamp: Uint32Array;
  vocabEpoch: number;
}

export function createSearchScratch(data: IndexData): SearchScratch {
  const m = data.nameOwner.length;
  const v = data.vocab.length;
  const words = (m + 31) >>> 5;
  const names = new Uint32Array(NAME.stride * m);
  for (let n = 0; n < m; n++) {
    const base = n * NAME.stride;
    const start = data.nameTokenStart[n];
    const count = data.nameTokenStart[n + 1] - start;
    for (let k = 0; k < NAME.inline; k++) names[base + k] = k < count ? data.nameTokens[start + k] : v;
    names[base + NAME.count] = count;
  }
  return {
    words,
    groupBits: new Uint32Array(MAX_GROUPS * words),
    anyBits: new Uint32Array(words),
    qualifiedBits: new Uint32Array(words),
    closeBits: new Uint32Array(words),
    names,
    seen: new Uint32Array(m),
    qualified: new Uint32Array(m),
    patterns: new Uint16Array(m),
    order: new Uint32Array(m),
    vocabGain: new Float32Array(v + 1),
    vocabGroup: new Uint8Array(v + 1),
    vocabMark: new Uint16Array(v + 1),
    vocabClose: new Uint8Array(v + 1),
    vocabStamp: new Uint32Array(v),
    vocabEpoch: 0,
  };
}

/** Clears the bits the last query set (only the words of names it saw). */
export function clearBits(s: SearchScratch, seen: number, groups: number): void {
  for (let k = 0; k < seen; k++) {
    const w = s.seen[k] >>> 5;
    s.anyBits[w] = 0;
    s.qualifiedBits[w] = 0;
    s.closeBits[w] = 0;
    for (let g = 0; g < groups; g++) s.groupBits[g * s.words + w] = 0;
  }
}
