import type { NameToken, TokenClass } from '../text/normalize-name.ts';
import type { TokenScript } from '../text/transliterate.ts';
import { weightedDistance } from './edit-distance.ts';
import { phoneticForm, skeletonForm } from './phonetic.ts';
import { spellingVariants, type Conventions } from '../text/romanisation.ts';

/** A token with its comparison forms computed once (query side per request, index side at build). */
export interface PreparedToken {
  text: string;
  phon: string;
  skel: string;
  cls: TokenClass;
  script: TokenScript;
  glyph: string | undefined;
  patronymic: boolean;
  /**
   * The last word of a query name that fills an MRZ name field exactly (text/mrz-name.ts): it may
   * have been cut, so a list word that starts with it agrees with it. Never set on list tokens.
   */
  truncated: boolean;
  /** The word under another romanisation convention (text/romanisation.ts); undefined for most words. */
  variants: PreparedToken[] | undefined;
  // Every token has every field, in this order: tokenSimilarity runs millions of times per second
  // and stays fast only while all tokens share one object shape.
}

/** Similarity tuning; every value is global (no per-name tuning). See README.md "Token similarity". */
export const TOKEN_SIMILARITY = {
  /** Edit cost per character of average length that takes the similarity from 1 to 0. */
  costScale: 1.25,
  /** Similarity of two tokens that differ only in spelling conventions (phonetic forms equal). */
  phoneticEqual: 0.97,
  /** Similarity of an initial and a word starting with that letter ("J." / "Joachim"). */
  initialMatch: 0.9,
  /** Discount on skeleton comparisons: a skeleton carries less information than a full spelling. */
  skeletonFactor: 0.92,
  /**
   * Similarity of a word cut by the MRZ ("MONTESIN") and a list word that starts with it ("Montesinos"):
   * high, yet under an exact match, so that a cut name never counts as exact.
   */
  truncatedPrefix: 0.95,
  /** Shortest cut word matched as a prefix; a single letter is an initial already. */
  minPrefix: 2,
  /** At most this similar through a romanisation variant: another convention is not the same spelling. */
  variantCap: 0.97,
} as const;

/**
 * The comparison forms of one token. `name`: the romanisation conventions the whole name shows,
 * which this word is read in too (text/romanisation.ts); by default only its own.
 */
export function prepareToken(token: NameToken, name?: Conventions): PreparedToken {
  const phon = phoneticForm(token.text);
  const prepared: PreparedToken = {
    text: token.text,
    phon,
    skel: skeletonForm(phon),
    cls: token.cls,
    script: token.script,
    glyph: token.glyph,
    patronymic: token.patronymic ?? false,
    truncated: false,
    variants: undefined,
  };
  if (token.cls !== 'word' || token.script !== 'alphabetic') return prepared;
  // A variant that changes only vowels ("Soekarno" → "Sukarno") is already close: vowels cost
  // little in the edit distance. Only one that changes the consonants is worth its comparisons.
  const variants = spellingVariants(token.text, name)
    .map((text) => {
      const variantPhon = phoneticForm(text);
      return { ...prepared, text, phon: variantPhon, skel: skeletonForm(variantPhon) };
    })
    .filter((v) => v.skel !== prepared.skel);
  if (variants.length > 0) prepared.variants = variants;
  return prepared;
}

/** Similarity from the edit distance; 0 as soon as it is certain to fall under `floor`. */
function fromDistance(a: string, b: string, floor = 0): number {
  const length = (a.length + b.length) / 2;
  if (length === 0) return 0;
  const limit = ((1 - floor) * length) / TOKEN_SIMILARITY.costScale;
  const d = weightedDistance(a, b, limit);
  if (d > limit) return 0;
  return Math.max(0, 1 - (TOKEN_SIMILARITY.costScale * d) / length);
}

function initialSimilarity(a: PreparedToken, b: PreparedToken): number {
  if (a.cls === 'initial' && b.cls === 'initial') return a.text === b.text ? 1 : 0;
  const word = a.cls === 'initial' ? b : a;
  const initial = a.cls === 'initial' ? a : b;
  if (word.script !== 'alphabetic' || word.cls === 'number') return 0;
  return word.text[0] === initial.text ? TOKEN_SIMILARITY.initialMatch : 0;
}

function skeletonSimilarity(a: PreparedToken, b: PreparedToken, floor: number): number {
  if (a.skel.length === 0 || b.skel.length === 0) return a.skel === b.skel && a.phon === b.phon ? 0.8 : 0;
  const p = a.skel === b.skel ? 1 : fromDistance(a.skel, b.skel, floor / TOKEN_SIMILARITY.skeletonFactor);
  return p * TOKEN_SIMILARITY.skeletonFactor;
}

/** Whether `whole` may be the word that the MRZ cut down to `cut`. */
export function extendsCutWord(cut: PreparedToken, whole: PreparedToken): boolean {
  return (
    whole.script === 'alphabetic' &&
    whole.cls === 'word' &&
    cut.text.length >= TOKEN_SIMILARITY.minPrefix &&
    whole.text.length > cut.text.length &&
    whole.text.startsWith(cut.text)
  );
}

/**
 * Probability-like similarity in [0, 1] that two tokens are spellings of the same name part.
 * With a `floor`, any value under it may come back as 0 (cheaper: the edit distance stops early).
 */
export function tokenSimilarity(a: PreparedToken, b: PreparedToken, floor = 0): number {
  let p = spellingSimilarity(a, b, floor);
  if ((a.variants || b.variants) && p < TOKEN_SIMILARITY.variantCap) p = Math.max(p, variantSimilarity(a, b, floor));
  if ((a.truncated && (extendsCutWord(a, b) || b.variants?.some((v) => extendsCutWord(a, v)))) || (b.truncated && extendsCutWord(b, a))) {
    return Math.max(p, TOKEN_SIMILARITY.truncatedPrefix);
  }
  return p;
}

/** Best similarity through the variants of either side (text/romanisation.ts), capped. */
function variantSimilarity(a: PreparedToken, b: PreparedToken, floor: number): number {
  let best = 0;
  for (const x of [a, ...(a.variants ?? [])]) {
    for (const y of [b, ...(b.variants ?? [])]) {
      if (x === a && y === b) continue;
      best = Math.max(best, spellingSimilarity(x, y, Math.max(floor, best)));
    }
  }
  return Math.min(best, TOKEN_SIMILARITY.variantCap);
}

function spellingSimilarity(a: PreparedToken, b: PreparedToken, floor: number): number {
  if (a.script === 'syllabic' && b.script === 'syllabic') return a.glyph === b.glyph ? 1 : 0;
  if (a.text === b.text) return 1;
  if (a.cls === 'number' || b.cls === 'number') return 0;
  if (a.cls === 'initial' || b.cls === 'initial') return initialSimilarity(a, b);
  if (a.script === 'abjad' || b.script === 'abjad') {
    const skeleton = skeletonSimilarity(a, b, floor);
    return a.script === b.script ? Math.max(skeleton, fromDistance(a.phon, b.phon, floor)) : skeleton;
  }
  if (a.phon === b.phon) return TOKEN_SIMILARITY.phoneticEqual;
  return fromDistance(a.phon, b.phon, floor);
}
