import { createImage } from './image.ts';
import type { Point, RgbImage } from './types.ts';

/** 2x3 affine matrix [[a, b, c], [d, e, f]] mapping source (x, y) to destination. */
export type Affine = readonly [number, number, number, number, number, number];

/** InsightFace `arcface_dst`: where the 5 landmarks land in a 112x112 aligned crop (MANIFEST 4). */
export const ARCFACE_TEMPLATE_112: readonly Point[] = [
  [38.2946, 51.6963],
  [73.5318, 51.5014],
  [56.0252, 71.7366],
  [41.5493, 92.3655],
  [70.7299, 92.2041],
];

/**
 * Least-squares similarity transform (rotation + uniform scale + translation, no reflection)
 * from `src` to `dst`: the closed form of Umeyama / skimage SimilarityTransform used by InsightFace.
 */
export function estimateSimilarity(src: readonly Point[], dst: readonly Point[]): Affine {
  const n = src.length;
  const mean = (pts: readonly Point[], i: 0 | 1): number => pts.reduce((s, p) => s + p[i], 0) / n;
  const [msx, msy, mdx, mdy] = [mean(src, 0), mean(src, 1), mean(dst, 0), mean(dst, 1)];
  let num = 0;
  let cross = 0;
  let norm = 0;
  for (let i = 0; i < n; i++) {
    const sx = src[i][0] - msx;
    const sy = src[i][1] - msy;
    const dx = dst[i][0] - mdx;
    const dy = dst[i][1] - mdy;
    num += sx * dx + sy * dy;
    cross += sx * dy - sy * dx;
    norm += sx * sx + sy * sy;
  }
  const a = num / norm;
  const b = cross / norm;
  return [a, -b, mdx - (a * msx - b * msy), b, a, mdy - (b * msx + a * msy)];
}

export function invertAffine(m: Affine): Affine {
  const [a, b, c, d, e, f] = m;
  const det = a * e - b * d;
  return [e / det, -b / det, (b * f - c * e) / det, -d / det, a / det, (c * d - a * f) / det];
}

/**
 * cv2.warpAffine semantics: each output pixel (u, v) samples the source at M^-1 (u, v) with
 * bilinear interpolation; neighbours outside the image count as black.
 */
export function warpAffine(src: RgbImage, m: Affine, width: number, height: number): RgbImage {
  const out = createImage(width, height);
  const [a, b, c, d, e, f] = invertAffine(m);
  const { data, width: sw, height: sh } = src;
  let o = 0;
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++, o += 3) {
      const x = a * u + b * v + c;
      const y = d * u + e * v + f;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      if (x0 < -1 || y0 < -1 || x0 >= sw || y0 >= sh) continue;
      const wx = x - x0;
      const wy = y - y0;
      const w00 = (1 - wx) * (1 - wy);
      const w10 = wx * (1 - wy);
      const w01 = (1 - wx) * wy;
      const w11 = wx * wy;
      const in0 = y0 >= 0;
      const in1 = y0 + 1 < sh;
      const p00 = in0 && x0 >= 0 ? (y0 * sw + x0) * 3 : -1;
      const p10 = in0 && x0 + 1 < sw ? (y0 * sw + x0 + 1) * 3 : -1;
      const p01 = in1 && x0 >= 0 ? ((y0 + 1) * sw + x0) * 3 : -1;
      const p11 = in1 && x0 + 1 < sw ? ((y0 + 1) * sw + x0 + 1) * 3 : -1;
      for (let ch = 0; ch < 3; ch++) {
        const s =
          (p00 >= 0 ? data[p00 + ch] * w00 : 0) +
          (p10 >= 0 ? data[p10 + ch] * w10 : 0) +
          (p01 >= 0 ? data[p01 + ch] * w01 : 0) +
          (p11 >= 0 ? data[p11 + ch] * w11 : 0);
        out.data[o + ch] = Math.round(s);
      }
    }
  }
  return out;
}

/** The 112x112 ArcFace crop for a face's 5 landmarks (used by recognition and by the age model). */
export function alignFace112(src: RgbImage, landmarks: readonly Point[]): RgbImage {
  return warpAffine(src, estimateSimilarity(landmarks, ARCFACE_TEMPLATE_112), 112, 112);
}
