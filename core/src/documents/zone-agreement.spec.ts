import { describe, expect, it } from 'vitest';
import { zoneConflicts } from './zone-agreement.ts';

describe('zoneConflicts', () => {
  it('zones that agree, after normalisation, have no conflict', () => {
    expect(
      zoneConflicts([
        { zone: 'printed', dateOfBirth: '12.08.1983', documentNumber: 'L01X00T47' },
        { zone: 'mrz', dateOfBirth: '1983-08-12', documentNumber: 'l01x00t47' },
      ]),
    ).toEqual([]);
  });

  it('a birth date or document number that differs between zones is a conflict', () => {
    expect(
      zoneConflicts([
        { zone: 'printed', dateOfBirth: '1983-08-13' },
        { zone: 'mrz', dateOfBirth: '1983-08-12' },
      ]),
    ).toEqual(['date_of_birth']);
    expect(
      zoneConflicts([
        { zone: 'printed', documentNumber: 'T22000129', dateOfBirth: '1983-08-12' },
        { zone: 'barcode', documentNumber: 'T22000130', dateOfBirth: '1983-08-12' },
      ]),
    ).toEqual(['document_number']);
  });

  it('a field one zone lacks, or one zone alone, is no conflict', () => {
    expect(
      zoneConflicts([
        { zone: 'printed', surname: 'X' },
        { zone: 'mrz', dateOfBirth: '1983-08-12', documentNumber: 'A1' },
      ]),
    ).toEqual([]);
    expect(zoneConflicts([{ zone: 'mrz', dateOfBirth: '1983-08-12' }])).toEqual([]);
  });
});
