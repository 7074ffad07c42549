import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MISREAD_MIN_LETTERS, namesMatch } from './name-match.ts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const word = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...LETTERS), minLength: min, maxLength: max });
const ACCENTED: Record<string, string> = { A: 'Á', E: 'É', I: 'Í', O: 'Ó', U: 'Ú', N: 'Ñ', C: 'Ç' };

/** Replaces one letter at `at` by another letter. */
function misread(name: string, at: number): string {
  const i = at % name.length;
  const other = name[i] === 'X' ? 'Y' : 'X';
  return name.slice(0, i) + other + name.slice(i + 1);
}

describe('namesMatch', () => {
  it('tolerates accents, case and punctuation', () => {
    expect(namesMatch('José María', 'JOSE MARIA', 'given')).toBe(true);
    expect(namesMatch("O'Brien", 'OBRIEN', 'family')).toBe(true);
    expect(namesMatch('Jean-Luc', 'JEAN<LUC', 'given')).toBe(true);
    expect(namesMatch('Jean-Luc', 'JEANLUC', 'given')).toBe(true);
    expect(namesMatch('Müller', 'MUELLER', 'family')).toBe(true);
    expect(namesMatch('Müller', 'MULLER', 'family')).toBe(true);
  });

  it('tolerates a missing middle name on either side, never a missing first name', () => {
    expect(namesMatch('Anna', 'ANNA MARIA', 'given')).toBe(true);
    expect(namesMatch('Anna Maria Louise', 'ANNA LOUISE', 'given')).toBe(true);
    expect(namesMatch('Anna Maria', 'ANNA', 'given')).toBe(true);
    expect(namesMatch('Maria', 'ANNA MARIA', 'given')).toBe(false);
    expect(namesMatch('Anna Louise', 'ANNA MARIA', 'given')).toBe(false);
    expect(namesMatch('Smith', 'SMITH JONES', 'family')).toBe(false);
  });

  it('tolerates one misread letter only on names of 8 letters or more', () => {
    expect(namesMatch('Eriksson', 'ERIKSS0N'.replace('0', 'Q'), 'family')).toBe(true);
    expect(namesMatch('Erikson', 'ERIKSQN', 'family')).toBe(false);
    expect(namesMatch('Eriksson', 'ERIXSQON', 'family')).toBe(false);
    expect(namesMatch('Smith', 'SMYTH', 'family')).toBe(false);
  });

  it('property: a name matches its accented, lower-cased, punctuated writing', () => {
    fc.assert(
      fc.property(fc.array(word(2, 10), { minLength: 1, maxLength: 3 }), fc.constantFrom(' ', '-', ' - ', "'", '.'), (tokens, sep) => {
        const printed = tokens
          .map((t) =>
            [...t]
              .map((c) => ACCENTED[c] ?? c)
              .join('')
              .toLowerCase(),
          )
          .join(sep);
        const mrz = tokens.join(sep === "'" ? '' : '<');
        expect(namesMatch(printed, mrz, 'given')).toBe(true);
        expect(namesMatch(printed, mrz, 'family')).toBe(true);
      }),
    );
  });

  it('property: one substituted letter matches on 8+ letter names and never on shorter ones', () => {
    fc.assert(
      fc.property(word(3, 14), fc.nat(), (name, at) => {
        expect(namesMatch(name, misread(name, at), 'family')).toBe(name.length >= MISREAD_MIN_LETTERS);
      }),
    );
  });

  it('property: two substituted letters never match', () => {
    fc.assert(
      fc.property(word(4, 14), fc.nat(), fc.nat(), (name, a, b) => {
        const i = a % name.length;
        const j = b % name.length;
        fc.pre(i !== j);
        expect(namesMatch(name, misread(misread(name, i), j), 'family')).toBe(false);
      }),
    );
  });

  it('property: dropping every middle name still matches; dropping the first never does (distinct tokens)', () => {
    // Tokens under 8 letters: no misread tolerance could make two different tokens equal.
    fc.assert(
      fc.property(fc.uniqueArray(word(3, 7), { minLength: 2, maxLength: 4 }), (tokens) => {
        expect(namesMatch(tokens[0], tokens.join(' '), 'given')).toBe(true);
        expect(namesMatch(tokens.slice(1).join(' '), tokens.join(' '), 'given')).toBe(false);
      }),
    );
  });
});
