import { createImage, flipHorizontal } from './image.ts';
import type { Box, FaceDetection, RgbImage } from './types.ts';

/**
 * How an age model wants the face cut out of the frame:
 * - `aligned-112`: the ArcFace 112x112 alignment on the five landmarks (the recognizer's input);
 * - `box`: the detector's box grown by `margin` of its width on the left and right and of its
 *   height on the top and bottom, stretched (no letterbox) to the model's square input. Models
 *   trained on detector crops (faceres-deep: MTCNN boxes) see their training framing this way.
 */
export type AgeCrop = { readonly kind: 'aligned-112' } | { readonly kind: 'box'; readonly margin: number };

/** What an age model's manifest entry says about its input, as far as cutting the face goes. */
export interface AgeInputSpec {
  readonly crop?: AgeCrop;
  /** Whether the mirror image is a second view (default true). */
  readonly mirror?: boolean;
  readonly input: { readonly size: number };
}

/**
 * The images an age model sees of one face: its crop (ArcFace alignment or grown box) and, unless
 * the entry says `mirror: false`, the crop's mirror image. The inference worker and the widget
 * both call this, so they feed the model the same views.
 */
export function ageViewCrops(spec: AgeInputSpec, frame: { readonly image: RgbImage; readonly subject: FaceDetection; readonly aligned: RgbImage }): RgbImage[] {
  const crop = spec.crop?.kind === 'box' ? ageBoxCrop(frame.image, frame.subject.box, spec.crop.margin, spec.input.size) : frame.aligned;
  return (spec.mirror ?? true) ? [crop, flipHorizontal(crop)] : [crop];
}

/**
 * The `box` crop: bilinear samples of the grown box on a size x size grid, pixel-centre mapped like
 * resizeBilinear; where the grown box leaves the image the pixels are black, so a face at the edge
 * of the frame keeps its proportions instead of being shifted or squeezed.
 */
export function ageBoxCrop(img: RgbImage, box: Box, margin: number, size: number): RgbImage {
  const w = box.x2 - box.x1;
  const h = box.y2 - box.y1;
  const xs = samples(box.x1 - margin * w, (w * (1 + 2 * margin)) / size, size, img.width, 3);
  const ys = samples(box.y1 - margin * h, (h * (1 + 2 * margin)) / size, size, img.height, img.width * 3);
  const out = createImage(size, size);
  const src = img.data;
  // A neighbour outside the photo reads as black (0).
  const at = (row: number, col: number, c: number): number => (row < 0 || col < 0 ? 0 : src[row + col + c]);
  let o = 0;
  for (let dy = 0; dy < size; dy++) {
    const r0 = ys.first[dy];
    const r1 = ys.second[dy];
    const wy = ys.weight[dy];
    for (let dx = 0; dx < size; dx++) {
      const c0 = xs.first[dx];
      const c1 = xs.second[dx];
      const wx = xs.weight[dx];
      if (r0 >= 0 && r1 >= 0 && c0 >= 0 && c1 >= 0) {
        // Inside the photo (nearly every sample): read the four neighbours directly.
        for (let c = 0; c < 3; c++) {
          const p00 = src[r0 + c0 + c];
          const p01 = src[r1 + c0 + c];
          const upper = p00 + (src[r0 + c1 + c] - p00) * wx;
          const lower = p01 + (src[r1 + c1 + c] - p01) * wx;
          out.data[o++] = (upper + (lower - upper) * wy + 0.5) | 0; // Math.round for values >= 0
        }
      } else {
        for (let c = 0; c < 3; c++) {
          const upper = at(r0, c0, c) + (at(r0, c1, c) - at(r0, c0, c)) * wx;
          const lower = at(r1, c0, c) + (at(r1, c1, c) - at(r1, c0, c)) * wx;
          out.data[o++] = (upper + (lower - upper) * wy + 0.5) | 0; // Math.round for values >= 0
        }
      }
    }
  }
  return out;
}

interface Samples {
  /** Offset (in bytes of the row-major image) of the lower neighbour, -1 when outside the photo. */
  readonly first: Int32Array;
  /** Offset of the upper neighbour, -1 when outside. */
  readonly second: Int32Array;
  readonly weight: Float64Array;
}

/** Pixel-centre sample positions of one axis, computed once per crop instead of once per pixel. */
function samples(start: number, step: number, count: number, limit: number, stride: number): Samples {
  const first = new Int32Array(count);
  const second = new Int32Array(count);
  const weight = new Float64Array(count);
  for (let d = 0; d < count; d++) {
    const pos = start + (d + 0.5) * step - 0.5;
    const lo = Math.floor(pos);
    first[d] = lo >= 0 && lo < limit ? lo * stride : -1;
    second[d] = lo + 1 >= 0 && lo + 1 < limit ? (lo + 1) * stride : -1;
    weight[d] = pos - lo;
  }
  return { first, second, weight };
}
