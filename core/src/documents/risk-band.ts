/**
 * The fraud risk band of a document verification (spec §2.5 "Rules for risk";
 * docs/decisions/risk-band.md): document-path signals, each with a weight, summed to a band. The sum is never
 * exposed (no numeric score) and a `high` band never fails a session by itself.
 */
export type RiskBandName = 'low' | 'elevated' | 'high';

export interface RiskInputs {
  /** Every MRZ check digit passed; undefined when the document has no MRZ (licence barcode). */
  mrzChecksValid?: boolean;
  /** MRZ fields the reader had to correct by check digit (OCR twins such as O/0). */
  correctedFields: number;
  documentExpired: boolean;
  /** Portrait quality issues (face_blurry, face_too_small, …) and a soft-blurred page. */
  photoQualityIssues: readonly string[];
  /** Face-match similarity minus the recognizer's threshold; null when no match ran. */
  faceMatchMargin: number | null;
  /** Other sessions of this tenant in the reuse window with the same document number. */
  documentReuseCount: number;
  /** Fields (date_of_birth, document_number) that two zones of the document state differently. */
  zoneConflicts: readonly string[];
}

/** Margins under these are weak evidence even when the faces match (similarity scale 0-1). */
export const NARROW_MARGIN = 0.15;
export const VERY_NARROW_MARGIN = 0.05;
/** Sessions of one tenant sharing a document number within the window before it counts. */
export const REUSE_ELEVATED = 3;
export const REUSE_HIGH = 10;

type Signal = { name: string; weight: (i: RiskInputs) => number };

/** Each signal and its weight; docs/decisions/risk-band.md documents this table. */
export const RISK_SIGNALS: readonly Signal[] = [
  { name: 'mrz_check_digit_failed', weight: (i) => (i.mrzChecksValid === false ? 2 : 0) },
  { name: 'mrz_field_corrected', weight: (i) => (i.mrzChecksValid !== false && i.correctedFields > 0 ? 1 : 0) },
  { name: 'document_expired', weight: (i) => (i.documentExpired ? 2 : 0) },
  { name: 'photo_quality_low', weight: (i) => (i.photoQualityIssues.length > 0 ? 1 : 0) },
  {
    name: 'face_match_margin_narrow',
    weight: (i) => (i.faceMatchMargin === null ? 0 : i.faceMatchMargin < VERY_NARROW_MARGIN ? 2 : i.faceMatchMargin < NARROW_MARGIN ? 1 : 0),
  },
  // Printed text against MRZ or barcode: a tampered front or a mismatched pair of sides. Weight 2 per field.
  { name: 'zones_disagree', weight: (i) => 2 * i.zoneConflicts.length },
  { name: 'document_number_reused', weight: (i) => (i.documentReuseCount >= REUSE_HIGH ? 4 : i.documentReuseCount >= REUSE_ELEVATED ? 2 : 0) },
];

export interface RiskAssessment {
  band: RiskBandName;
  /** Names of the signals that fired (for the reviewer's context; never in the result record). */
  signals: string[];
}

/** Sum 0-1 is low, 2-3 elevated, 4 and more high. */
export function assessRisk(inputs: RiskInputs): RiskAssessment {
  let sum = 0;
  const signals: string[] = [];
  for (const s of RISK_SIGNALS) {
    const w = s.weight(inputs);
    if (w > 0) signals.push(s.name);
    sum += w;
  }
  return { band: sum >= 4 ? 'high' : sum >= 2 ? 'elevated' : 'low', signals };
}
