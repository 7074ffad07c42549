import { NAME_SCORING } from '../match/name-score.ts';
import { prepareToken, TOKEN_SIMILARITY, tokenSimilarity, type PreparedToken } from '../match/token-similarity.ts';
import { JOINABLE_PARTICLES } from '../text/name-words.ts';
import { retrievalKeys } from './key-table.ts';
import type { ScreeningIndex } from './screening-index.ts';
import type { SimilarityMemo } from './similarity-memo.ts';

/** Vocabulary tokens similar to one query token (parallel arrays, compact in the cache) and their total postings. */
export interface Probe {
  vocab: Uint32Array;
  similarity: Float32Array;
  frequency: number;
}

/**
 * One part of a query for candidate generation: a query token's spellings, a half of a token
 * that splits into two known tokens, or two adjacent tokens joined; `weight` is how many query
 * tokens a match stands for.
 */
export interface QueryPart {
  probe: Probe;
  weight: number;
}

export interface QueryProbes {
  parts: QueryPart[];
  /** Query tokens a name must match to be a candidate: min(2, weights of the token parts). */
  required: number;
}

/** Least similarity of a list token to a joined query pair ("abdulrahman" for "Abdul Rahman"). */
const JOINED_SIMILARITY = 0.85;

/** Phonetic lengths too far apart for the similarity to reach the pairing floor: skip the edit distance. */
function lengthsCompatible(a: number, b: number): boolean {
  const diff = Math.abs(a - b);
  return diff <= 2 || diff <= 0.45 * Math.max(a, b);
}

/** Vocabulary tokens similar enough to `token` to be worth following (similarity ≥ the pairing floor). */
function expand(index: ScreeningIndex, token: PreparedToken): Probe {
  const ids: number[] = [];
  const sims: number[] = [];
  let frequency = 0;
  const s = index.searchScratch();
  const epoch = (s.vocabEpoch = (s.vocabEpoch + 1) >>> 0 || 1);
  const lengths = index.phoneticLengths;
  const checkLength = token.script !== 'abjad';
  const consider = (vocabId: number, anyLength: boolean) => {
    if (s.vocabStamp[vocabId] === epoch) return;
    s.vocabStamp[vocabId] = epoch;
    if (!anyLength && checkLength && !lengthsCompatible(token.phon.length, lengths[vocabId])) return;
    const p = tokenSimilarity(token, index.data.vocab[vocabId], NAME_SCORING.minPair);
    if (p < NAME_SCORING.minPair) return;
    ids.push(vocabId);
    sims.push(p);
    frequency += index.documentFrequency(vocabId);
  };
  // A word cut by the MRZ also finds every list word it begins, however much longer.
  if (token.truncated && token.text.length >= TOKEN_SIMILARITY.minPrefix) index.extensions(token.text, (vocabId) => consider(vocabId, true));
  for (const key of retrievalKeys(token)) index.lookup(key, (vocabId) => consider(vocabId, false));
  return { vocab: Uint32Array.from(ids), similarity: Float32Array.from(sims), frequency };
}

/** The expansion of a token, from the index's cache when this spelling was seen before. */
function cachedExpand(index: ScreeningIndex, token: PreparedToken): Probe {
  // Variants depend on the rest of the name ("Jahja" in "Jahja Sjarif"), so they are part of the key.
  const variants = token.variants?.map((v) => v.text).join(',') ?? '';
  const key = `${token.script}|${token.cls}|${token.glyph ?? ''}|${token.truncated ? '…' : ''}${token.text}|${variants}`;
  const hit = index.expansions.get(key);
  if (hit) return hit;
  return index.expansions.set(key, expand(index, token));
}

/** A joined pair stands for two query tokens, so only its close spellings count. */
function closeOnly(index: ScreeningIndex, probe: Probe): Probe {
  const keep = Array.from(probe.vocab.keys()).filter((k) => probe.similarity[k] >= JOINED_SIMILARITY);
  const vocab = Uint32Array.from(keep, (k) => probe.vocab[k]);
  const frequency = vocab.reduce((sum, v) => sum + index.documentFrequency(v), 0);
  return { vocab, similarity: Float32Array.from(keep, (k) => probe.similarity[k]), frequency };
}

/** "vladimirputin" → one probe each for "vladimir" and "putin", when both halves exist. */
/** The vocabulary id of exactly this word, or -1. */
function exactWord(index: ScreeningIndex, text: string): number {
  let found = -1;
  index.lookup(`e${text}`, (vocabId) => {
    if (index.data.vocab[vocabId].text === text) found = vocabId;
  });
  return found;
}

function splitProbes(index: ScreeningIndex, token: PreparedToken): Probe[] {
  if (token.cls !== 'word' || token.script !== 'alphabetic' || token.text.length < 8) return [];
  for (let cut = 3; cut <= token.text.length - 3; cut++) {
    const halves = [token.text.slice(0, cut), token.text.slice(cut)].map((text) => exactWord(index, text));
    if (halves[0] < 0 || halves[1] < 0) continue;
    return halves.map((v) => ({ vocab: Uint32Array.of(v), similarity: Float32Array.of(0.9), frequency: index.documentFrequency(v) }));
  }
  return [];
}

/** Least length of the word after a joined particle: "Alex" or "Adam" hold no "al"/"ad" + word. */
const MIN_AFTER_PARTICLE = 3;

/** "alhaq" → "haq": the word after an article or particle written joined to it; null when there is none. */
function afterJoinedParticle(token: PreparedToken): string | null {
  if (token.cls !== 'word' || token.script !== 'alphabetic') return null;
  const particle = JOINABLE_PARTICLES.find((p) => token.text.length >= p.length + MIN_AFTER_PARTICLE && token.text.startsWith(p));
  return particle ? token.text.slice(particle.length) : null;
}

/**
 * Whether a query word that starts like a particle should also be read as particle + word: when
 * the list does not know the word ("alzindani"), or knows the word after the particle in more
 * names ("haq" against "alhaq"). "Albert", "Daniel" or "Antonio" are better known than "bert",
 * "niel" or "tonio", so the common names that start like a particle cost nothing more.
 */
function readAsJoined(index: ScreeningIndex, t: PreparedToken, after: string): boolean {
  const known = exactWord(index, t.text);
  if (known < 0) return true;
  const word = exactWord(index, after);
  return word >= 0 && index.documentFrequency(word) > index.documentFrequency(known);
}

/**
 * Other spellings that lead to the same list names when a particle is joined on one side and
 * spaced on the other: a query "ALHAQ" also follows "haq" and its spellings (list "Al-Haq"); a
 * query "Al Haq" also follows "alhaq" (list "Alhaq", that spelling only). They only route
 * candidates: the scorer aligns the joined word with the particle and the word (runs in
 * match/name-alignment.ts).
 */
function particleVariants(index: ScreeningIndex, query: PreparedToken[], i: number): Probe[] {
  const variants: Probe[] = [];
  const t = query[i];
  const after = afterJoinedParticle(t);
  if (after && readAsJoined(index, t, after)) variants.push(cachedExpand(index, prepareToken({ text: after, cls: 'word', script: t.script })));
  const before = query[i - 1];
  if (before && t.script === 'alphabetic' && JOINABLE_PARTICLES.includes(before.text)) {
    const joined = exactWord(index, before.text + t.text);
    if (joined >= 0) variants.push({ vocab: Uint32Array.of(joined), similarity: Float32Array.of(1), frequency: index.documentFrequency(joined) });
  }
  return variants;
}

/** A token's spellings with those of its variants (each vocabulary token once, at its best similarity). */
function withVariants(index: ScreeningIndex, probe: Probe, variants: Probe[]): Probe {
  if (variants.every((v) => v.vocab.length === 0)) return probe;
  const best = new Map<number, number>();
  for (const p of [probe, ...variants]) for (let k = 0; k < p.vocab.length; k++) best.set(p.vocab[k], Math.max(best.get(p.vocab[k]) ?? 0, p.similarity[k]));
  const vocab = Uint32Array.from(best.keys());
  const frequency = vocab.reduce((sum, v) => sum + index.documentFrequency(v), 0);
  return { vocab, similarity: Float32Array.from(best.values()), frequency };
}

/**
 * The parts of a query: one per usable query token (its similar vocabulary tokens; a token that
 * splits into two known tokens counts for two, and each half is a part of its own), and one per
 * pair of adjacent tokens joined ("Abdul Rahman" → "abdulrahman"). Initials and particles only
 * take part when nothing else can.
 */
export function probesFor(index: ScreeningIndex, query: PreparedToken[], memo: SimilarityMemo): QueryProbes {
  const strong = query.map((t, i) => ({ t, i })).filter(({ t }) => t.cls === 'word' || t.cls === 'number');
  const usable = strong.length > 0 ? strong : query.map((t, i) => ({ t, i })).filter(({ t }) => t.cls !== 'initial');
  const parts: QueryPart[] = [];
  let tokenWeight = 0;
  const spelled = new Set<string>();
  for (const { t, i } of usable) {
    // "Abdullah Abdullah": a repeated token is one query part for candidate generation.
    const key = `${t.script}|${t.glyph ?? t.text}`;
    if (spelled.has(key)) continue;
    spelled.add(key);
    const own = cachedExpand(index, t);
    // Only the token's own spellings are its similarities; a particle variant's are not.
    for (let k = 0; k < own.vocab.length; k++) memo.seed(i, own.vocab[k], own.similarity[k]);
    // Only a token the list does not know is read as two joined words ("vladimirputin").
    const known = (own.vocab.length > 0 && own.similarity[0] === 1) || Array.from(own.vocab).some((v) => index.data.vocab[v].text === t.text);
    const halves = known ? [] : splitProbes(index, t);
    const probe = withVariants(index, own, particleVariants(index, query, i));
    if (probe.vocab.length > 0) parts.push({ probe, weight: halves.length > 0 ? 2 : 1 });
    for (const half of halves) parts.push({ probe: half, weight: 1 });
    tokenWeight += probe.vocab.length > 0 || halves.length > 0 ? Math.max(1, halves.length) : 0;
  }
  for (let k = 0; k + 1 < usable.length; k++) {
    const joined = closeOnly(
      index,
      cachedExpand(index, prepareToken({ text: usable[k].t.text + usable[k + 1].t.text, cls: 'word', script: usable[k].t.script })),
    );
    if (joined.vocab.length > 0) parts.push({ probe: joined, weight: 2 });
  }
  return { parts, required: Math.min(2, tokenWeight) };
}
