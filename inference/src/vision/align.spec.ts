import { describe, expect, it } from 'vitest';
import { alignFace112, ARCFACE_TEMPLATE_112, estimateSimilarity, invertAffine, warpAffine } from './align.ts';
import type { Point, RgbImage } from './types.ts';

const apply = (m: readonly number[], [x, y]: Point): Point => [m[0] * x + m[1] * y + m[2], m[3] * x + m[4] * y + m[5]];

describe('5-point similarity alignment', () => {
  it('recovers a known rotation + scale + translation exactly', () => {
    const angle = 0.3;
    const scale = 1.7;
    const truth = [scale * Math.cos(angle), -scale * Math.sin(angle), 12, scale * Math.sin(angle), scale * Math.cos(angle), -5];
    const src: Point[] = [
      [10, 20],
      [50, 22],
      [30, 40],
      [15, 60],
      [45, 61],
    ];
    const m = estimateSimilarity(
      src,
      src.map((p) => apply(truth, p)),
    );
    m.forEach((v, i) => expect(v).toBeCloseTo(truth[i], 9));
  });

  it('maps the template onto itself with the identity', () => {
    const m = estimateSimilarity(ARCFACE_TEMPLATE_112, ARCFACE_TEMPLATE_112);
    [1, 0, 0, 0, 1, 0].forEach((v, i) => expect(m[i]).toBeCloseTo(v, 9));
  });

  it('never reflects: mirrored points give a rotation, not a flip', () => {
    const src: Point[] = ARCFACE_TEMPLATE_112.map(([x, y]) => [112 - x, y]);
    const [a, b, , d, e] = estimateSimilarity(src, ARCFACE_TEMPLATE_112);
    expect(a * e - b * d).toBeGreaterThan(0);
  });

  it('inverts an affine transform', () => {
    const m = [2, 0.5, 3, -0.5, 2, 7] as const;
    const p = apply(invertAffine(m), apply(m, [4, 9]));
    expect(p[0]).toBeCloseTo(4, 9);
    expect(p[1]).toBeCloseTo(9, 9);
  });

  it('warps with the identity as a copy and fills outside pixels with black', () => {
    const img: RgbImage = { width: 4, height: 4, data: Uint8Array.from({ length: 48 }, (_, i) => i) };
    expect(warpAffine(img, [1, 0, 0, 0, 1, 0], 4, 4).data).toEqual(img.data);
    const shifted = warpAffine(img, [1, 0, 10, 0, 1, 0], 4, 4);
    expect(Array.from(shifted.data).every((v) => v === 0)).toBe(true);
  });

  it('produces a 112x112 crop', () => {
    const img: RgbImage = { width: 200, height: 200, data: new Uint8Array(200 * 200 * 3).fill(90) };
    const lm: Point[] = ARCFACE_TEMPLATE_112.map(([x, y]) => [x + 40, y + 40]);
    const crop = alignFace112(img, lm);
    expect([crop.width, crop.height]).toEqual([112, 112]);
    expect(crop.data[(56 * 112 + 56) * 3]).toBe(90);
  });
});
