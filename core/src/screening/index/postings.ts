import type { PreparedToken } from '../match/token-similarity.ts';
import { Growable } from './growable.ts';
import { buildKeyTable, filingKeys, hashKey, type KeyTable } from './key-table.ts';

/** Vocabulary token → the names containing it (each name once per token), in name order. */
export function buildPostings(vocabSize: number, start: Uint32Array, tokens: Uint32Array): { postingStart: Uint32Array; postings: Uint32Array } {
  const postingStart = new Uint32Array(vocabSize + 1);
  const names = start.length - 1;
  const forEachToken = (visit: (token: number, name: number) => void) => {
    for (let n = 0; n < names; n++) {
      for (let k = start[n]; k < start[n + 1]; k++) {
        let repeat = false;
        for (let j = start[n]; j < k; j++) if (tokens[j] === tokens[k]) repeat = true;
        if (!repeat) visit(tokens[k], n);
      }
    }
  };
  forEachToken((t) => postingStart[t + 1]++);
  for (let t = 0; t < vocabSize; t++) postingStart[t + 1] += postingStart[t];
  const fill = postingStart.slice(0, vocabSize);
  const postings = new Uint32Array(postingStart[vocabSize]);
  forEachToken((t, n) => {
    postings[fill[t]++] = n;
  });
  return { postingStart, postings };
}

/** The retrieval key table of the vocabulary tokens still used by some name. */
export function buildKeys(vocab: PreparedToken[], postingStart: Uint32Array): KeyTable {
  const hashes = new Growable(Uint32Array, 1 << 16);
  const ids = new Growable(Uint32Array, 1 << 16);
  vocab.forEach((token, id) => {
    if (postingStart[id + 1] === postingStart[id]) return; // only in replaced or deleted entries
    for (const key of filingKeys(token)) {
      hashes.push(hashKey(key));
      ids.push(id);
    }
  });
  return buildKeyTable({ hashes, vocab: ids });
}
