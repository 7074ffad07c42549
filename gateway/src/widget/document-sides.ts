import type { MessageKey } from './locales/index.ts';

/**
 * Which document the user holds, and so which sides the page captures. A passport's data page carries
 * portrait and MRZ on one side; an ID card or residence permit (TD1) carries the portrait on the front
 * and the MRZ on the back, a driving licence or state ID the portrait on the front and the PDF417
 * barcode on the back: the server needs both sides of those to read the portrait and the zone.
 */
export type DocumentKind = 'id_card' | 'passport' | 'licence';
export type DocumentSide = 'front' | 'back';

export interface KindInfo {
  kind: DocumentKind;
  label: MessageKey;
  sides: readonly DocumentSide[];
}

/**
 * Shown in this order, the first one chosen by default: the passport is the one document of every
 * country and the quickest (one photo); then the ID card and residence permit, then the licence and
 * state ID, both two photos.
 */
export const KINDS: readonly KindInfo[] = [
  { kind: 'passport', label: 'doc_kind_passport', sides: ['front'] },
  { kind: 'id_card', label: 'doc_kind_id_card', sides: ['front', 'back'] },
  { kind: 'licence', label: 'doc_kind_licence', sides: ['front', 'back'] },
];

export function kindInfo(kind: DocumentKind): KindInfo {
  return KINDS.find((k) => k.kind === kind) ?? KINDS[0];
}

/** The photos taken or chosen so far for the chosen document, kept while the user retakes either side. */
export interface DocumentCapture {
  kind: DocumentKind;
  photos: Partial<Record<DocumentSide, Blob>>;
}

/** The first side still without a photo, or undefined when every side the document needs has one. */
export function nextSide(c: DocumentCapture): DocumentSide | undefined {
  return kindInfo(c.kind).sides.find((s) => !c.photos[s]);
}

/**
 * Does the camera guidance expect a machine-readable zone on this side? The front of a two-sided
 * document has none (its MRZ or barcode is on the back); a passport's one side has the MRZ.
 */
export function sideHasZone(kind: DocumentKind, side: DocumentSide): boolean {
  return side === 'back' || kindInfo(kind).sides.length === 1;
}
