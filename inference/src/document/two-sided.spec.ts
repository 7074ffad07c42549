import { describe, expect, it } from 'vitest';
import type { MrzResult } from './mrz/types.ts';
import { combineSides, sideMissing, zoneSummaries } from './two-sided.ts';
import type { DocumentReading } from './types.ts';

const TD1 = {
  format: 'TD1',
  lines: [],
  surname: 'MUSTERMANN',
  givenNames: 'ERIKA',
  dateOfBirth: '1961-08-04',
  documentNumber: 'X12345678',
  nationality: 'DEU',
  checks: { documentNumber: true, birthDate: true, expiryDate: true, composite: true },
  valid: true,
  corrections: [],
  problems: [],
} as unknown as MrzResult;

const back: DocumentReading = { status: 'ok', reasons: [], dateOfBirth: '1961-08-04', zones: { mrz: TD1 }, mrzChecksValid: true, timingsMs: { read: 5 } };
const front: DocumentReading = {
  status: 'document_unreadable',
  reasons: ['mrz_unreadable', 'barcode_not_found'],
  zones: { printed: { surname: 'MUSTERMANN', dateOfBirth: '1961-08-05' } },
  timingsMs: { read: 7 },
};

describe('two-sided documents', () => {
  it('combines the MRZ of the back with the printed zone of the front, dropping the front reasons', () => {
    const { reading, machineSide } = combineSides(front, back);
    expect(machineSide).toBe('back');
    expect(reading.status).toBe('ok');
    expect(reading.reasons).toEqual([]);
    expect(zoneSummaries(reading).map((z) => [z.zone, z.dateOfBirth])).toEqual([
      ['mrz', '1961-08-04'],
      ['printed', '1961-08-05'],
    ]);
    expect(reading.timingsMs).toEqual({ front_read: 7, back_read: 5 });
  });

  it('a swapped pair takes the machine zone from the front; neither side read is unreadable', () => {
    expect(combineSides(back, front).machineSide).toBe('front');
    const none = combineSides(front, { ...front, zones: {} });
    expect(none.machineSide).toBeUndefined();
    expect(none.reading.status).toBe('document_unreadable');
  });

  it('a TD1 back without a portrait misses its front; with a portrait (a TD3 page) nothing is missing', () => {
    expect(sideMissing(back, false)).toBe('front');
    expect(sideMissing(back, true)).toBeUndefined();
    expect(sideMissing({ ...back, zones: { mrz: { ...TD1, format: 'TD3' } } }, false)).toBeUndefined();
  });

  it('a front (portrait, two printed fields, no zone) misses its back; a blurred page or a cut-off MRZ does not', () => {
    expect(sideMissing(front, true)).toBe('back');
    expect(sideMissing(front, false)).toBeUndefined();
    expect(sideMissing({ ...front, zones: { printed: { surname: 'X' } } }, true)).toBeUndefined();
    expect(sideMissing({ ...front, reasons: ['mrz_cut_off', 'barcode_not_found'] }, true)).toBeUndefined();
    expect(sideMissing({ ...front, reasons: ['image_blurred'] }, true)).toBeUndefined();
  });
});
