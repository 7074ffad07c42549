import { resizeRegionBilinear, type PixelRect } from './image.ts';
import type { Box, RgbImage } from './types.ts';

/** Inclusive integer rectangle. */
export type CropRect = PixelRect;

/**
 * The anti-spoofing crop of upstream Silent-Face-Anti-Spoofing `CropImage._get_new_box`
 * (MANIFEST 8): the face box (w = x2-x1+1, h = y2-y1+1) grown by `scale` around its centre,
 * capped to fit, shifted back inside the image and truncated to integers.
 */
export function livenessCropRect(box: Box, imageWidth: number, imageHeight: number, scale: number): CropRect {
  const w = box.x2 - box.x1 + 1;
  const h = box.y2 - box.y1 + 1;
  const s = Math.min((imageHeight - 1) / h, (imageWidth - 1) / w, scale);
  const cx = box.x1 + w / 2;
  const cy = box.y1 + h / 2;
  let [l, t, r, b] = [cx - (w * s) / 2, cy - (h * s) / 2, cx + (w * s) / 2, cy + (h * s) / 2];
  if (l < 0) [r, l] = [r - l, 0];
  if (t < 0) [b, t] = [b - t, 0];
  if (r > imageWidth - 1) [l, r] = [l - (r - imageWidth + 1), imageWidth - 1];
  if (b > imageHeight - 1) [t, b] = [t - (b - imageHeight + 1), imageHeight - 1];
  const clampX = (v: number): number => Math.min(imageWidth - 1, Math.max(0, Math.trunc(v)));
  const clampY = (v: number): number => Math.min(imageHeight - 1, Math.max(0, Math.trunc(v)));
  return { left: clampX(l), top: clampY(t), right: clampX(r), bottom: clampY(b) };
}

/** Crop + bilinear resize to the model's square input (80x80 for MiniFASNet). */
export function livenessCrop(img: RgbImage, box: Box, scale: number, size: number): RgbImage {
  const r = livenessCropRect(box, img.width, img.height, scale);
  return resizeRegionBilinear(img, r, size, size);
}

export function softmax(logits: ArrayLike<number>): number[] {
  const max = Math.max(...Array.from(logits));
  const exps = Array.from(logits, (v) => Math.exp(v - max));
  const sum = exps.reduce((s, v) => s + v, 0);
  return exps.map((v) => v / sum);
}

/**
 * Upstream decision (test.py): average the softmax of every model; the face is real when the
 * real class wins. The real score is the averaged probability of the real class (= p[1]/2 for
 * two models). A score above 0.5 always means the real class won, so `threshold >= 0.5` keeps
 * both rules.
 */
export function combineLiveness(logitsPerModel: readonly ArrayLike<number>[], realClass: number): number {
  let sum = 0;
  for (const logits of logitsPerModel) sum += softmax(logits)[realClass];
  return sum / logitsPerModel.length;
}

export interface BurstLiveness {
  readonly score: number;
  readonly live: boolean;
}

/**
 * A burst is live when the MEDIAN frame score clears the threshold and no frame is a confident
 * spoof: one good frame among replayed ones must not carry the burst, and one blurred frame
 * must not sink a genuine capture.
 */
export function burstLiveness(frameScores: readonly number[], threshold: number, spoofFloor: number): BurstLiveness {
  if (frameScores.length === 0) return { score: 0, live: false };
  const sorted = [...frameScores].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const score = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { score, live: score >= threshold && sorted[0] >= spoofFloor };
}
