import type { MrzChecks } from './checks.ts';
import type { DocumentType } from './document-type.ts';
import type { FieldName, MrzFormat } from './formats.ts';

export interface MrzResult {
  /** Undefined when the lines match no ICAO layout. */
  format?: MrzFormat;
  /** Lines after length repair and correction. */
  lines: string[];
  documentCode?: string;
  documentType?: DocumentType;
  /** As printed in the MRZ, filler removed ('D', 'UTO', 'CAN'). */
  issuingCountry?: string;
  issuingCountryAlpha2?: string;
  nationality?: string;
  nationalityAlpha2?: string;
  surname?: string;
  givenNames?: string;
  documentNumber?: string;
  /** YYYY-MM-DD, century resolved against the expiry date and today. */
  dateOfBirth?: string;
  sex?: 'M' | 'F' | 'X';
  expiryDate?: string;
  optionalData?: string;
  optionalData2?: string;
  /** Per-field check-digit results. */
  checks: MrzChecks;
  /** Every check digit passes. */
  valid: boolean;
  /** Fields whose value was chosen by check-digit search or cross-field agreement, not read as is. */
  corrections: FieldName[];
  /** Non-fatal findings: 'line_length_repaired', 'nationality_unknown', 'birth_date_invalid', ... */
  problems: string[];
}
