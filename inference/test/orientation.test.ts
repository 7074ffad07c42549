import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, face, startTestNode, type TestNode } from './support/test-node.ts';

// A face turned on its side or upside down: the detector still "finds" an upright face there, and
// without the orientation probe liveness passed and the embedding matched nobody (a way past the
// blacklist and Face 2FA's 1:1 match, found by an external audit). One node per file.
let t: TestNode;
beforeAll(async () => {
  t = await startTestNode({ INFERENCE_POOL_SIZE: '1' });
});
afterAll(() => t?.close());

const turned = async (file: string, angle: number) =>
  sharp(await face(file))
    .rotate(angle)
    .jpeg()
    .toBuffer();
const LIVE_FACES = ['sarah_1.jpg', 'obama_2.jpg', 'brad_2.jpg', 'nicole_1.jpg'];

describe('orientation: only upright faces are judged', () => {
  for (const file of LIVE_FACES) {
    it(`${file} turned by 90°, 180° and 270°: refused (face_rotated, or no face found), never judged`, async () => {
      for (const angle of [90, 180, 270]) {
        const image = await turned(file, angle);
        // Both calls in flight at once, each followed from the start (either may end first).
        for (const err of await Promise.all([errorOf(t.call('checkFace', { frames: [image] })), errorOf(t.call('embedFace', { image }))])) {
          if (err.code === 'FACE_NOT_FOUND') continue; // the detector saw no face at all: also a refusal
          expect(err.code, `${file} ${angle}°`).toBe('FACE_QUALITY_LOW');
          expect(err.details?.reasons, `${file} ${angle}°`).toEqual(expect.arrayContaining(['face_rotated']));
        }
      }
    });
  }

  it('upright, the same photos pass the check (and a turn of 0° changes nothing)', async () => {
    for (const file of LIVE_FACES) {
      const r = await t.call('checkFace', { frames: [await turned(file, 0)] });
      expect(r.liveness!.live, file).toBe(true);
    }
  });
});
