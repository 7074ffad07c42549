import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameForms, normaliseDate, normaliseDocumentNumber } from './identity-normalise.ts';

const isoDay = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2099, 11, 31) }).map((ms) => new Date(ms).toISOString().slice(0, 10));

describe('normaliseDate', () => {
  it('brings ISO, compact, slashed-ISO and dotted day-first dates to YYYY-MM-DD', () => {
    expect(normaliseDate('1974-08-12')).toBe('1974-08-12');
    expect(normaliseDate('19740812')).toBe('1974-08-12');
    expect(normaliseDate('1974/08/12')).toBe('1974-08-12');
    expect(normaliseDate('12.08.1974')).toBe('1974-08-12');
    expect(normaliseDate(' 1974-08-12 ')).toBe('1974-08-12');
  });

  it('refuses ambiguous or impossible dates', () => {
    expect(normaliseDate('08/12/1974')).toBeUndefined();
    expect(normaliseDate('1974-02-30')).toBeUndefined();
    expect(normaliseDate('2023-02-29')).toBeUndefined();
    expect(normaliseDate('')).toBeUndefined();
  });

  it('property: every format of one date normalises to the same ISO date', () => {
    fc.assert(
      fc.property(isoDay, (iso) => {
        const [y, m, d] = iso.split('-');
        for (const form of [iso, `${y}${m}${d}`, `${y}/${m}/${d}`, `${d}.${m}.${y}`]) expect(normaliseDate(form)).toBe(iso);
      }),
    );
  });
});

describe('normaliseDocumentNumber', () => {
  it('drops case, spaces, dashes, dots, slashes and MRZ fillers', () => {
    expect(normaliseDocumentNumber('l898 902-c3')).toBe('L898902C3');
    expect(normaliseDocumentNumber('99003853<')).toBe('99003853');
    expect(normaliseDocumentNumber('AB.12/34')).toBe('AB1234');
  });

  it('property: separators anywhere never change the number', () => {
    const number = fc.string({ unit: fc.constantFrom(...'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'), minLength: 5, maxLength: 12 });
    fc.assert(
      fc.property(number, fc.array(fc.constantFrom(' ', '-', '.', '<', '/'), { maxLength: 12 }), (n, seps) => {
        const spaced = [...n].map((c, i) => c + (seps[i] ?? '')).join('');
        expect(normaliseDocumentNumber(spaced.toLowerCase())).toBe(n);
      }),
    );
  });
});

describe('nameForms', () => {
  it('drops accents, punctuation and case; apostrophes join', () => {
    expect(nameForms("José-María O'Brien")).toEqual([['JOSE', 'MARIA', 'OBRIEN']]);
    expect(nameForms('ERIKSSON<<ANNA<MARIA')).toEqual([['ERIKSSON', 'ANNA', 'MARIA']]);
  });

  it('gives both MRZ transliterations of umlauts and Nordic letters', () => {
    expect(nameForms('Müller')).toEqual([['MULLER'], ['MUELLER']]);
    expect(nameForms('Søren Ærø')).toEqual([
      ['SOREN', 'AERO'],
      ['SOEREN', 'AEROE'],
    ]);
    expect(nameForms('Strauß')).toEqual([['STRAUSS']]);
  });

  it('property: forms hold only A-Z tokens, and normalising a form again changes nothing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (raw) => {
        for (const form of nameForms(raw)) {
          for (const token of form) expect(token).toMatch(/^[A-Z]+$/);
          expect(nameForms(form.join(' '))[0]).toEqual(form);
        }
      }),
    );
  });
});
