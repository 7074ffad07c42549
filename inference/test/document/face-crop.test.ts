import { beforeAll, describe, expect, it } from 'vitest';
import { cropDocumentFace, readDocument, warmUpDocumentReader, type FaceDetector } from '../../src/document/index.ts';
import { SPECIMENS, TODAY, documentFixture } from './support/fixtures.ts';
import { yunetDetector } from './support/yunet.ts';

describe('cropDocumentFace', () => {
  it('crops the largest detected face with a margin, in original-image pixels', async () => {
    const seen: Array<[number, number, number]> = [];
    const detector: FaceDetector = (rgb, width, height) => {
      seen.push([rgb.length, width, height]);
      return [
        { x: 10, y: 20, width: 30, height: 40 },
        { x: 50, y: 60, width: 100, height: 120, score: 0.9 },
      ];
    };
    const crop = await cropDocumentFace(await documentFixture('passport_td3_utopia_specimen.jpg'), detector, {
      region: { x: 40, y: 50, width: 280, height: 360 },
      margin: 0.1,
    });
    expect(seen).toEqual([[280 * 360 * 3, 280, 360]]);
    expect(crop?.box).toEqual({ x: 80, y: 98, width: 120, height: 144 });
    expect(crop?.rgb.length).toBe(120 * 144 * 3);
  });

  it('returns undefined when the detector finds no face', async () => {
    expect(await cropDocumentFace(await documentFixture('id_card_td1_deu_specimen_back.jpg'), () => [])).toBeUndefined();
  });
});

describe('the portrait area from readDocument holds the document face (YuNet as the detector)', () => {
  let detect: FaceDetector;
  beforeAll(async () => {
    await warmUpDocumentReader();
    detect = await yunetDetector();
  });

  it.each(SPECIMENS.filter((s) => s.format !== 'TD1'))('$file', async (spec) => {
    const image = await documentFixture(spec.file);
    const reading = await readDocument(image, { today: TODAY });
    expect(reading.faceBox).toBeDefined();
    const crop = await cropDocumentFace(image, detect, { region: reading.faceBox });
    expect(crop).toBeDefined();
    const zone = reading.faceBox!;
    // The face found inside the zone is a real portrait-sized face, not a speck.
    expect(crop!.box.width).toBeGreaterThan(zone.width * 0.3);
    expect(crop!.box.x).toBeGreaterThanOrEqual(zone.x);
    expect(crop!.box.y).toBeGreaterThanOrEqual(zone.y);
  });
});
