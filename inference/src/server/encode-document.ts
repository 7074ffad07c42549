import type { InferenceReadDocumentResponse } from '@idgate/protos';
import type { DocumentResult } from '../pool/protocol.ts';

export function encodeDocument(r: DocumentResult): InferenceReadDocumentResponse {
  const { reading } = r;
  return {
    status: reading.status,
    reasons: reading.reasons,
    ...optional({
      documentType: reading.documentType,
      issuingCountry: reading.issuingCountry,
      nationality: reading.nationality,
      dateOfBirth: reading.dateOfBirth,
      expiryDate: reading.expiryDate,
      documentNumber: reading.documentNumber,
      surname: reading.surname,
      givenNames: reading.givenNames,
      sex: reading.sex,
      mrzChecksValid: reading.mrzChecksValid,
    }),
    ...(r.portrait ? { portraitEmbedding: { values: Array.from(r.portrait.embedding), model: r.portrait.model } } : {}),
    portraitReasons: r.portraitReasons,
    zones: r.zones.map((z) => ({ zone: z.zone, ...optional({ ...z, zone: undefined }) })),
    ...(r.sideMissing ? { sideMissing: r.sideMissing } : {}),
    timingsMs: r.timings,
  };
}

/** Drops undefined fields so proto3 `optional` fields stay absent. */
function optional<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
}
