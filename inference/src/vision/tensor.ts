import type { RgbImage, TensorSpec } from './types.ts';

/**
 * Builds float32 NCHW tensors (batch 1) from RGB pixels: t[c*H*W + y*W + x] = (px[ch(c)] - mean) / std,
 * where ch(c) follows the model's channel order (MANIFEST section 4).
 */

function perChannel(v: number | readonly number[], c: number): number {
  return typeof v === 'number' ? v : v[c];
}

/**
 * `img` pasted at the top-left of a black canvas, as a new tensor or written over all of `into`
 * (length 3*canvasW*canvasH: a reused buffer, every element is overwritten).
 */
export function toNchw(img: RgbImage, spec: TensorSpec, canvasWidth = img.width, canvasHeight = img.height, into?: Float32Array): Float32Array {
  const plane = canvasWidth * canvasHeight;
  if (into && into.length !== 3 * plane) throw new RangeError(`toNchw: the buffer holds ${into.length} values, the tensor ${3 * plane}`);
  const out = into ?? new Float32Array(3 * plane);
  for (let c = 0; c < 3; c++) {
    const mean = perChannel(spec.mean, c);
    const inv = 1 / perChannel(spec.std, c);
    const src = spec.channelOrder === 'rgb' ? c : 2 - c;
    const base = c * plane;
    // Letterbox padding is black pixels (value 0), normalised like any other pixel.
    if (canvasWidth !== img.width || canvasHeight !== img.height) out.fill((0 - mean) * inv, base, base + plane);
    for (let y = 0; y < img.height; y++) {
      let p = y * img.width * 3 + src;
      let o = base + y * canvasWidth;
      for (let x = 0; x < img.width; x++, p += 3) out[o++] = (img.data[p] - mean) * inv;
    }
  }
  return out;
}

/** Concatenates batch-1 tensors of the same shape into one batch tensor. */
export function stackBatch(tensors: readonly Float32Array[]): Float32Array {
  const size = tensors[0]?.length ?? 0;
  const out = new Float32Array(size * tensors.length);
  tensors.forEach((t, i) => out.set(t, i * size));
  return out;
}

/**
 * Letterbox geometry (MANIFEST 5.1): scale = min(W/w, H/h), resize to round(w*scale) x
 * round(h*scale) and paste at the top-left. Detections are mapped back by dividing by `scale`.
 */
export function letterboxSize(srcWidth: number, srcHeight: number, dstWidth: number, dstHeight: number): { scale: number; width: number; height: number } {
  const scale = Math.min(dstWidth / srcWidth, dstHeight / srcHeight);
  return {
    scale,
    width: Math.max(1, Math.min(dstWidth, Math.round(srcWidth * scale))),
    height: Math.max(1, Math.min(dstHeight, Math.round(srcHeight * scale))),
  };
}
