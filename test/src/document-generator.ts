import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SHARED_DIR } from '@idgate/inference/testing';
import bwipjs from 'bwip-js';
import sharp from 'sharp';

/** Shared, read-only fixtures (never copied into the repository); FIXTURES_DIR or SHARED_DIR overrides. */
export const FIXTURES_DIR = process.env.FIXTURES_DIR ?? join(SHARED_DIR, 'fixtures', '/'); // callers append 'documents/…'

/** What a generated document says about its holder. Names are as printed (accents allowed). */
export interface TestHolder {
  surname: string;
  givenNames: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  sex: 'M' | 'F';
  /** ISO alpha-3, as in an MRZ. */
  nationality: string;
  documentNumber: string;
  /** YYYY-MM-DD */
  expiryDate: string;
  /** A file of shared/fixtures/faces used as the document portrait. */
  portrait: string;
}

export const DEFAULT_HOLDER: TestHolder = {
  surname: 'Obama',
  givenNames: 'Barack Hussein',
  dateOfBirth: '1961-08-04',
  sex: 'M',
  nationality: 'USA',
  documentNumber: 'X12345678',
  expiryDate: '2031-03-14',
  portrait: 'obama_1.jpg',
};

const WEIGHTS = [7, 3, 1];
const charValue = (c: string) => (c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55);

/** ICAO 9303 check digit (weights 7-3-1). */
export function mrzCheckDigit(field: string): string {
  let sum = 0;
  for (let i = 0; i < field.length; i++) sum += charValue(field[i]) * WEIGHTS[i % 3];
  return String(sum % 10);
}

/** A name as the MRZ writes it: accents dropped, upper case, anything else a filler. */
export function mrzName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z]+/g, '<')
    .replace(/^<|<$/g, '');
}

const pad = (s: string, n: number) => (s + '<'.repeat(n)).slice(0, n);
const yymmdd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
const withCheck = (field: string) => field + mrzCheckDigit(field);

/** The two 44-character lines of a TD3 (passport) MRZ with every check digit valid. */
export function td3Mrz(h: TestHolder, issuing = h.nationality): [string, string] {
  const line1 = pad(`P<${issuing}${mrzName(h.surname)}<<${mrzName(h.givenNames)}`, 44);
  const body =
    withCheck(pad(h.documentNumber, 9)) +
    pad(h.nationality, 3) +
    withCheck(yymmdd(h.dateOfBirth)) +
    h.sex +
    withCheck(yymmdd(h.expiryDate)) +
    withCheck(pad('', 14));
  const composite = body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43);
  return [line1, body + mrzCheckDigit(composite)];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const printedDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** A head-and-shoulders crop of a fixture photo, sized for the portrait box. */
async function portraitOf(file: string, width: number, height: number): Promise<Buffer> {
  const photo = await readFile(`${FIXTURES_DIR}faces/${file}`);
  return sharp(photo).rotate().resize({ width, height, fit: 'cover', position: 'attention' }).jpeg({ quality: 90 }).toBuffer();
}

const W = 1250;
/** DejaVu Sans Mono advances 0.602 em: 44 characters at 42 px span 1112 px of the 1250 px page. */
const MRZ_FONT_PX = 42;
const H = 880;

function passportText(h: TestHolder, mrz: [string, string]): string {
  const field = (label: string, value: string, x: number, y: number) =>
    `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="18" fill="#445">${esc(label)}</text>` +
    `<text x="${x}" y="${y + 30}" font-family="DejaVu Sans" font-size="28" fill="#111">${esc(value)}</text>`;
  const mrzLine = (text: string, y: number) =>
    `<text x="60" y="${y}" font-family="DejaVu Sans Mono" font-size="${MRZ_FONT_PX}" fill="#000">${esc(text)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <rect width="${W}" height="${H}" fill="#eef1ea"/>
    <text x="40" y="55" font-family="DejaVu Sans" font-size="30" font-weight="bold" fill="#223">PASSPORT / PASSEPORT</text>
    ${field('Surname / Nom', h.surname.toUpperCase(), 420, 110)}
    ${field('Given names / Prénoms', h.givenNames.toUpperCase(), 420, 190)}
    ${field('Nationality', h.nationality, 420, 270)}
    ${field('Date of birth', printedDate(h.dateOfBirth), 420, 350)}
    ${field('Sex', h.sex, 760, 350)}
    ${field('Date of expiry', printedDate(h.expiryDate), 420, 430)}
    ${field('Passport No.', h.documentNumber, 760, 430)}
    <rect x="0" y="640" width="${W}" height="240" fill="#ffffff"/>
    ${mrzLine(mrz[0], 730)}
    ${mrzLine(mrz[1], 820)}
  </svg>`;
}

/**
 * A TD3 passport data page as a JPEG: the fixture face as the portrait, printed fields and a
 * valid MRZ set in a monospace font (DejaVu Sans Mono, the OCR-B-like face this machine has).
 * The real document reader and face models read it; nothing is short-circuited.
 */
export async function passportImage(h: TestHolder = DEFAULT_HOLDER, opts: { issuing?: string } = {}): Promise<Buffer> {
  const mrz = td3Mrz(h, opts.issuing);
  const portrait = await portraitOf(h.portrait, 330, 430);
  return sharp(Buffer.from(passportText(h, mrz)))
    .composite([{ input: portrait, left: 45, top: 90 }])
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const aamvaDate = (iso: string) => `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(0, 4)}`;

/** An AAMVA (version 10, US) DL payload with a correct header and subfile directory. */
export function aamvaPayload(h: TestHolder, jurisdiction = 'NY'): string {
  const [given, ...middle] = h.givenNames.toUpperCase().split(/\s+/);
  const elements = [
    `DAQ${h.documentNumber}`,
    `DCS${h.surname.toUpperCase()}`,
    'DDEN',
    `DAC${given}`,
    'DDFN',
    `DAD${middle.join(' ') || 'NONE'}`,
    'DDGN',
    'DCAD',
    'DCBNONE',
    'DCDNONE',
    `DBD${aamvaDate('2022-01-15')}`,
    `DBB${aamvaDate(h.dateOfBirth)}`,
    `DBA${aamvaDate(h.expiryDate)}`,
    `DBC${h.sex === 'M' ? '1' : '2'}`,
    'DAU070 IN',
    'DAYBRO',
    'DAG1 MAIN STREET',
    'DAIANYTOWN',
    `DAJ${jurisdiction}`,
    'DAK123450000  ',
    'DCGUSA',
  ];
  const subfile = `DL${elements.join('\n')}\r`;
  const directory = `DL${String(31).padStart(4, '0')}${String(subfile.length).padStart(4, '0')}`;
  return `@\n\x1e\rANSI 636001100001${directory}${subfile}`;
}

/**
 * A US driving licence as one image: the portrait and printed fields above the PDF417 barcode
 * (bwip-js) that carries the AAMVA data; there is no MRZ.
 */
export async function licenceImage(h: TestHolder = DEFAULT_HOLDER): Promise<Buffer> {
  const options: bwipjs.RenderOptions & { columns: number; eclevel: number; rowmult: number } = {
    bcid: 'pdf417',
    text: aamvaPayload(h),
    scale: 3,
    columns: 9,
    eclevel: 5,
    rowmult: 3,
  };
  const symbol = await sharp(await bwipjs.toBuffer(options))
    .flatten({ background: '#ffffff' })
    .resize({ width: 1100 })
    .png()
    .toBuffer();
  const { height: symbolHeight = 300 } = await sharp(symbol).metadata();
  const height = 560 + symbolHeight + 40;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${height}"><rect width="${W}" height="${height}" fill="#f3f0e6"/>
    <text x="40" y="60" font-family="DejaVu Sans" font-size="34" font-weight="bold">NEW YORK STATE · DRIVER LICENSE</text>
    <text x="420" y="150" font-family="DejaVu Sans" font-size="30">${esc(h.surname.toUpperCase())}</text>
    <text x="420" y="200" font-family="DejaVu Sans" font-size="30">${esc(h.givenNames.toUpperCase())}</text>
    <text x="420" y="260" font-family="DejaVu Sans" font-size="26">DOB ${esc(aamvaDate(h.dateOfBirth))}   EXP ${esc(aamvaDate(h.expiryDate))}</text>
    <text x="420" y="310" font-family="DejaVu Sans" font-size="26">ID ${esc(h.documentNumber)}</text></svg>`;
  const portrait = await portraitOf(h.portrait, 320, 420);
  return sharp(Buffer.from(svg))
    .composite([
      { input: portrait, left: 45, top: 100 },
      { input: symbol, left: 75, top: 560 },
    ])
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The same document out of focus (a user's shaky capture): the reader must refuse it. */
export async function blurredImage(image: Buffer, sigma = 14): Promise<Buffer> {
  return sharp(image).blur(sigma).jpeg({ quality: 85 }).toBuffer();
}

/** A fixture face photo (the selfie of the liveness step). */
export function facePhoto(file: string): Promise<Buffer> {
  return readFile(`${FIXTURES_DIR}faces/${file}`);
}
