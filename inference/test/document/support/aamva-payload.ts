import bwipjs from 'bwip-js';
import sharp from 'sharp';

export interface LicenceFields {
  iin: string;
  version: number;
  documentNumber: string;
  familyName: string;
  givenName: string;
  middleName: string;
  /** ISO date; written MMDDCCYY for USA and CCYYMMDD for CAN. */
  dateOfBirth: string;
  expiryDate: string;
  sex: 'M' | 'F';
  jurisdiction: string;
  country: 'USA' | 'CAN';
}

const aamvaDate = (iso: string, country: string) => (country === 'CAN' ? iso.replace(/-/g, '') : `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(0, 4)}`);

/** An AAMVA DL/ID payload with a correct header, subfile directory and offsets. */
export function aamvaPayload(f: LicenceFields): string {
  const elements = [
    `DAQ${f.documentNumber}`,
    `DCS${f.familyName}`,
    'DDEN',
    `DAC${f.givenName}`,
    'DDFN',
    `DAD${f.middleName}`,
    'DDGN',
    'DCAD',
    'DCBNONE',
    'DCDNONE',
    `DBD${aamvaDate('2020-01-15', f.country)}`,
    `DBB${aamvaDate(f.dateOfBirth, f.country)}`,
    `DBA${aamvaDate(f.expiryDate, f.country)}`,
    `DBC${f.sex === 'M' ? '1' : '2'}`,
    'DAU070 IN',
    'DAYBLU',
    'DAG1 MAIN STREET',
    'DAIANYTOWN',
    `DAJ${f.jurisdiction}`,
    'DAK123450000  ',
    `DCG${f.country}`,
  ];
  const subfile = `DL${elements.join('\n')}\r`;
  // Header: "@", LF, RS, CR, "ANSI ", IIN, version, jurisdiction version, entry count (21 bytes), then one 10-byte directory entry.
  const headerLength = 21 + 10;
  const directory = `DL${String(headerLength).padStart(4, '0')}${String(subfile.length).padStart(4, '0')}`;
  return `@\n\x1e\rANSI ${f.iin}${String(f.version).padStart(2, '0')}0001${directory}${subfile}`;
}

/** The payload as a PDF417 symbol on white, greyscale PNG (bwip-js, as a licence back prints it). */
export async function pdf417Png(text: string, scale = 3): Promise<Buffer> {
  // columns, eclevel and rowmult are BWIPP options for PDF417 that bwip-js's types do not list.
  const options: bwipjs.RenderOptions & { columns: number; eclevel: number; rowmult: number } = {
    bcid: 'pdf417',
    text,
    scale,
    columns: 9,
    eclevel: 5,
    rowmult: 3,
  };
  const png = await bwipjs.toBuffer(options);
  return sharp(png).flatten({ background: '#ffffff' }).extend({ top: 30, bottom: 30, left: 30, right: 30, background: '#ffffff' }).png().toBuffer();
}

/** Adds uniform noise of ±amplitude grey levels with a fixed seed (reproducible). */
export async function withNoise(image: Buffer, amplitude: number, seed = 7): Promise<Buffer> {
  const { data, info } = await sharp(image).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  let state = seed;
  for (let i = 0; i < data.length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    data[i] = Math.max(0, Math.min(255, data[i] + Math.round(((state / 0x7fffffff) * 2 - 1) * amplitude)));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .png()
    .toBuffer();
}

/** A licence back: a tinted card with printed text and the barcode, photographed at an angle. */
export async function licenceBack(barcode: Buffer, tiltDegrees: number): Promise<Buffer> {
  const text = `<svg width="1000" height="640"><rect width="1000" height="640" rx="30" fill="#e8eef3"/>
    <text x="60" y="80" font-family="sans-serif" font-size="34">ANYSTATE DRIVER LICENSE</text>
    <text x="60" y="590" font-family="sans-serif" font-size="22">Restrictions: NONE    Endorsements: NONE</text></svg>`;
  const symbol = await sharp(barcode).resize({ width: 880 }).png().toBuffer();
  const card = await sharp(Buffer.from(text))
    .composite([{ input: symbol, left: 60, top: 120 }])
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
  return sharp(card).rotate(tiltDegrees, { background: '#404040' }).jpeg({ quality: 85 }).toBuffer();
}
