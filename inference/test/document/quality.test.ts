import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { readDocument, warmUpDocumentReader } from '../../src/document/index.ts';
import { FIXTURES_DIR, TODAY, documentFixture } from './support/fixtures.ts';

const UTOPIA = 'passport_td3_utopia_specimen.jpg';
const NOT_OK = ['document_unreadable', 'dob_unreadable'];

async function cropped(file: string, keep: { width?: number; height?: number }): Promise<Buffer> {
  const source = await documentFixture(file);
  const { width = 0, height = 0 } = await sharp(source).metadata();
  return sharp(source)
    .extract({ left: 0, top: 0, width: Math.round(width * (keep.width ?? 1)), height: Math.round(height * (keep.height ?? 1)) })
    .jpeg()
    .toBuffer();
}

describe('readDocument outcomes for bad captures (SPEC 1: blurred or cropped gives document_unreadable or dob_unreadable)', () => {
  beforeAll(async () => {
    await warmUpDocumentReader();
  });

  it('a strongly blurred passport is document_unreadable for blur', async () => {
    const blurred = await sharp(await documentFixture(UTOPIA))
      .blur(4)
      .jpeg()
      .toBuffer();
    const reading = await readDocument(blurred, { today: TODAY });
    expect(reading.status).toBe('document_unreadable');
    expect(reading.reasons).toContain('image_blurred');
    expect(reading.dateOfBirth).toBeUndefined();
  });

  it('a passport cropped through the MRZ (bottom line cut off) is not read', async () => {
    const reading = await readDocument(await cropped(UTOPIA, { height: 0.84 }), { today: TODAY });
    expect(NOT_OK).toContain(reading.status);
    expect(reading.dateOfBirth).toBeUndefined();
  });

  it('a passport cropped on the right (MRZ lines cut short) is not trusted', async () => {
    const reading = await readDocument(await cropped(UTOPIA, { width: 0.8 }), { today: TODAY });
    expect(NOT_OK).toContain(reading.status);
    expect(reading.dateOfBirth).toBeUndefined();
  });

  it('a card back cropped below its first MRZ line is not read', async () => {
    const reading = await readDocument(await cropped('id_card_td1_deu_specimen_back.jpg', { height: 0.78 }), { today: TODAY });
    expect(NOT_OK).toContain(reading.status);
  });

  it('a thumbnail is document_unreadable as too small, without running the models', async () => {
    const thumb = await sharp(await documentFixture(UTOPIA))
      .resize(150)
      .jpeg()
      .toBuffer();
    const reading = await readDocument(thumb, { today: TODAY });
    expect(reading).toMatchObject({ status: 'document_unreadable', reasons: ['image_too_small'] });
    expect(reading.timingsMs.locate).toBeUndefined();
  });

  it('a blank page or a photo without a document is document_unreadable', async () => {
    const blank = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#f4f1ea' } })
      .jpeg()
      .toBuffer();
    expect((await readDocument(blank, { today: TODAY })).status).toBe('document_unreadable');
    const face = await readFile(`${FIXTURES_DIR}faces/obama_1.jpg`);
    const reading = await readDocument(face, { today: TODAY });
    expect(reading.status).toBe('document_unreadable');
    expect(reading.reasons).toEqual(expect.arrayContaining(['mrz_not_found', 'barcode_not_found']));
  });

  it('still reads a passport photographed upside down, sideways, tilted or dim', async () => {
    const source = await documentFixture(UTOPIA);
    const variants = [
      sharp(source).rotate(180),
      sharp(source).rotate(90),
      sharp(source).rotate(270),
      sharp(source).rotate(-8, { background: '#ffffff' }),
      sharp(source).linear(0.4, 0),
      sharp(source).blur(1.5),
    ];
    for (const variant of variants) {
      const reading = await readDocument(await variant.jpeg({ quality: 70 }).toBuffer(), { today: TODAY });
      expect(reading.status).toBe('ok');
      expect(reading.dateOfBirth).toBe('1974-08-12');
    }
  });
});
