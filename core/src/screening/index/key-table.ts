import type { PreparedToken } from '../match/token-similarity.ts';
import { Growable } from './growable.ts';

/**
 * Candidate generation keys of a token (README.md "Candidate generation"): the exact token, and
 * its first sound plus its consonant skeleton with (from three consonants on) every one-letter
 * deletion: a symmetric-delete scheme, so a query token finds list tokens that differ in
 * vowels, transliteration, or (long tokens) up to two skeleton letters; and the bare skeleton
 * (three consonants or more), for slips in the first letters.
 */
/** First-sound classes of the fuzzy keys: vowels, and consonants that typos and transliterations confuse. */
const ANCHOR_CLASS: Readonly<Record<string, string>> = {
  a: '*',
  e: '*',
  i: '*',
  o: '*',
  u: '*',
  k: 'k',
  g: 'k',
  q: 'k',
  c: 'k',
  j: 'k',
  x: 'k',
  h: 'k',
  b: 'p',
  p: 'p',
  v: 'p',
  f: 'p',
  d: 't',
  t: 't',
  s: 's',
  z: 's',
  m: 'm',
  n: 'm',
  l: 'l',
  r: 'l',
};

/**
 * The keys a query token looks up: its own and those of its romanisation variants
 * (text/romanisation.ts), so an older spelling in the query finds today's in the list.
 */
export function retrievalKeys(token: PreparedToken): string[] {
  if (!token.variants) return spellingKeys(token);
  return [...new Set([token, ...token.variants].flatMap(spellingKeys))];
}

/**
 * The keys a list token is filed under: its own, and the exact spelling of each variant, so that
 * today's spelling in a query finds an older one in the list ("Syarif" → "Sjarif"). Not the
 * variants' fuzzy keys: they would crowd the buckets every query reads, for the few queries that
 * need them (the query's own fuzzy keys usually reach the list spelling anyway).
 */
export function filingKeys(token: PreparedToken): string[] {
  const keys = spellingKeys(token);
  for (const v of token.variants ?? []) keys.push(`e${v.text}`);
  return keys;
}

function spellingKeys(token: PreparedToken): string[] {
  const keys = [`e${token.glyph ?? token.text}`];
  if (token.script === 'syllabic' || token.cls === 'initial' || token.cls === 'number') return keys;
  const skel = token.skel;
  if (skel.length === 0) return keys;
  // Fuzzy keys are anchored on the class of the first sound: spellings of one name rarely differ
  // beyond it, and a million-name vocabulary needs the selectivity.
  const anchor = ANCHOR_CLASS[token.phon[0]] ?? token.phon[0];
  const fuzzy = new Set([skel]);
  // Deletions of two-letter skeletons ("lr" → "l") would file a token with thousands of others.
  if (skel.length >= 3) for (let k = 0; k < skel.length; k++) fuzzy.add(skel.slice(0, k) + skel.slice(k + 1));
  for (const f of fuzzy) keys.push(`d${anchor}${f}`);
  // The whole skeleton once more without the anchor, for a slip in the first letters ("Badur"/"Abdur").
  if (skel.length >= 3) keys.push(`s${skel}`);
  return keys;
}

/** 32-bit FNV-1a over UTF-16 code units. */
export function hashKey(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Hash → vocabulary ids, as one open table in typed arrays (bucket = hash & mask). */
export interface KeyTable {
  mask: number;
  bucketStart: Uint32Array;
  hashes: Uint32Array;
  vocab: Uint32Array;
}

export function buildKeyTable(pairs: { hashes: Growable<Uint32Array>; vocab: Growable<Uint32Array> }): KeyTable {
  const n = pairs.hashes.length;
  let size = 1024;
  while (size < n / 2) size *= 2;
  const mask = size - 1;
  const bucketStart = new Uint32Array(size + 1);
  const hashView = pairs.hashes.view();
  const vocabView = pairs.vocab.view();
  for (let i = 0; i < n; i++) bucketStart[(hashView[i] & mask) + 1]++;
  for (let b = 0; b < size; b++) bucketStart[b + 1] += bucketStart[b];
  const fill = bucketStart.slice(0, size);
  const hashes = new Uint32Array(n);
  const vocab = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const slot = fill[hashView[i] & mask]++;
    hashes[slot] = hashView[i];
    vocab[slot] = vocabView[i];
  }
  return { mask, bucketStart, hashes, vocab };
}

/** Calls `visit` with every vocabulary id filed under `key` (rarely, also a hash collision's). */
export function lookupKey(table: KeyTable, key: string, visit: (vocabId: number) => void): void {
  const h = hashKey(key);
  const b = h & table.mask;
  for (let k = table.bucketStart[b]; k < table.bucketStart[b + 1]; k++) if (table.hashes[k] === h) visit(table.vocab[k]);
}
