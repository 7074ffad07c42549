import { describe, expect, it } from 'vitest';
import { parseAamva, parseAamvaDate } from './aamva.ts';

const header = (iin: string, version: string) => `@\n\x1e\rANSI ${iin}${version}0002DL00410278ZV03190008`;

// AAMVA 2016 (version 08) sample layout, Virginia.
const US_V8 = `${header('636000', '08')}DLDAQT64235789\nDCSSAMPLE\nDDEN\nDACMICHAEL\nDDFN\nDADJOHN\nDDGN\nDCUJR\nDCAD\nDCBK\nDCDPH\nDBD06062019\nDBB06061986\nDBA12102024\nDBC1\nDAU068 in\nDAYBRO\nDAG2300 WEST BROAD STREET\nDAIRICHMOND\nDAJVA\nDAK232690000  \nDCF2424244747474786102204\nDCGUSA\nDCK123456789\nDDAF\nDDB06062018\nDDC06062020\nDDD1\rZVZVA01\r`;

describe('parseAamva', () => {
  it('reads a US licence (dates MMDDCCYY)', () => {
    expect(parseAamva(US_V8)).toEqual({
      valid: true,
      issuerId: '636000',
      aamvaVersion: 8,
      documentType: 'driving_licence',
      documentNumber: 'T64235789',
      familyName: 'SAMPLE',
      givenNames: 'MICHAEL',
      middleNames: 'JOHN',
      dateOfBirth: '1986-06-06',
      expiryDate: '2024-12-10',
      issueDate: '2019-06-06',
      sex: 'M',
      country: 'USA',
      countryAlpha2: 'US',
      jurisdiction: 'VA',
      problems: [],
    });
  });

  it('reads a Canadian ID card (dates CCYYMMDD), country from DCG or the province', () => {
    const text = `${header('636012', '09')}IDDAQA1234-56789-01234\nDCSTREMBLAY\nDACMARIE\nDADLOUISE\nDBB19910228\nDBA20300228\nDBC2\nDAJON\nDCGCAN\r`;
    expect(parseAamva(text)).toMatchObject({
      documentType: 'id_card',
      documentNumber: 'A1234-56789-01234',
      familyName: 'TREMBLAY',
      dateOfBirth: '1991-02-28',
      expiryDate: '2030-02-28',
      sex: 'F',
      country: 'CAN',
      countryAlpha2: 'CA',
      jurisdiction: 'ON',
    });
    expect(parseAamva(text.replace('DCGCAN', 'DCKX')).country).toBe('CAN');
  });

  it('reads version 1 (DAA full name) and version 2 (DCT given names)', () => {
    const v1 = `@\n\x1e\rANSI 6360200101DL00290176DLDAQ123456789\nDAASMITH,JOHN,PAUL\nDBB19700115\nDBA20250115\nDBCM\nDAJMA\r`;
    expect(parseAamva(v1)).toMatchObject({
      aamvaVersion: 1,
      familyName: 'SMITH',
      givenNames: 'JOHN',
      middleNames: 'PAUL',
      dateOfBirth: '1970-01-15',
      sex: 'M',
    });
    const v2 = `${header('636015', '02')}DLDAQ99999\nDCSDOE\nDCTJANE,ANN\nDBB07041990\nDBA07042026\nDBC2\nDAJTX\r`;
    expect(parseAamva(v2)).toMatchObject({ familyName: 'DOE', givenNames: 'JANE', middleNames: 'ANN', dateOfBirth: '1990-07-04' });
  });

  it('reports a missing or impossible birth date and a foreign payload', () => {
    expect(parseAamva(US_V8.replace('DBB06061986', 'DBB13451986'))).toMatchObject({ valid: true, problems: ['birth_date_invalid'] });
    expect(parseAamva(US_V8.replace('DBB06061986\n', '')).problems).toEqual(['birth_date_missing']);
    expect(parseAamva('hello world')).toEqual({ valid: false, problems: ['header_not_found'] });
    expect(parseAamva('@\n\x1e\rANSI 636000080002')).toEqual({ valid: false, problems: ['subfile_not_found'] });
  });
});

describe('parseAamvaDate', () => {
  it('tries the expected order first and falls back on impossible dates', () => {
    expect(parseAamvaDate('02031990', false)).toBe('1990-02-03');
    expect(parseAamvaDate('19900203', false)).toBe('1990-02-03');
    expect(parseAamvaDate('19900203', true)).toBe('1990-02-03');
    expect(parseAamvaDate('02301990', false)).toBeUndefined();
    expect(parseAamvaDate('1990-02-03', false)).toBeUndefined();
  });
});
