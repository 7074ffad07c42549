import { nameForms } from './identity-normalise.ts';

export type NameRole = 'given' | 'family';

/** Names at least this long (letters) may differ by one misread letter (spec §2.5). */
export const MISREAD_MIN_LETTERS = 8;

/**
 * Whether a name the tenant holds and a name a document zone gives are the same, with the
 * tolerances of spec §2.5: accents and punctuation (both are normalised away, with both MRZ
 * transliterations of umlauts), one misread letter on names of 8+ letters, and, for given
 * names, missing middle names (the first given name must be there, first, on both sides).
 */
export function namesMatch(expected: string, read: string, role: NameRole): boolean {
  for (const e of nameForms(expected)) {
    for (const r of nameForms(read)) {
      if (formsMatch(e, r, role)) return true;
    }
  }
  return false;
}

function formsMatch(e: string[], r: string[], role: NameRole): boolean {
  if (e.length === 0 || r.length === 0) return false;
  // Same letters in the same order: spacing and punctuation differences ("Jean-Luc" / "JEANLUC").
  if (withinOneMisread(e.join(''), r.join(''))) return true;
  return role === 'given' && middleNamesMissing(e, r);
}

/** The shorter list is the longer one without some of its middle names. */
function middleNamesMissing(a: string[], b: string[]): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length === long.length || (short[0] !== long[0] && !withinOneMisread(short[0], long[0]))) return false;
  let misreads = short[0] === long[0] ? 0 : 1;
  let j = 1;
  for (let i = 1; i < short.length; i++) {
    while (j < long.length && !tokenEqual(short[i], long[j], misreads)) j++;
    if (j === long.length) return false;
    if (short[i] !== long[j]) misreads++;
    j++;
  }
  return misreads <= 1;
}

function tokenEqual(a: string, b: string, misreadsSoFar: number): boolean {
  return a === b || (misreadsSoFar === 0 && withinOneMisread(a, b));
}

/** Equal, or one substituted letter when the name has at least MISREAD_MIN_LETTERS letters. */
export function withinOneMisread(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length !== b.length || a.length < MISREAD_MIN_LETTERS) return false;
  let differences = 0;
  for (let i = 0; i < a.length && differences <= 1; i++) if (a[i] !== b[i]) differences++;
  return differences <= 1;
}
