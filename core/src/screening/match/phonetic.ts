/**
 * Phonetic folding of one normalised ASCII token, tuned for names written by people who
 * transliterate differently (Friedrich/Fridrich, Mohammed/Muhammad, Bashar/Bachar, Qaddafi/Kaddafi).
 * The output is compared with a weighted edit distance (token-similarity.ts), not only for
 * equality, so the folding only removes spelling differences that never distinguish two names:
 *   consonants: x→ks (not first), tsch|sch|tch|ch|sh→x, dzh|dj|zh→j, kh→h, gh→g, ph→f, th→t,
 *               dh→d, ck→k, q→k, w→v, tz→z, c→s before e/i/y, else c→k
 *   vowels:     ou|oo→u, ee|ie→i, ue→u, ae→a, oe→o, y→i
 *   then doubled letters collapse and a final h after a vowel goes ("Abdullah" = "Abdulla").
 * Hand-written scanner: it runs for every vocabulary token of a million-person list.
 */
function startsWith(s: string, i: number, prefix: string): boolean {
  return s.startsWith(prefix, i);
}

/** Consonant rules on the raw token; returns the next index and appends to `out`. */
function consonant(s: string, i: number, out: string[]): number {
  const c = s[i];
  switch (c) {
    case 't':
      if (startsWith(s, i, 'tsch')) {
        out.push('x');
        return i + 4;
      }
      if (startsWith(s, i, 'tch')) {
        out.push('x');
        return i + 3;
      }
      if (s[i + 1] === 'h') {
        out.push('t');
        return i + 2;
      }
      if (s[i + 1] === 'z') {
        out.push('z');
        return i + 2;
      }
      break;
    case 's':
      if (startsWith(s, i, 'sch')) {
        out.push('x');
        return i + 3;
      }
      if (s[i + 1] === 'h') {
        out.push('x');
        return i + 2;
      }
      break;
    case 'c':
      if (s[i + 1] === 'h') {
        out.push('x');
        return i + 2;
      }
      if (s[i + 1] === 'k') {
        out.push('k');
        return i + 2;
      }
      out.push(s[i + 1] === 'e' || s[i + 1] === 'i' || s[i + 1] === 'y' ? 's' : 'k');
      return i + 1;
    case 'd':
      if (startsWith(s, i, 'dzh')) {
        out.push('j');
        return i + 3;
      }
      if (s[i + 1] === 'j') {
        out.push('j');
        return i + 2;
      }
      if (s[i + 1] === 'h') {
        out.push('d');
        return i + 2;
      }
      break;
    case 'z':
      if (s[i + 1] === 'h') {
        out.push('j');
        return i + 2;
      }
      break;
    case 'k':
      if (s[i + 1] === 'h') {
        out.push('h');
        return i + 2;
      }
      break;
    case 'g':
      if (s[i + 1] === 'h') {
        out.push('g');
        return i + 2;
      }
      break;
    case 'p':
      if (s[i + 1] === 'h') {
        out.push('f');
        return i + 2;
      }
      break;
    case 'x':
      if (i > 0) {
        out.push('k', 's');
        return i + 1;
      }
      break;
    case 'q':
      out.push('k');
      return i + 1;
    case 'w':
      out.push('v');
      return i + 1;
    case 'y':
      out.push('i');
      return i + 1;
  }
  out.push(c);
  return i + 1;
}

const VOWEL_PAIRS: Readonly<Record<string, string>> = { ou: 'u', oo: 'u', ee: 'i', ie: 'i', ue: 'u', ae: 'a', oe: 'o' };

export function phoneticForm(token: string): string {
  const letters: string[] = [];
  for (let i = 0; i < token.length;) i = consonant(token, i, letters);
  let out = '';
  for (let i = 0; i < letters.length; i++) {
    const pair = VOWEL_PAIRS[letters[i] + (letters[i + 1] ?? '')];
    const next = pair ?? letters[i];
    if (pair) i++;
    if (next !== out[out.length - 1] || !/[a-z]/.test(next)) out += next;
  }
  if (out.length > 1 && out.endsWith('h') && 'aeiou'.includes(out[out.length - 2])) out = out.slice(0, -1);
  return out;
}

/**
 * Consonant skeleton of a phonetic form (doubled letters are already single): what survives of a
 * name written in a script without vowels. Used for abjad comparisons and as the fuzzy retrieval key.
 */
export function skeletonForm(phonetic: string): string {
  let out = '';
  for (const ch of phonetic) if (!'aeiou'.includes(ch)) out += ch;
  return out;
}
