export type DocumentType = 'passport' | 'id_card' | 'residence_permit' | 'visa' | 'travel_document' | 'unknown';

/**
 * Document kind from the MRZ document code (ICAO 9303-3 4.2.2 and state practice): P is a
 * passport, V a visa; A, C and I are official travel documents of TD1/TD2 size, which states use
 * for identity cards, except that a second letter R marks a residence permit (EU 'IR'/'AR' cards)
 * and 'AC' a crew member certificate.
 */
export function documentTypeOf(code: string): DocumentType {
  const first = code[0];
  const second = code[1] ?? '<';
  if (first === 'P') return 'passport';
  if (first === 'V') return 'visa';
  if (first !== 'A' && first !== 'C' && first !== 'I') return 'unknown';
  if (second === 'R') return 'residence_permit';
  if (code === 'AC') return 'travel_document';
  return 'id_card';
}
