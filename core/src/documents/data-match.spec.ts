import { describe, expect, it } from 'vitest';
import { matchExpected, type ZoneReading } from './data-match.ts';

const MRZ: ZoneReading = {
  zone: 'mrz',
  surname: 'ERIKSSON',
  givenNames: 'ANNA MARIA',
  dateOfBirth: '1974-08-12',
  documentNumber: 'L898902C3',
  nationality: 'SWE',
};

describe('matchExpected', () => {
  it('every requested field matched: passed, with a verdict per requested field only', () => {
    const r = matchExpected({ first_name: 'Anna', last_name: 'Eriksson', date_of_birth: '1974-08-12', document_number: 'l898902c3', nationality: 'se' }, [MRZ]);
    expect(r).toEqual({
      performed: true,
      passed: true,
      fields: { first_name: 'match', last_name: 'match', date_of_birth: 'match', document_number: 'match', nationality: 'match' },
    });
    expect(matchExpected({ last_name: 'Eriksson' }, [MRZ]).fields).toEqual({ last_name: 'match' });
  });

  it('dates and document numbers must be exact after normalisation', () => {
    expect(matchExpected({ date_of_birth: '1974-08-13' }, [MRZ])).toMatchObject({ passed: false, fields: { date_of_birth: 'mismatch' } });
    expect(matchExpected({ document_number: 'L898902C4' }, [MRZ]).fields.document_number).toBe('mismatch');
  });

  it('a field no zone carries is not_on_document, and fails `passed`', () => {
    const licence: ZoneReading = { zone: 'barcode', surname: 'DOE', givenNames: 'JANE', dateOfBirth: '1990-01-02', documentNumber: 'D123' };
    expect(matchExpected({ last_name: 'Doe', nationality: 'US' }, [licence])).toEqual({
      performed: true,
      passed: false,
      fields: { last_name: 'match', nationality: 'not_on_document' },
    });
  });

  it('a nationality with no alpha-2 form (UTO) is on the document: a claim of FR is a mismatch, not not_on_document', () => {
    expect(matchExpected({ nationality: 'FR' }, [{ ...MRZ, nationality: 'UTO' }]).fields.nationality).toBe('mismatch');
  });

  it('a field is a match only when every zone carrying it agrees', () => {
    const barcode: ZoneReading = { zone: 'barcode', surname: 'ERIKSEN' };
    expect(matchExpected({ last_name: 'Eriksson' }, [MRZ, barcode]).fields.last_name).toBe('mismatch');
    expect(matchExpected({ last_name: 'Eriksson' }, [MRZ, { zone: 'barcode' }]).fields.last_name).toBe('match');
  });

  it('printed text and MRZ disagreeing: the field is a mismatch whichever zone the claim equals', () => {
    const printed: ZoneReading = { zone: 'printed', dateOfBirth: '1983-08-13', documentNumber: 'L01X00T47' };
    const mrz: ZoneReading = { zone: 'mrz', dateOfBirth: '1983-08-12', documentNumber: 'L01X00T47' };
    expect(matchExpected({ date_of_birth: '1983-08-12' }, [printed, mrz]).fields.date_of_birth).toBe('mismatch');
    expect(matchExpected({ date_of_birth: '1983-08-13' }, [printed, mrz]).fields.date_of_birth).toBe('mismatch');
    expect(matchExpected({ document_number: 'L01X00T47' }, [printed, mrz])).toEqual({ performed: true, passed: true, fields: { document_number: 'match' } });
  });
});
