import { alpha2OfCountry } from '../geo/countries.ts';
import { normaliseDate, normaliseDocumentNumber } from './identity-normalise.ts';
import { namesMatch } from './name-match.ts';
import type { ExpectedFields } from '../sessions/init-request.ts';

export type FieldVerdict = 'match' | 'mismatch' | 'not_on_document';

/** What one zone of the document said (MRZ, PDF417 barcode, or the printed text of the front). */
export interface ZoneReading {
  zone: 'mrz' | 'barcode' | 'printed';
  surname?: string;
  givenNames?: string;
  dateOfBirth?: string;
  documentNumber?: string;
  /** Alpha-3 (MRZ) or alpha-2. */
  nationality?: string;
}

/** `checks.data_match` of the result record (spec §2.5). */
export interface DataMatchResult {
  performed: true;
  passed: boolean;
  fields: Record<string, FieldVerdict>;
}

type Field = keyof ExpectedFields;
const FIELD_ORDER: Field[] = ['first_name', 'last_name', 'date_of_birth', 'document_number', 'nationality'];

/** How each expected field is found in a zone and compared (after normalisation). */
const COMPARATORS: Record<Field, { read: (z: ZoneReading) => string | undefined; same: (expected: string, read: string) => boolean }> = {
  first_name: { read: (z) => z.givenNames, same: (e, r) => namesMatch(e, r, 'given') },
  last_name: { read: (z) => z.surname, same: (e, r) => namesMatch(e, r, 'family') },
  date_of_birth: { read: (z) => z.dateOfBirth, same: (e, r) => normaliseDate(e) !== undefined && normaliseDate(e) === normaliseDate(r) },
  document_number: {
    read: (z) => z.documentNumber,
    same: (e, r) => normaliseDocumentNumber(e) !== '' && normaliseDocumentNumber(e) === normaliseDocumentNumber(r),
  },
  // A code with no alpha-2 form (UTO, the specimens' Utopia; XXA, stateless) is still what the
  // document says: kept as read, it can never equal an alpha-2 claim, so it is a mismatch.
  nationality: { read: (z) => z.nationality && (alpha2OfCountry(z.nationality) ?? z.nationality), same: (e, r) => e.toUpperCase() === r },
};

/**
 * Per-field verdicts (spec §2.5): a field no zone carries is `not_on_document`; otherwise it is
 * a `match` only when EVERY zone that carries it agrees (a zone disagreeing with another is
 * itself a warning sign), else `mismatch`. `passed` only when every requested field matched.
 */
export function matchExpected(expected: ExpectedFields, zones: readonly ZoneReading[]): DataMatchResult {
  const fields: Record<string, FieldVerdict> = {};
  for (const field of FIELD_ORDER) {
    const value = expected[field];
    if (value === undefined) continue;
    const c = COMPARATORS[field];
    const readings = zones.map(c.read).filter((r): r is string => typeof r === 'string' && r.trim() !== '');
    fields[field] = readings.length === 0 ? 'not_on_document' : readings.every((r) => c.same(value, r)) ? 'match' : 'mismatch';
  }
  const verdicts = Object.values(fields);
  return { performed: true, passed: verdicts.length > 0 && verdicts.every((v) => v === 'match'), fields };
}
