import { describe, expect, it } from 'vitest';
import { decodeScrfd } from './scrfd.ts';
import { decodeYunet } from './yunet.ts';
import { intersectionOverUnion, nonMaxSuppression } from './nms.ts';

const opts = { inputWidth: 64, inputHeight: 64, strides: [8, 16, 32], scoreThreshold: 0.5, nmsIou: 0.4 };

function levels(perCell: number, width: number): Float32Array[] {
  return [8, 16, 32].map((s) => new Float32Array((64 / s) ** 2 * perCell * width));
}

describe('SCRFD decoding (MANIFEST 5.1)', () => {
  it('decodes one anchor: 2 anchors per cell, distances times stride, divided by the letterbox scale', () => {
    const scores = levels(2, 1);
    const boxes = levels(2, 4);
    const kps = levels(2, 10);
    // stride 16, 4 cells per row: cell (row 1, col 2), anchor k = 1 -> a = (1*4 + 2)*2 + 1 = 13
    const a = 13;
    scores[1][a] = 0.9;
    boxes[1].set([1, 1, 1, 1], a * 4);
    kps[1].set([0, 0, 0.5, 0, 0, 0.5, -0.5, 1, 0.5, 1], a * 10);
    const [face, ...rest] = decodeScrfd({ scores, boxes, landmarks: kps }, { ...opts, scale: 0.5 });
    expect(rest).toEqual([]);
    expect(face.box).toEqual({ x1: 32, y1: 0, x2: 96, y2: 64 });
    expect(face.landmarks[0]).toEqual([64, 32]);
    expect(face.landmarks[1]).toEqual([80, 32]);
    expect(face.score).toBeCloseTo(0.9, 6);
  });

  it('drops anchors under the score threshold', () => {
    const scores = levels(2, 1);
    scores[0][0] = 0.49;
    expect(decodeScrfd({ scores, boxes: levels(2, 4), landmarks: levels(2, 10) }, { ...opts, scale: 1 })).toEqual([]);
  });
});

describe('YuNet decoding (MANIFEST 5.2)', () => {
  it('decodes score = sqrt(cls*obj), centre offsets and exp sizes in stride units', () => {
    const [cls, obj, bbox, kps] = [levels(1, 1), levels(1, 1), levels(1, 4), levels(1, 10)];
    // stride 32, 2 cells per row: index 3 -> col 1, row 1
    cls[2][3] = 0.81;
    obj[2][3] = 1;
    bbox[2].set([0.5, 0.5, Math.log(2), Math.log(1)], 3 * 4);
    kps[2].set([0, 0, 1, 0, 0.5, 0.5, 0, 1, 1, 1], 3 * 10);
    const [face] = decodeYunet({ cls, obj, bbox, kps }, { ...opts, scale: 1 });
    expect(face.score).toBeCloseTo(0.9, 6);
    const { x1, y1, x2, y2 } = face.box;
    [x1, y1, x2, y2].forEach((v, i) => expect(v).toBeCloseTo([16, 32, 80, 64][i], 4));
    expect(face.landmarks[0]).toEqual([32, 32]);
    expect(face.landmarks[4]).toEqual([64, 64]);
  });
});

describe('non-maximum suppression', () => {
  const face = (x: number, score: number) => ({ box: { x1: x, y1: 0, x2: x + 10, y2: 10 }, score, landmarks: [] });

  it('computes intersection over union', () => {
    expect(intersectionOverUnion(face(0, 1).box, face(5, 1).box)).toBeCloseTo(50 / 150, 9);
    expect(intersectionOverUnion(face(0, 1).box, face(20, 1).box)).toBe(0);
  });

  it('keeps the best box of each overlapping cluster', () => {
    const kept = nonMaxSuppression([face(0, 0.7), face(1, 0.9), face(50, 0.8)], 0.4);
    expect(kept.map((f) => f.score)).toEqual([0.9, 0.8]);
  });
});
