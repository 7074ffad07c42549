import type { RgbImage } from './types.ts';

/**
 * Pixel operations on interleaved RGB images, pure TypeScript. Resizing follows OpenCV
 * `INTER_LINEAR` (pixel-centre mapping, no anti-aliasing), the interpolation the upstream
 * anti-spoofing and InsightFace code use for their crops.
 */

export function createImage(width: number, height: number): RgbImage {
  return { data: new Uint8Array(width * height * 3), width, height };
}

/** Bilinear resize with OpenCV INTER_LINEAR semantics: src = (dst + 0.5) * scale - 0.5, clamped. */
export function resizeBilinear(src: RgbImage, width: number, height: number): RgbImage {
  return resizeRegionBilinear(src, { left: 0, top: 0, right: src.width - 1, bottom: src.height - 1 }, width, height);
}

/** An inclusive pixel rectangle inside an image. */
export interface PixelRect {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/**
 * resizeBilinear(cropImage(src, rect), width, height) without copying the crop: the samples are
 * read from the source in place. A liveness crop is up to the whole frame, resized to 80x80, so
 * the copy would cost more than the resize.
 */
export function resizeRegionBilinear(src: RgbImage, rect: PixelRect, width: number, height: number): RgbImage {
  const out = createImage(width, height);
  const xs = axisSamples(rect.right - rect.left + 1, width);
  const ys = axisSamples(rect.bottom - rect.top + 1, height);
  const s = src.data;
  const rowStride = src.width * 3;
  const origin = rect.left * 3;
  let o = 0;
  for (let y = 0; y < height; y++) {
    const r0 = (rect.top + ys.i0[y]) * rowStride + origin;
    const r1 = (rect.top + ys.i1[y]) * rowStride + origin;
    const wy = ys.w[y];
    for (let x = 0; x < width; x++) {
      const c0 = xs.i0[x] * 3;
      const c1 = xs.i1[x] * 3;
      const wx = xs.w[x];
      for (let c = 0; c < 3; c++) {
        const top = s[r0 + c0 + c] + (s[r0 + c1 + c] - s[r0 + c0 + c]) * wx;
        const bottom = s[r1 + c0 + c] + (s[r1 + c1 + c] - s[r1 + c0 + c]) * wx;
        out.data[o++] = Math.round(top + (bottom - top) * wy);
      }
    }
  }
  return out;
}

interface AxisSamples {
  i0: Int32Array;
  i1: Int32Array;
  w: Float32Array;
}

function axisSamples(srcLen: number, dstLen: number): AxisSamples {
  const scale = srcLen / dstLen;
  const i0 = new Int32Array(dstLen);
  const i1 = new Int32Array(dstLen);
  const w = new Float32Array(dstLen);
  for (let d = 0; d < dstLen; d++) {
    const pos = Math.min(Math.max((d + 0.5) * scale - 0.5, 0), srcLen - 1);
    const lo = Math.floor(pos);
    i0[d] = lo;
    i1[d] = Math.min(lo + 1, srcLen - 1);
    w[d] = pos - lo;
  }
  return { i0, i1, w };
}

/** Copies the inclusive rectangle [left..right] x [top..bottom] (integers, inside the image). */
export function cropImage(src: RgbImage, left: number, top: number, right: number, bottom: number): RgbImage {
  const width = right - left + 1;
  const height = bottom - top + 1;
  const out = createImage(width, height);
  for (let y = 0; y < height; y++) {
    const from = ((top + y) * src.width + left) * 3;
    out.data.set(src.data.subarray(from, from + width * 3), y * width * 3);
  }
  return out;
}

/** Luma (BT.601) as floats, one value per pixel. */
export function toGray(src: RgbImage): Float32Array {
  const n = src.width * src.height;
  const gray = new Float32Array(n);
  const d = src.data;
  for (let i = 0, p = 0; i < n; i++, p += 3) gray[i] = 0.299 * d[p] + 0.587 * d[p + 1] + 0.114 * d[p + 2];
  return gray;
}

/** Mirror image (left-right); used for test-time augmentation of the age model. */
export function flipHorizontal(src: RgbImage): RgbImage {
  const out = createImage(src.width, src.height);
  const row = src.width * 3;
  for (let y = 0; y < src.height; y++) {
    for (let x = 0; x < src.width; x++) {
      const from = y * row + x * 3;
      const to = y * row + (src.width - 1 - x) * 3;
      out.data[to] = src.data[from];
      out.data[to + 1] = src.data[from + 1];
      out.data[to + 2] = src.data[from + 2];
    }
  }
  return out;
}
