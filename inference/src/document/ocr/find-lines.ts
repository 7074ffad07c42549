import type ort from 'onnxruntime-node';
import { resizeGray } from '../image/decode.ts';
import type { Gray } from '../image/raster.ts';
import type { LineBox } from '../mrz/locate.ts';
import { detectText, detectorSize } from './detect.ts';

/** The page resized for the text detector (long side `maxSide`, sides multiples of 32). */
export function detectorInputFor(page: Gray, maxSide: number): Promise<Gray> {
  const size = detectorSize(page.width, page.height, maxSide);
  return resizeGray(page, size.width, size.height);
}

/** Runs the text detector and maps its oriented boxes back to page pixels. */
export async function findTextLines(det: ort.InferenceSession, page: Gray, detectorInput: Gray): Promise<LineBox[]> {
  const boxes = await detectText(det, detectorInput);
  const sx = page.width / detectorInput.width;
  const sy = page.height / detectorInput.height;
  return boxes.map((b) => {
    // The two axes stretch differently when sx != sy (sides rounded to multiples of 32).
    const cos = Math.cos(b.angle);
    const sin = Math.sin(b.angle);
    return {
      cx: b.cx * sx,
      cy: b.cy * sy,
      width: b.width * Math.hypot(cos * sx, sin * sy),
      height: b.height * Math.hypot(sin * sx, cos * sy),
      angle: Math.atan2(sin * sy, cos * sx),
      score: b.score,
    };
  });
}
