import type { DocumentReading } from './types.ts';

/** What one zone of the document said (protos/inference.proto DocumentZone). */
export interface ZoneSummary {
  zone: 'mrz' | 'barcode' | 'printed';
  surname?: string;
  givenNames?: string;
  dateOfBirth?: string;
  documentNumber?: string;
  nationality?: string;
}

export type DocumentSide = 'front' | 'back';

/** Each zone a reading holds, kept apart: core compares them with each other and with `expected`. */
export function zoneSummaries(reading: Pick<DocumentReading, 'zones'>): ZoneSummary[] {
  const out: ZoneSummary[] = [];
  const { mrz, barcode, printed } = reading.zones;
  if (mrz?.format) {
    // A birth date the MRZ checks do not vouch for is not the MRZ's word.
    const dob = mrz.checks.birthDate !== false && mrz.checks.composite !== false ? mrz.dateOfBirth : undefined;
    out.push({
      zone: 'mrz',
      surname: mrz.surname,
      givenNames: mrz.givenNames,
      dateOfBirth: dob,
      documentNumber: mrz.documentNumber,
      nationality: mrz.nationality,
    });
  }
  if (barcode?.valid) {
    const givenNames = [barcode.givenNames, barcode.middleNames].filter(Boolean).join(' ') || undefined;
    out.push({ zone: 'barcode', surname: barcode.familyName, givenNames, dateOfBirth: barcode.dateOfBirth, documentNumber: barcode.documentNumber });
  }
  if (printed && Object.keys(printed).length) {
    out.push({
      zone: 'printed',
      surname: printed.surname,
      givenNames: printed.givenNames,
      dateOfBirth: printed.dateOfBirth,
      documentNumber: printed.documentNumber,
    });
  }
  return out;
}

/** Whether the reading came from a zone that sits on the back of a two-sided document (TD1 MRZ, PDF417). */
export function isBackZone(reading: Pick<DocumentReading, 'zones'>): boolean {
  return reading.zones.mrz?.format === 'TD1' || Boolean(reading.zones.barcode?.valid);
}

/** A reading that found its MRZ or barcode. */
export function hasMachineZone(reading: Pick<DocumentReading, 'zones' | 'status'>): boolean {
  return reading.status !== 'document_unreadable' && (Boolean(reading.zones.mrz?.format) || Boolean(reading.zones.barcode?.valid));
}

/**
 * The side still to photograph when only ONE image was sent (passports and TD2/TD3 pages carry
 * portrait and MRZ on one side and never miss a side):
 * - a TD1 MRZ or a licence barcode read but no portrait on the picture: it is a back, send the front;
 * - no MRZ or barcode, but a portrait and at least two labelled printed fields, sharp enough to
 *   read: a card front, send the back. A page whose MRZ is cut off or incomplete is a passport
 *   photographed badly, not a front: it stays document_unreadable.
 */
export function sideMissing(reading: Pick<DocumentReading, 'zones' | 'status' | 'reasons'>, hasPortrait: boolean): DocumentSide | undefined {
  if (hasMachineZone(reading)) return isBackZone(reading) && !hasPortrait ? 'front' : undefined;
  const printedFields = Object.values(reading.zones.printed ?? {}).filter(Boolean).length;
  const badPicture = reading.reasons.some((r) => BAD_PICTURE.has(r));
  return hasPortrait && printedFields >= FRONT_MIN_PRINTED_FIELDS && !badPicture ? 'back' : undefined;
}

/** Printed fields a picture must show to count as a card front: one stray label is not a front. */
export const FRONT_MIN_PRINTED_FIELDS = 2;
/** A passport page photographed badly (blurred, MRZ cut off) is not a card front. */
const BAD_PICTURE: ReadonlySet<string> = new Set(['image_blurred', 'image_too_small', 'mrz_cut_off', 'mrz_incomplete']);

/**
 * Both sides of a two-sided document: the machine zone (MRZ or barcode) from whichever side
 * carries it (the back normally; the front when the user swapped the photos), the printed zone
 * of the other side kept beside it. Reasons of the side without a machine zone are not the
 * document's (its "mrz_not_found" is expected) and are dropped.
 */
export function combineSides(front: DocumentReading, back: DocumentReading): { reading: DocumentReading; machineSide: DocumentSide | undefined } {
  const machineSide: DocumentSide | undefined = hasMachineZone(back) ? 'back' : hasMachineZone(front) ? 'front' : undefined;
  const timingsMs = { ...prefixed('front_', front.timingsMs), ...prefixed('back_', back.timingsMs) };
  if (!machineSide) {
    return { reading: { ...back, reasons: [...new Set([...front.reasons, ...back.reasons])], zones: {}, timingsMs }, machineSide };
  }
  const machine = machineSide === 'back' ? back : front;
  const other = machineSide === 'back' ? front : back;
  const printed = other.zones.printed ?? machine.zones.printed;
  return {
    reading: {
      ...machine,
      zones: { ...machine.zones, ...(printed ? { printed } : {}) },
      // The portrait is searched on the side without the zone (the front of a card).
      faceBox: other.faceBox,
      sharpness: Math.min(front.sharpness ?? Infinity, back.sharpness ?? Infinity),
      timingsMs,
    },
    machineSide,
  };
}

function prefixed(prefix: string, t: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(t).map(([k, v]) => [prefix + k, v]));
}
