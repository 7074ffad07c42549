import { checkDigitMatches } from './charset.ts';
import { getField } from './fields.ts';
import type { FieldName, Layout } from './formats.ts';

export interface MrzChecks {
  documentNumber: boolean;
  birthDate: boolean;
  expiryDate: boolean;
  /** TD3 personal-number check; absent where the format has none. */
  optionalData?: boolean;
  /** Composite check over the number, dates and optional data; absent on visas. */
  composite?: boolean;
}

export function fieldOf(lines: readonly string[], layout: Layout, name: FieldName): string | undefined {
  const spec = layout.fields.find((s) => s.name === name);
  return spec ? getField(lines, spec) : undefined;
}

/**
 * The document number and its check digit. A '<' in the check position of a TD1 means the
 * number is longer than 9: the rest and its check digit open the optional data (9303-5 note j).
 */
export function documentNumberOf(lines: readonly string[], layout: Layout): { number: string; check: string } {
  const main = fieldOf(lines, layout, 'documentNumber') ?? '';
  const check = fieldOf(lines, layout, 'documentNumberCheck') ?? '';
  if (check === '<' && layout.format === 'TD1') {
    const rest = (fieldOf(lines, layout, 'optionalData') ?? '').split('<')[0];
    if (rest.length >= 2) return { number: main + rest.slice(0, -1), check: rest.slice(-1) };
  }
  return { number: main, check };
}

function compositeValid(lines: readonly string[], layout: Layout): boolean | undefined {
  if (!layout.composite) return undefined;
  const data = layout.composite.map(([line, start, end]) => lines[line].slice(start, end)).join('');
  return checkDigitMatches(data, fieldOf(lines, layout, 'compositeCheck') ?? '');
}

/** Every check digit of a fixed-length MRZ (ICAO 9303-3 4.9). */
export function evaluateChecks(lines: readonly string[], layout: Layout): MrzChecks {
  const doc = documentNumberOf(lines, layout);
  const checks: MrzChecks = {
    documentNumber: checkDigitMatches(doc.number, doc.check),
    birthDate: checkDigitMatches(fieldOf(lines, layout, 'birthDate') ?? '', fieldOf(lines, layout, 'birthDateCheck') ?? '', true),
    expiryDate: checkDigitMatches(fieldOf(lines, layout, 'expiryDate') ?? '', fieldOf(lines, layout, 'expiryDateCheck') ?? '', true),
  };
  const optionalCheck = fieldOf(lines, layout, 'optionalDataCheck');
  if (optionalCheck !== undefined) checks.optionalData = checkDigitMatches(fieldOf(lines, layout, 'optionalData') ?? '', optionalCheck, true);
  const composite = compositeValid(lines, layout);
  if (composite !== undefined) checks.composite = composite;
  return checks;
}

export function countValid(checks: MrzChecks): number {
  return Object.values(checks).filter((v) => v === true).length;
}

export function allValid(checks: MrzChecks): boolean {
  return Object.values(checks).every((v) => v !== false);
}
