import { transliterateWord, type TokenScript } from './transliterate.ts';
import { HONORIFICS, JOINABLE_PARTICLES, LEGAL_FORM_ALIASES, LEGAL_FORMS, NUMBER_WORDS, PARTICLES, PATRONYMIC_MARKERS, WEAK_PREFIXES } from './name-words.ts';

/** How much a token says about identity; see README.md "Token classes". */
export type TokenClass = 'word' | 'initial' | 'particle' | 'weak' | 'legal' | 'number';

export interface NameToken {
  /** Lowercase ASCII form. */
  text: string;
  cls: TokenClass;
  script: TokenScript;
  /** The Han/Hangul glyph of a syllabic token. */
  glyph?: string;
  /** Follows "bin"/"ibn"/"ben"...: the father's name, not the person's own. */
  patronymic?: boolean;
}

export type NameKind = 'person' | 'organization';

interface Piece {
  text: string;
  script: TokenScript;
  glyph?: string;
}

const SEPARATORS = /[^a-z0-9]+/;
const APOSTROPHES = /['`\u2018\u2019\u02bc\u02bb\u00b4]/g;
const VOWEL = /[aeiouy]/;
const LEGAL_PHRASES = [...LEGAL_FORM_ALIASES].sort((a, b) => b[0].length - a[0].length);

/** Splits one raw word into ASCII pieces (hyphens, dots and other punctuation split; apostrophes join). */
function wordPieces(raw: string): Piece[] {
  const pieces: Piece[] = [];
  for (const latin of transliterateWord(raw)) {
    if (latin.script === 'syllabic') {
      pieces.push(latin);
      continue;
    }
    const cleaned = latin.text.replace(APOSTROPHES, '').replace(/&/g, ' and ');
    for (const text of cleaned.split(SEPARATORS)) if (text) pieces.push({ text, script: latin.script });
  }
  return pieces;
}

function classify(text: string, kind: NameKind): TokenClass {
  if (/^[0-9]+$/.test(text)) return 'number';
  if (LEGAL_FORMS.has(text) && (kind === 'organization' || text.length > 2)) return 'legal';
  if (text.length === 1) return 'initial';
  if (PARTICLES.has(text)) return 'particle';
  if (WEAK_PREFIXES.has(text)) return 'weak';
  return 'word';
}

/** "jc" or "jfk" (2-3 Latin letters, no vowel) in a person name is a run of initials. */
function expandInitialRuns(pieces: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const p of pieces) {
    const t = p.text;
    const run = p.script === 'alphabetic' && t.length >= 2 && t.length <= 3 && /^[a-z]+$/.test(t) && !VOWEL.test(t) && !PARTICLES.has(t);
    if (run) for (const letter of t) out.push({ text: letter, script: 'alphabetic' });
    else out.push(p);
  }
  return out;
}

/** Organisation names: "a b c" → "abc", legal-form phrases → one canonical token, number words → digits. */
function canonicaliseOrganisation(texts: string[]): string[] {
  const merged: string[] = [];
  let run = '';
  for (const t of texts) {
    if (t.length === 1 && /[a-z]/.test(t)) {
      run += t;
      continue;
    }
    if (run) merged.push(run);
    run = '';
    merged.push(t);
  }
  if (run) merged.push(run);
  let joined = ` ${merged.join(' ')} `;
  for (const [phrase, canonical] of LEGAL_PHRASES) {
    if (joined.includes(` ${phrase} `)) joined = joined.split(` ${phrase} `).join(` ${canonical} `);
  }
  const out: string[] = [];
  for (const t of joined.trim().split(' ')) {
    const n = NUMBER_WORDS.get(t);
    const prev = out.length - 1;
    if (n === undefined) out.push(t);
    else if (n < 10 && prev >= 0 && /^[1-9]0$/.test(out[prev])) out[prev] = String(Number(out[prev]) + n);
    else out.push(String(n));
  }
  return out.filter(Boolean);
}

const ARTICLES = new Set(['al', 'el', 'ul', 'ur', 'ar', 'as', 'ash', 'an', 'ad', 'ed', 'ud', 'at', 'az']);

const ARTICLES_LONGEST_FIRST = [...ARTICLES].sort((a, b) => b.length - a.length);

/**
 * "elkarim" → "karim": the article written joined to the word after "Abd" (at least three letters
 * left). "Allah" is a word of its own ("Abd Allah" stays "abdul allah").
 */
function withoutJoinedArticle(text: string): string | null {
  if (text.startsWith('allah')) return null;
  for (const article of ARTICLES_LONGEST_FIRST) if (text.length >= article.length + 3 && text.startsWith(article)) return text.slice(article.length);
  return null;
}

/**
 * "Abd" ("servant of") never stands alone: "Abd al-Rahman", "Abd Rahman" and "Abdul Rahman" are
 * one spelling family. "abd" (Arabic script: "bd") with its article becomes "abdul" ("bdl"); an
 * article joined to the next word goes as well ("ABD ELKARIM" = "Abd El Karim").
 */
function joinAbd(pieces: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i];
    const abjad = p.script === 'abjad';
    if (p.text !== (abjad ? 'bd' : 'abd')) {
      out.push(p);
      continue;
    }
    out.push({ text: abjad ? 'bdl' : 'abdul', script: p.script });
    const next = pieces[i + 1];
    if (!next) continue;
    if (ARTICLES.has(next.text)) i++;
    else if (!abjad && next.script === 'alphabetic') {
      const word = withoutJoinedArticle(next.text);
      if (word) {
        out.push({ text: word, script: next.script });
        i++;
      }
    }
  }
  return out;
}

function personPieces(pieces: Piece[]): Piece[] {
  const kept = pieces.filter((p) => !HONORIFICS.has(p.text));
  return expandInitialRuns(joinAbd(kept.length > 0 ? kept : pieces));
}

function toTokens(pieces: Piece[], kind: NameKind): NameToken[] {
  const tokens: NameToken[] = [];
  let afterMarker = false;
  for (const p of pieces) {
    const cls = p.script === 'syllabic' ? 'word' : classify(p.text, kind);
    const token: NameToken = { text: p.text, cls, script: p.script };
    if (p.glyph) token.glyph = p.glyph;
    if (afterMarker && cls === 'word') token.patronymic = true;
    afterMarker = PATRONYMIC_MARKERS.has(p.text) || (afterMarker && cls === 'particle');
    tokens.push(token);
  }
  return tokens;
}

/**
 * A particle written joined to the next word with the case showing the seam ("AlZindani",
 * "BenSalem", "DeLaurentis"): the case is the only unambiguous sign, so only then is it split here.
 * Joined without a case seam ("ALZINDANI", "Alhaq") is matched later, against the spaced form
 * (index/probes.ts, match/name-alignment.ts), because "Albert" or "Edward" must stay one word.
 */
const CASE_SEAM = new RegExp(`(^|[^\\p{L}])(${JOINABLE_PARTICLES.map((p) => p[0].toUpperCase() + p.slice(1)).join('|')})(?=\\p{Lu}\\p{Ll})`, 'gu');

/**
 * Normalises a full name into tokens: NFKC + lowercase, transliteration to ASCII, punctuation
 * split, honorifics dropped (persons), legal forms canonicalised (organisations). Pure; never logs.
 */
export function normalizeName(name: string, kind: NameKind = 'person'): NameToken[] {
  const pieces: Piece[] = [];
  const text = name.normalize('NFKC');
  const seamed = kind === 'person' ? text.replace(CASE_SEAM, '$1$2 ') : text;
  for (const w of seamed.toLowerCase().split(/\s+/)) if (w) pieces.push(...wordPieces(w));
  if (pieces.length === 0) return [];
  if (kind === 'person') return toTokens(personPieces(pieces), kind);
  const scripts = new Map(pieces.map((p) => [p.text, p.script]));
  const texts = canonicaliseOrganisation(pieces.map((p) => p.text));
  return toTokens(
    texts.map((text) => ({ text, script: scripts.get(text) ?? 'alphabetic' })),
    kind,
  );
}
