import type { AamvaResult } from './barcode/aamva.ts';
import { portraitZone } from './face/portrait-zone.ts';
import type { DecodedPage } from './image/decode.ts';
import type { RotatedRect } from './image/raster.ts';
import { LAYOUTS } from './mrz/formats.ts';
import type { MrzResult } from './mrz/types.ts';
import type { DocumentReading } from './types.ts';

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const failedChecks = (mrz: MrzResult) =>
  Object.entries(mrz.checks)
    .filter(([, ok]) => ok === false)
    .map(([name]) => `${snake(name)}_check_failed`);

/**
 * A read MRZ. The birth date is trusted only when its own check digit and the composite check
 * (which weighs the same digits differently) both pass; otherwise the outcome is dob_unreadable.
 */
export function readingFromMrz(mrz: MrzResult, lines: RotatedRect[], decoded: DecodedPage, timingsMs: Record<string, number>): DocumentReading {
  // A corrected field was chosen by check digit among OCR twins, not read as printed: say so.
  const corrected = mrz.corrections.map((field) => `${snake(field)}_corrected`);
  const reasons = [...new Set([...failedChecks(mrz), ...mrz.problems, ...corrected])];
  const trusted = mrz.dateOfBirth !== undefined && mrz.checks.composite !== false;
  const layout = mrz.format ? LAYOUTS[mrz.format] : undefined;
  const zone = layout && layout.format !== 'TD1' ? portraitZone(lines[0], layout.lineLength, decoded.page.width, decoded.page.height) : undefined;
  const s = decoded.scale;
  return {
    status: trusted ? 'ok' : 'dob_unreadable',
    reasons,
    documentType: mrz.documentType,
    issuingCountry: mrz.issuingCountryAlpha2,
    nationality: mrz.nationality,
    dateOfBirth: trusted ? mrz.dateOfBirth : undefined,
    expiryDate: mrz.expiryDate,
    documentNumber: mrz.documentNumber,
    surname: mrz.surname,
    givenNames: mrz.givenNames,
    sex: mrz.sex,
    zones: { mrz },
    mrzChecksValid: mrz.valid,
    ...(zone
      ? { faceBox: { x: Math.round(zone.x * s), y: Math.round(zone.y * s), width: Math.round(zone.width * s), height: Math.round(zone.height * s) } }
      : {}),
    timingsMs,
  };
}

export function readingFromBarcode(barcode: AamvaResult, timingsMs: Record<string, number>): DocumentReading {
  const givenNames = [barcode.givenNames, barcode.middleNames].filter(Boolean).join(' ') || undefined;
  return {
    status: barcode.dateOfBirth ? 'ok' : 'dob_unreadable',
    reasons: barcode.problems,
    documentType: barcode.documentType,
    issuingCountry: barcode.countryAlpha2,
    dateOfBirth: barcode.dateOfBirth,
    expiryDate: barcode.expiryDate,
    documentNumber: barcode.documentNumber,
    surname: barcode.familyName,
    givenNames,
    sex: barcode.sex,
    zones: { barcode },
    timingsMs,
  };
}

export function unreadable(reasons: string[], timingsMs: Record<string, number>, extra: Partial<DocumentReading> = {}): DocumentReading {
  return { status: 'document_unreadable', reasons, zones: {}, timingsMs, ...extra };
}
