import sharp, { type Sharp } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodePdf417 } from '../../src/document/barcode/pdf417.ts';
import { parseAamva, readDocument, warmUpDocumentReader } from '../../src/document/index.ts';
import type { Gray } from '../../src/document/image/raster.ts';
import { aamvaPayload, licenceBack, pdf417Png, withNoise, type LicenceFields } from './support/aamva-payload.ts';
import { TODAY } from './support/fixtures.ts';

const US: LicenceFields = {
  iin: '636000',
  version: 10,
  documentNumber: 'T64235789',
  familyName: 'SAMPLE',
  givenName: 'MICHAEL',
  middleName: 'JOHN',
  dateOfBirth: '2007-03-09',
  expiryDate: '2029-03-09',
  sex: 'M',
  jurisdiction: 'VA',
  country: 'USA',
};
const CA: LicenceFields = {
  ...US,
  iin: '636012',
  documentNumber: 'S1234-56789-01234',
  familyName: 'TREMBLAY',
  givenName: 'MARIE',
  middleName: 'LOUISE',
  dateOfBirth: '1991-02-28',
  sex: 'F',
  jurisdiction: 'ON',
  country: 'CAN',
};

async function gray(image: Buffer | Sharp): Promise<Gray> {
  const { data, info } = await (Buffer.isBuffer(image) ? sharp(image) : image).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

describe('PDF417 round trip through the real ZXing decoder (synthetic AAMVA payloads)', () => {
  it.each([
    ['US, MMDDCCYY', US],
    ['Canada, CCYYMMDD', CA],
  ])('%s', async (_name, fields) => {
    const payload = aamvaPayload(fields);
    const text = await decodePdf417(await gray(await pdf417Png(payload)));
    expect(text).toBe(payload);
    expect(parseAamva(text!)).toMatchObject({
      valid: true,
      documentNumber: fields.documentNumber,
      familyName: fields.familyName,
      givenNames: fields.givenName,
      middleNames: fields.middleName,
      dateOfBirth: fields.dateOfBirth,
      expiryDate: fields.expiryDate,
      sex: fields.sex,
      country: fields.country,
      jurisdiction: fields.jurisdiction,
    });
  });

  const variants: Array<[string, (png: Buffer) => Promise<Buffer | Sharp> | Sharp]> = [
    ['upside down', (png) => sharp(png).rotate(180)],
    ['sideways', (png) => sharp(png).rotate(90)],
    ['tilted 7 degrees', (png) => sharp(png).rotate(7, { background: '#ffffff' })],
    ['tilted -25 degrees and sideways', (png) => sharp(png).rotate(-115, { background: '#ffffff' })],
    ['scaled to 60%', async (png) => sharp(png).resize({ width: Math.round(((await sharp(png).metadata()).width ?? 0) * 0.6) })],
    ['scaled up 1.7x', async (png) => sharp(png).resize({ width: Math.round(((await sharp(png).metadata()).width ?? 0) * 1.7) })],
    ['noisy (±60 grey levels)', (png) => withNoise(png, 60)],
    ['JPEG quality 30', (png) => sharp(png).jpeg({ quality: 30 })],
  ];
  it.each(variants)('%s', async (_name, transform) => {
    const payload = aamvaPayload(US);
    const out = await transform(await pdf417Png(payload));
    const image = Buffer.isBuffer(out) ? out : await out.png().toBuffer();
    expect(await decodePdf417(await gray(image))).toBe(payload);
  });

  it('finds nothing in an image without a barcode', async () => {
    const plain = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    expect(await decodePdf417(await gray(plain))).toBeUndefined();
  });
});

describe('readDocument on a synthetic licence back', () => {
  beforeAll(async () => {
    await warmUpDocumentReader();
  });

  it.each([0, 12])('reads the barcode when no MRZ is present (tilt %i degrees)', async (tilt) => {
    const photo = await licenceBack(await pdf417Png(aamvaPayload(US), 2), tilt);
    const reading = await readDocument(photo, { today: TODAY });
    expect(reading).toMatchObject({
      status: 'ok',
      documentType: 'driving_licence',
      issuingCountry: 'US',
      dateOfBirth: '2007-03-09',
      documentNumber: 'T64235789',
      surname: 'SAMPLE',
      givenNames: 'MICHAEL JOHN',
      sex: 'M',
    });
    expect(reading.zones.barcode?.jurisdiction).toBe('VA');
    expect(reading.zones.mrz).toBeUndefined();
    expect(reading.timingsMs.barcode).toBeGreaterThan(0);
  });

  it('is dob_unreadable when the barcode carries no valid birth date', async () => {
    const payload = aamvaPayload(US).replace(/DBB\d{8}/, 'DBB13452007');
    const reading = await readDocument(await licenceBack(await pdf417Png(payload, 2), 0), { today: TODAY });
    expect(reading.status).toBe('dob_unreadable');
    expect(reading.reasons).toContain('birth_date_invalid');
  });
});
