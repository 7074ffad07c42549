import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONFUSABLE, DIGIT_TO_LETTER, LETTER_TO_DIGIT, charValue } from '../../src/document/mrz/charset.ts';
import { MRZ_ALPHABET } from '../../src/document/ocr/dictionary.ts';
import { parseMrz } from '../../src/document/mrz/parse.ts';
import { TODAY, generatedMrz, type GeneratedMrz } from './support/mrz-generator.ts';

const RUNS = { numRuns: 400 };

interface Corruption {
  line: number;
  index: number;
  ch: string;
}

function corrupt(mrz: GeneratedMrz, c: Corruption): string[] {
  return mrz.lines.map((line, i) => (i === c.line ? line.slice(0, c.index) + c.ch + line.slice(c.index + 1) : line));
}

/** A random position and a different character of the MRZ alphabet. */
const anySubstitution = (mrz: GeneratedMrz) =>
  fc
    .record({ line: fc.nat(mrz.lines.length - 1), pick: fc.nat(), ch: fc.constantFrom(...MRZ_ALPHABET) })
    .map(({ line, pick, ch }) => ({ line, index: pick % mrz.lines[line].length, ch }));

/** The glyph twins OCR produces: the confusion table plus the position-typing maps. */
function twinsOf(ch: string): string[] {
  const fromDigit = Object.entries(LETTER_TO_DIGIT)
    .filter(([, d]) => d === ch)
    .map(([l]) => l);
  return [
    ...new Set([
      ...(CONFUSABLE[ch] ?? []),
      ...fromDigit,
      ...(DIGIT_TO_LETTER[ch] ? [DIGIT_TO_LETTER[ch]] : []),
      ...(LETTER_TO_DIGIT[ch] ? [LETTER_TO_DIGIT[ch]] : []),
    ]),
  ];
}

/**
 * ICAO check digits weigh characters 7-3-1 modulo 10, so a substitution whose value difference
 * times its weight is a multiple of 10 ('<' for '0', K for '<', G for '6', L for '1', A for K) is
 * invisible to every check digit. No parser can catch those; the properties exclude them.
 */
function invisibleInDocumentNumber(mrz: GeneratedMrz, c: Corruption): boolean {
  const [line, start, end] = mrz.documentNumberSpan;
  if (c.line !== line || c.index < start || c.index >= end) return false;
  const weight = [7, 3, 1][(c.index - start) % 3];
  return ((charValue(c.ch) - charValue(mrz.lines[c.line][c.index])) * weight) % 10 === 0;
}

describe('MRZ parser properties', () => {
  it('round-trips every generated valid MRZ', () => {
    fc.assert(
      fc.property(generatedMrz, (mrz) => {
        const r = parseMrz(mrz.lines, { today: TODAY });
        expect(r.valid).toBe(true);
        expect(r.format).toBe(mrz.format);
        expect(r).toMatchObject({
          documentNumber: mrz.documentNumber,
          dateOfBirth: mrz.dateOfBirth,
          expiryDate: mrz.expiryDate,
          surname: mrz.surname,
          givenNames: mrz.givenNames,
          nationality: mrz.nationality,
        });
        expect(r.corrections).toEqual([]);
      }),
      RUNS,
    );
  });

  it('never returns a wrong birth or expiry date after any single substitution', () => {
    fc.assert(
      fc.property(
        generatedMrz.chain((mrz) => fc.tuple(fc.constant(mrz), anySubstitution(mrz))),
        ([mrz, c]) => {
          const r = parseMrz(corrupt(mrz, c), { today: TODAY });
          expect([mrz.dateOfBirth, undefined]).toContain(r.dateOfBirth);
          expect([mrz.expiryDate, undefined]).toContain(r.expiryDate);
        },
      ),
      RUNS,
    );
  });

  it('recovers an OCR glyph confusion in any checked field exactly, or flags it', () => {
    const confusion = generatedMrz.chain((mrz) =>
      fc.tuple(
        fc.constant(mrz),
        anySubstitution(mrz).chain((c) => {
          const twins = twinsOf(mrz.lines[c.line][c.index]);
          return twins.length ? fc.constantFrom(...twins).map((ch) => ({ ...c, ch })) : fc.constant({ ...c, ch: mrz.lines[c.line][c.index] });
        }),
      ),
    );
    fc.assert(
      fc.property(confusion, ([mrz, c]) => {
        fc.pre(!invisibleInDocumentNumber(mrz, c));
        const r = parseMrz(corrupt(mrz, c), { today: TODAY });
        expect(r.dateOfBirth).toBe(mrz.dateOfBirth);
        expect(r.expiryDate).toBe(mrz.expiryDate);
        // A number that validates only after the parser changed characters is reported in
        // `corrections` (and as the reason document_number_corrected): that is the "flags it".
        if (r.checks.documentNumber && !r.corrections.includes('documentNumber')) expect(r.documentNumber).toBe(mrz.documentNumber);
      }),
      RUNS,
    );
  });

  it('never silently accepts a wrong document number after any visible single substitution', () => {
    fc.assert(
      fc.property(
        generatedMrz.chain((mrz) => fc.tuple(fc.constant(mrz), anySubstitution(mrz))),
        ([mrz, c]) => {
          fc.pre(!invisibleInDocumentNumber(mrz, c));
          // A '<' in a TD1 number's check position announces a longer number (9303-5 note j).
          fc.pre(!(mrz.format === 'TD1' && c.line === 0 && c.index === 14 && c.ch === '<'));
          const r = parseMrz(corrupt(mrz, c), { today: TODAY });
          const flagged = !r.checks.documentNumber || r.corrections.includes('documentNumber');
          if (r.documentNumber !== mrz.documentNumber) expect(flagged).toBe(true);
        },
      ),
      RUNS,
    );
  });
});
