import type { InferenceReadDocumentResponse__Output } from '@idgate/protos';
import { assessRisk, type RiskAssessment } from './risk-band.ts';
import type { FaceMatchView } from './document-outcome.ts';
import type { ZoneReading } from './data-match.ts';
import { zoneConflicts } from './zone-agreement.ts';

/**
 * The risk band's inputs from one document reading (docs/decisions/risk-band.md). Absent (null) when no
 * document signal ran: the reader found no zone at all.
 */
export function riskOf(
  reading: InferenceReadDocumentResponse__Output,
  faceMatch: FaceMatchView | null,
  expired: boolean,
  reuseCount: number,
  zones: readonly ZoneReading[] = [],
): RiskAssessment | null {
  if (!reading.status || reading.status === 'document_unreadable') return null;
  const reasons = reading.reasons ?? [];
  const portraitIssues = (reading.portraitReasons ?? []).filter((r) => r !== 'portrait_not_found');
  return assessRisk({
    mrzChecksValid: reading.mrzChecksValid,
    correctedFields: reasons.filter((r) => r.endsWith('_corrected')).length,
    documentExpired: expired,
    photoQualityIssues: [...portraitIssues, ...reasons.filter((r) => r === 'image_blurred')],
    faceMatchMargin: faceMatch?.match ? faceMatch.similarity - faceMatch.threshold : null,
    documentReuseCount: reuseCount,
    zoneConflicts: zoneConflicts(zones),
  });
}
