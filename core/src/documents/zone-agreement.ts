import type { ZoneReading } from './data-match.ts';
import { normaliseDate, normaliseDocumentNumber } from './identity-normalise.ts';

/** Fields whose disagreement between two zones of one document is a risk signal (docs/decisions/risk-band.md). */
export type ZoneConflict = 'date_of_birth' | 'document_number';

const FIELDS: ReadonlyArray<{ name: ZoneConflict; read: (z: ZoneReading) => string | undefined }> = [
  { name: 'date_of_birth', read: (z) => (z.dateOfBirth ? normaliseDate(z.dateOfBirth) : undefined) },
  { name: 'document_number', read: (z) => (z.documentNumber ? normaliseDocumentNumber(z.documentNumber) || undefined : undefined) },
];

/**
 * The fields two zones of the same document (printed text, MRZ, barcode) state differently. A zone
 * that does not carry a field, or whose value does not normalise, takes no part: absence is not
 * disagreement. Ordinal: the MRZ truncates nothing of these two fields, so equal documents agree.
 */
export function zoneConflicts(zones: readonly ZoneReading[]): ZoneConflict[] {
  return FIELDS.filter(({ read }) => new Set(zones.map(read).filter((v): v is string => v !== undefined)).size > 1).map((f) => f.name);
}
