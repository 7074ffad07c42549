import { beforeAll, describe, expect, it } from 'vitest';
import { readDocument, warmUpDocumentReader } from '../../src/document/index.ts';
import { SPECIMENS, TODAY, documentFixture } from './support/fixtures.ts';

describe('readDocument on the specimen documents (real PP-OCRv4 models)', () => {
  beforeAll(async () => {
    await warmUpDocumentReader();
  });

  it.each(SPECIMENS)('$file: MRZ read with every check digit valid', async (spec) => {
    const reading = await readDocument(await documentFixture(spec.file), { today: TODAY });
    expect(reading.status).toBe('ok');
    expect(reading.mrzChecksValid).toBe(true);
    expect(reading.zones.mrz?.format).toBe(spec.format);
    expect(reading.zones.mrz?.lines).toEqual(spec.lines);
    expect(reading).toMatchObject({
      documentType: spec.documentType,
      documentNumber: spec.documentNumber,
      dateOfBirth: spec.dateOfBirth,
      surname: spec.surname,
      givenNames: spec.givenNames,
      issuingCountry: spec.issuingCountry,
    });
    expect(Object.values(reading.zones.mrz!.checks).every(Boolean)).toBe(true);
    for (const stage of ['decode', 'locate', 'recognise', 'parse', 'total']) expect(reading.timingsMs[stage]).toBeGreaterThanOrEqual(0);
  });

  it('locates the portrait area on data pages with a portrait, not on card backs', async () => {
    const passport = await readDocument(await documentFixture('passport_td3_utopia_specimen.jpg'), { today: TODAY });
    // The photo of the Utopia specimen spans about x 65-250, y 150-385.
    expect(passport.faceBox).toBeDefined();
    const box = passport.faceBox!;
    expect(box.x).toBeLessThan(65);
    expect(box.x + box.width).toBeGreaterThan(250);
    expect(box.y).toBeLessThan(150);
    expect(box.y + box.height).toBeGreaterThan(380);
    const back = await readDocument(await documentFixture('id_card_td1_deu_specimen_back.jpg'), { today: TODAY });
    expect(back.faceBox).toBeUndefined();
  });
});
