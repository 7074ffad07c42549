import { allValid, countValid, documentNumberOf, fieldOf } from './checks.ts';
import { correctLines, type Correction } from './correct.ts';
import { countryAlpha2, isKnownCountry, trimCountry } from './countries.ts';
import { resolveBirthDate, resolveExpiryDate, todayIso } from './dates.ts';
import { documentTypeOf } from './document-type.ts';
import { normaliseLine } from './fields.ts';
import { chooseLayout, type Layout } from './formats.ts';
import { splitNames } from './names.ts';
import { lengthVariants } from './repair.ts';
import type { MrzResult } from './types.ts';

export interface ParseMrzOptions {
  /** Reference date (YYYY-MM-DD) for century resolution; defaults to today (UTC). */
  today?: string;
}

const MAX_COMBINATIONS = 64;

function lineHasCheckDigits(layout: Layout, line: number): boolean {
  return layout.fields.some((f) => f.line === line && f.name.endsWith('Check'));
}

/** Every combination of per-line length variants, capped. */
function combinations(lines: string[], layout: Layout): string[][] {
  let combos: string[][] = [[]];
  lines.forEach((line, i) => {
    const variants = lengthVariants(line, layout.lineLength, lineHasCheckDigits(layout, i));
    combos = combos.flatMap((prefix) => variants.map((v) => [...prefix, v])).slice(0, MAX_COMBINATIONS);
  });
  return combos;
}

/** The corrected reading with the most passing check digits (the first on ties). */
function bestReading(lines: string[], layout: Layout): Correction {
  let best: Correction | undefined;
  for (const combo of combinations(lines, layout)) {
    const reading = correctLines(combo, layout);
    if (!best || countValid(reading.checks) > countValid(best.checks)) best = reading;
  }
  return best!;
}

const trimFiller = (s: string) => s.replace(/<+$/, '');

function datesOf(lines: string[], layout: Layout, reading: Correction, today: string, problems: string[]) {
  const expiryRaw = fieldOf(lines, layout, 'expiryDate') ?? '';
  const birthRaw = fieldOf(lines, layout, 'birthDate') ?? '';
  const expiryDate = reading.checks.expiryDate ? resolveExpiryDate(expiryRaw, today) : undefined;
  const dateOfBirth = reading.checks.birthDate ? resolveBirthDate(birthRaw, today, expiryDate) : undefined;
  if (!reading.checks.birthDate) problems.push('birth_date_check_failed');
  else if (!dateOfBirth) problems.push(/^<+$/.test(birthRaw) ? 'birth_date_unknown' : 'birth_date_invalid');
  if (!reading.checks.expiryDate) problems.push('expiry_date_check_failed');
  else if (!expiryDate) problems.push('expiry_date_invalid');
  return { dateOfBirth, expiryDate };
}

function sexOf(value: string | undefined, problems: string[]): 'M' | 'F' | 'X' | undefined {
  if (value === 'M' || value === 'F' || value === 'X') return value;
  if (value !== '<') problems.push('sex_invalid');
  return undefined;
}

function countryOf(code: string | undefined, field: string, problems: string[]) {
  if (code === undefined) return {};
  if (!isKnownCountry(code)) problems.push(`${field}_unknown`);
  return { code: trimCountry(code), alpha2: countryAlpha2(code) };
}

/** Optional data minus the tail of a long TD1 document number stored there. */
function optionalDataOf(lines: string[], layout: Layout, documentNumber: string): string | undefined {
  const raw = fieldOf(lines, layout, 'optionalData');
  if (raw === undefined) return undefined;
  const main = fieldOf(lines, layout, 'documentNumber') ?? '';
  const consumed = documentNumber.length > main.length ? documentNumber.length - main.length + 1 : 0;
  return trimFiller(raw.slice(consumed));
}

function buildResult(reading: Correction, layout: Layout, today: string, repaired: boolean): MrzResult {
  const { lines, checks } = reading;
  const problems: string[] = repaired ? ['line_length_repaired'] : [];
  const issuing = countryOf(fieldOf(lines, layout, 'issuingCountry'), 'issuing_country', problems);
  const nationality = countryOf(fieldOf(lines, layout, 'nationality'), 'nationality', problems);
  const documentCode = trimFiller(fieldOf(lines, layout, 'documentCode') ?? '');
  const documentNumber = documentNumberOf(lines, layout).number.replace(/</g, '');
  const names = splitNames(fieldOf(lines, layout, 'names') ?? '');
  const dates = datesOf(lines, layout, reading, today, problems);
  const sex = sexOf(fieldOf(lines, layout, 'sex'), problems);
  const optionalData2 = fieldOf(lines, layout, 'optionalData2');
  return {
    format: layout.format,
    lines,
    documentCode,
    documentType: documentTypeOf(documentCode),
    issuingCountry: issuing.code,
    issuingCountryAlpha2: issuing.alpha2,
    nationality: nationality.code,
    nationalityAlpha2: nationality.alpha2,
    surname: names.surname,
    givenNames: names.givenNames,
    documentNumber,
    ...dates,
    sex,
    optionalData: optionalDataOf(lines, layout, documentNumber),
    ...(optionalData2 === undefined ? {} : { optionalData2: trimFiller(optionalData2) }),
    checks,
    valid: allValid(checks),
    corrections: reading.corrections,
    problems,
  };
}

/**
 * Parses a TD1, TD2, TD3 or MRV machine-readable zone read by OCR: fixes line lengths, applies
 * position-aware character correction, validates every ICAO 9303 check digit and extracts the
 * fields. Pure: no I/O, no clock unless `today` is omitted.
 */
export function parseMrz(input: readonly string[], options: ParseMrzOptions = {}): MrzResult {
  const lines = input.map(normaliseLine).filter((line) => line.length > 0);
  const layout = chooseLayout(lines);
  if (!layout)
    return { lines, checks: { documentNumber: false, birthDate: false, expiryDate: false }, valid: false, corrections: [], problems: ['format_unknown'] };
  const repaired = lines.some((line) => line.length !== layout.lineLength);
  return buildResult(bestReading(lines, layout), layout, options.today ?? todayIso(), repaired);
}
