import { createImage } from './image.ts';
import type { Box, RgbImage } from './types.ts';

/**
 * How an age model wants the face cut out of the frame:
 * - `aligned-112`: the ArcFace 112x112 alignment on the five landmarks (the recognizer's input);
 * - `box`: the detector's box grown by `margin` of its width on the left and right and of its
 *   height on the top and bottom, stretched (no letterbox) to the model's square input. Models
 *   trained on detector crops (faceres-deep: MTCNN boxes) see their training framing this way.
 */
export type AgeCrop = { readonly kind: 'aligned-112' } | { readonly kind: 'box'; readonly margin: number };

/**
 * The `box` crop: bilinear samples of the grown box on a size x size grid, pixel-centre mapped like
 * resizeBilinear; where the grown box leaves the image the pixels are black, so a face at the edge
 * of the frame keeps its proportions instead of being shifted or squeezed.
 */
export function ageBoxCrop(img: RgbImage, box: Box, margin: number, size: number): RgbImage {
  const w = box.x2 - box.x1;
  const h = box.y2 - box.y1;
  const left = box.x1 - margin * w;
  const top = box.y1 - margin * h;
  const sx = (w * (1 + 2 * margin)) / size;
  const sy = (h * (1 + 2 * margin)) / size;
  const out = createImage(size, size);
  const src = img.data;
  const pixel = (x: number, y: number, c: number): number => (x < 0 || y < 0 || x >= img.width || y >= img.height ? 0 : src[(y * img.width + x) * 3 + c]);
  let o = 0;
  for (let dy = 0; dy < size; dy++) {
    const fy = top + (dy + 0.5) * sy - 0.5;
    const y0 = Math.floor(fy);
    const wy = fy - y0;
    for (let dx = 0; dx < size; dx++) {
      const fx = left + (dx + 0.5) * sx - 0.5;
      const x0 = Math.floor(fx);
      const wx = fx - x0;
      for (let c = 0; c < 3; c++) {
        const upper = pixel(x0, y0, c) + (pixel(x0 + 1, y0, c) - pixel(x0, y0, c)) * wx;
        const lower = pixel(x0, y0 + 1, c) + (pixel(x0 + 1, y0 + 1, c) - pixel(x0, y0 + 1, c)) * wx;
        out.data[o++] = Math.round(upper + (lower - upper) * wy);
      }
    }
  }
  return out;
}
