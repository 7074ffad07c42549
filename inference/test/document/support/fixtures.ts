import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SHARED_DIR, SHARED_MODELS_DIR } from '../../fixtures/faces.ts';

/** Shared, read-only fixtures (never copied into the repository); FIXTURES_DIR overrides. */
export const FIXTURES_DIR = process.env.FIXTURES_DIR ?? join(SHARED_DIR, 'fixtures', '/'); // callers append 'documents/…'
export const MODELS_DIR = process.env.MODELS_DIR || SHARED_MODELS_DIR;

export const TODAY = '2025-06-01';

export function documentFixture(name: string): Promise<Buffer> {
  return readFile(`${FIXTURES_DIR}documents/${name}`);
}

export interface ExpectedDocument {
  file: string;
  format: 'TD1' | 'TD2' | 'TD3';
  documentType: string;
  documentNumber: string;
  dateOfBirth: string;
  surname: string;
  givenNames: string;
  issuingCountry: string | undefined;
  lines: string[];
}

/** Ground truth typed from the specimen images (shared/models/MANIFEST.md section 10.2). */
export const SPECIMENS: ExpectedDocument[] = [
  {
    file: 'passport_td3_utopia_specimen.jpg',
    format: 'TD3',
    documentType: 'passport',
    documentNumber: 'L898902C3',
    dateOfBirth: '1974-08-12',
    surname: 'ERIKSSON',
    givenNames: 'ANNA MARIA',
    issuingCountry: undefined,
    lines: ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'],
  },
  {
    file: 'travel_doc_td2_utopia_specimen.jpg',
    format: 'TD2',
    documentType: 'id_card',
    documentNumber: 'D23145890',
    dateOfBirth: '1974-08-12',
    surname: 'ERIKSSON',
    givenNames: 'ANNA MARIA',
    issuingCountry: undefined,
    lines: ['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D231458907UTO7408122F1204159<<<<<<<6'],
  },
  // Printed date of birth 01.01.1911; from the MRZ alone the two-digit year resolves to 2011.
  {
    file: 'passport_td3_cze_specimen.jpg',
    format: 'TD3',
    documentType: 'passport',
    documentNumber: '99003853',
    dateOfBirth: '2011-01-01',
    surname: 'SPECIMEN',
    givenNames: 'VZOR',
    issuingCountry: 'CZ',
    lines: ['P<CZESPECIMEN<<VZOR<<<<<<<<<<<<<<<<<<<<<<<<<', '99003853<1CZE1101018M1207046110101111<<<<<94'],
  },
  {
    file: 'passport_td3_can_specimen.jpg',
    format: 'TD3',
    documentType: 'passport',
    documentNumber: 'ZE000509',
    dateOfBirth: '1985-01-01',
    surname: 'MARTIN',
    givenNames: 'SARAH',
    issuingCountry: 'CA',
    lines: ['P<CANMARTIN<<SARAH<<<<<<<<<<<<<<<<<<<<<<<<<<', 'ZE000509<9CAN8501019F2301147<<<<<<<<<<<<<<08'],
  },
  {
    file: 'id_card_td1_deu_specimen_back.jpg',
    format: 'TD1',
    documentType: 'id_card',
    documentNumber: 'T22000129',
    dateOfBirth: '1964-08-12',
    surname: 'MUSTERMANN',
    givenNames: 'ERIKA',
    issuingCountry: 'DE',
    lines: ['IDD<<T220001293<<<<<<<<<<<<<<<', '6408125<2010315D<<<<<<<<<<<<<4', 'MUSTERMANN<<ERIKA<<<<<<<<<<<<<'],
  },
  {
    file: 'us_ead_td1_pdf417_specimen_back.jpg',
    format: 'TD1',
    documentType: 'id_card',
    documentNumber: '000000003',
    dateOfBirth: '1958-08-17',
    surname: 'SPECIMEN',
    givenNames: 'TEST VOID',
    issuingCountry: 'US',
    lines: ['IAUSA0000000033LIN1044750079<<', '5808175F1004027COD<<<<<<<<<<<7', 'SPECIMEN<<TEST<VOID<<<<<<<<<<<'],
  },
];
