import fc from 'fast-check';
import { checkDigit } from '../../../src/document/mrz/charset.ts';

/** A valid MRZ built from known field values, for round-trip and corruption properties. */
export interface GeneratedMrz {
  format: 'TD1' | 'TD2' | 'TD3';
  lines: string[];
  documentNumber: string;
  dateOfBirth: string;
  expiryDate: string;
  surname: string;
  givenNames: string;
  nationality: string;
  /** [line, start, end) of the document number, for corruption targeting. */
  documentNumberSpan: [number, number, number];
}

export const TODAY = '2025-06-01';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALNUM = LETTERS + '0123456789';
const COUNTRIES = ['UTO', 'CAN', 'DEU', 'D<<', 'FRA', 'USA', 'CZE', 'GBR', 'NLD', 'XXA'];

const pad = (s: string, n: number) => (s + '<'.repeat(n)).slice(0, n);
const yymmdd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
const withCheck = (field: string) => field + String(checkDigit(field));
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const word = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...LETTERS), minLength: min, maxLength: max });
const DAY = 86_400_000;
const todayMs = Date.parse(TODAY);

/** Birth within the last 99 years (no centenarians: two-digit years are ambiguous there). */
const birth = fc.integer({ min: 1, max: 99 * 365 }).map((days) => isoDay(todayMs - days * DAY));

function build(format: GeneratedMrz['format'], f: Fields): GeneratedMrz {
  const doc = pad(f.documentNumber, 9);
  const names = pad(`${f.surname}<<${f.givenNames.replace(/ /g, '<')}`, format === 'TD1' ? 30 : format === 'TD2' ? 31 : 39);
  const dates = withCheck(yymmdd(f.dateOfBirth)) + f.sex + withCheck(yymmdd(f.expiryDate));
  const code = format === 'TD3' ? 'P<' : 'I<';
  if (format === 'TD1') {
    const l1 = code + f.issuing + withCheck(doc) + pad(f.optional, 15);
    const l2 = dates + f.nationality + pad('', 11);
    const composite = l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29);
    return { ...result(f), format, lines: [l1, l2 + checkDigit(composite), names], documentNumberSpan: [0, 5, 14] };
  }
  const optional = format === 'TD3' ? withCheck(pad(f.optional, 14)) : pad(f.optional, 7);
  const l2 = withCheck(doc) + f.nationality + dates + optional;
  const composite = l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21);
  return { ...result(f), format, lines: [code + f.issuing + names, l2 + checkDigit(composite)], documentNumberSpan: [1, 0, 9] };
}

interface Fields {
  documentNumber: string;
  surname: string;
  givenNames: string;
  issuing: string;
  nationality: string;
  sex: string;
  dateOfBirth: string;
  expiryDate: string;
  optional: string;
}

function result(f: Fields) {
  return {
    documentNumber: f.documentNumber,
    dateOfBirth: f.dateOfBirth,
    expiryDate: f.expiryDate,
    surname: f.surname,
    givenNames: f.givenNames,
    nationality: f.nationality.replace(/<+$/, ''),
  };
}

export const generatedMrz: fc.Arbitrary<GeneratedMrz> = fc
  .record({
    format: fc.constantFrom('TD1' as const, 'TD2' as const, 'TD3' as const),
    documentNumber: fc.string({ unit: fc.constantFrom(...ALNUM), minLength: 6, maxLength: 9 }),
    surname: word(2, 12),
    givenNames: fc.array(word(2, 7), { minLength: 1, maxLength: 2 }).map((w) => w.join(' ')),
    issuing: fc.constantFrom(...COUNTRIES),
    nationality: fc.constantFrom(...COUNTRIES),
    sex: fc.constantFrom('M', 'F', '<'),
    dateOfBirth: birth,
    expiryOffsetDays: fc.integer({ min: -3650, max: 3650 }),
    optional: fc.string({ unit: fc.constantFrom(...ALNUM), maxLength: 7 }),
  })
  .filter((r) => r.surname.length + r.givenNames.length + 2 <= 30)
  .map((r) => {
    // The document expires after the holder's birth (and within ten years of today).
    const expiry = isoDay(Math.max(todayMs + r.expiryOffsetDays * DAY, Date.parse(r.dateOfBirth) + 365 * DAY));
    return build(r.format, { ...r, expiryDate: expiry });
  });
