import { describe, expect, it } from 'vitest';
import { createImage, cropImage, resizeBilinear, resizeRegionBilinear } from './image.ts';

function noise(width: number, height: number, seed: number) {
  const img = createImage(width, height);
  let x = seed;
  for (let i = 0; i < img.data.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    img.data[i] = x >>> 24;
  }
  return img;
}

describe('resizeRegionBilinear', () => {
  it('equals cropping then resizing, for shrinking, enlarging and edge-touching regions', () => {
    const src = noise(157, 93, 7);
    const rects = [
      { left: 0, top: 0, right: 156, bottom: 92 },
      { left: 13, top: 5, right: 120, bottom: 77 },
      { left: 100, top: 40, right: 156, bottom: 92 },
      { left: 3, top: 60, right: 20, bottom: 70 },
    ];
    for (const r of rects) {
      for (const [w, h] of [
        [80, 80],
        [40, 17],
        [200, 150],
      ] as const) {
        const expected = resizeBilinear(cropImage(src, r.left, r.top, r.right, r.bottom), w, h);
        expect(resizeRegionBilinear(src, r, w, h)).toEqual(expected);
      }
    }
  });
});
