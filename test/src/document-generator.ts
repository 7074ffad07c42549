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

/** The holder's AAMVA data as a PDF417 symbol (bwip-js), 1,100 px wide PNG on white. */
async function aamvaBarcode(h: TestHolder): Promise<Buffer> {
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
  return symbol;
}

/**
 * A US driving licence as one image: the portrait and printed fields above the PDF417 barcode
 * (bwip-js) that carries the AAMVA data; there is no MRZ.
 */
export async function licenceImage(h: TestHolder = DEFAULT_HOLDER): Promise<Buffer> {
  const symbol = await aamvaBarcode(h);
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

/**
 * The three 30-character lines of a TD1 (ID card) MRZ with every check digit valid (ICAO 9303-5):
 * the document number on line 1, the dates and nationality on line 2, the name on line 3.
 */
export function td1Mrz(h: TestHolder, opts: { documentCode?: string; issuing?: string } = {}): [string, string, string] {
  const line1 = pad(`${pad(opts.documentCode ?? 'ID', 2)}${opts.issuing ?? h.nationality}${withCheck(pad(h.documentNumber, 9))}`, 30);
  const line2Head = withCheck(yymmdd(h.dateOfBirth)) + h.sex + withCheck(yymmdd(h.expiryDate)) + pad(h.nationality, 3) + pad('', 11);
  const composite = line1.slice(5, 30) + line2Head.slice(0, 7) + line2Head.slice(8, 15) + line2Head.slice(18, 29);
  const line3 = pad(`${mrzName(h.surname)}<<${mrzName(h.givenNames)}`, 30);
  return [line1, line2Head + mrzCheckDigit(composite), line3];
}

/** ID-1 card (85.6 × 54 mm) at about 12 px/mm. */
const CARD_W = 1012;
const CARD_H = 638;

/** What the printed front says where it differs from the machine zone on the back (tampering, a mismatched pair). */
export interface PrintedOverride {
  dateOfBirth?: string;
  documentNumber?: string;
}

function cardField(label: string, value: string, x: number, y: number): string {
  return (
    `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="17" fill="#4a5560">${esc(label)}</text>` +
    `<text x="${x}" y="${y + 31}" font-family="DejaVu Sans" font-size="28" font-weight="bold" fill="#101418">${esc(value)}</text>`
  );
}

async function cardFront(svgBody: string, background: string, portrait: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_W}" height="${CARD_H}">
    <rect width="${CARD_W}" height="${CARD_H}" rx="36" fill="${background}"/>${svgBody}</svg>`;
  const face = await portraitOf(portrait, 270, 350);
  return sharp(Buffer.from(svg))
    .composite([{ input: face, left: 40, top: 150 }])
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * The FRONT of a synthetic ID card (TD1 layout, bilingual labels as on European cards): the fixture
 * face as the portrait on the left, labelled printed fields on the right; no MRZ (it is on the back).
 */
export async function idCardFront(h: TestHolder = DEFAULT_HOLDER, printed: PrintedOverride = {}): Promise<Buffer> {
  const dob = printed.dateOfBirth ?? h.dateOfBirth;
  const body = `
    <text x="40" y="70" font-family="DejaVu Sans" font-size="30" font-weight="bold" fill="#1c3a5c">IDENTITY CARD / CARTE D'IDENTITÉ</text>
    <text x="40" y="108" font-family="DejaVu Sans" font-size="20" fill="#1c3a5c">${esc(h.nationality)}</text>
    <text x="${CARD_W - 300}" y="108" font-family="DejaVu Sans" font-size="22" fill="#7a1c1c">${esc(printed.documentNumber ?? h.documentNumber)}</text>
    ${cardField('Surname / Nom', h.surname.toUpperCase(), 350, 170)}
    ${cardField('Given names / Prénoms', h.givenNames.toUpperCase(), 350, 250)}
    ${cardField('Date of birth / Date de naissance', printedDate(dob), 350, 330)}
    ${cardField('Sex / Sexe', h.sex, 800, 330)}
    ${cardField('Nationality / Nationalité', h.nationality, 350, 410)}
    ${cardField('Date of expiry / Date d’expiration', printedDate(h.expiryDate), 350, 490)}
    ${cardField('Document No. / No. du document', printed.documentNumber ?? h.documentNumber, 350, 570)}`;
  return cardFront(body, '#e4eef2', h.portrait);
}

/** The BACK of the same ID card: address lines and the TD1 MRZ (DejaVu Sans Mono, OCR-B-like) at the bottom. */
export async function idCardBack(h: TestHolder = DEFAULT_HOLDER): Promise<Buffer> {
  const mrz = td1Mrz(h);
  const line = (text: string, y: number) => `<text x="48" y="${y}" font-family="DejaVu Sans Mono" font-size="50" fill="#000">${esc(text)}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_W}" height="${CARD_H}">
    <rect width="${CARD_W}" height="${CARD_H}" rx="36" fill="#e9eef0"/>
    ${cardField('Address / Adresse', '1 MAIN STREET, ANYTOWN', 40, 60)}
    ${cardField('Height / Taille', '180 cm', 40, 140)}
    <rect x="0" y="380" width="${CARD_W}" height="258" fill="#ffffff"/>
    ${line(mrz[0], 450)}${line(mrz[1], 520)}${line(mrz[2], 590)}</svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
}

/** The FRONT of a synthetic US licence: portrait and labelled printed fields (AAMVA field numbers), no barcode. */
export async function licenceFront(h: TestHolder = DEFAULT_HOLDER, printed: PrintedOverride = {}): Promise<Buffer> {
  const body = `
    <text x="40" y="70" font-family="DejaVu Sans" font-size="32" font-weight="bold" fill="#1b2f6b">NEW YORK STATE · DRIVER LICENSE</text>
    ${cardField('4d DLN', printed.documentNumber ?? h.documentNumber, 350, 140)}
    ${cardField('1 LN', h.surname.toUpperCase(), 350, 220)}
    ${cardField('2 FN', h.givenNames.toUpperCase(), 350, 300)}
    ${cardField('3 DOB', aamvaDate(printed.dateOfBirth ?? h.dateOfBirth), 350, 380)}
    ${cardField('4b EXP', aamvaDate(h.expiryDate), 650, 380)}
    ${cardField('15 SEX', h.sex, 350, 460)}
    ${cardField('8', '1 MAIN STREET, ANYTOWN NY', 350, 540)}`;
  return cardFront(body, '#f1ecdf', h.portrait);
}

/** The BACK of the same licence: the AAMVA PDF417 barcode (bwip-js) filling most of the card. */
export async function licenceBack(h: TestHolder = DEFAULT_HOLDER): Promise<Buffer> {
  const symbol = await aamvaBarcode(h);
  const { height: symbolHeight = 300 } = await sharp(symbol).metadata();
  const height = symbolHeight + 160;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${height}"><rect width="${W}" height="${height}" fill="#f1ecdf"/>
    <text x="40" y="60" font-family="DejaVu Sans" font-size="22">This card is the property of the issuing state.</text></svg>`;
  return sharp(Buffer.from(svg))
    .composite([{ input: symbol, left: 75, top: 100 }])
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 92 })
    .toBuffer();
}
