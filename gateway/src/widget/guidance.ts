import { boxWidth, type RgbImage } from '@idgate/inference/vision';
import type { MessageKey } from './locales/index.ts';
import type { FrameResult } from './face-check.ts';

/** Below this mean luma (0-255) inside the face box the face is too dark to judge. */
const MIN_FACE_LUMA = 60;
/** A face box wider than this share of the frame is too close (liveness crops need context). */
const MAX_FACE_SHARE = 0.75;

/** Quality reasons (inference/src/vision/quality.ts) that a user fixes by facing the camera. */
const TURNED: ReadonlySet<string> = new Set(['face_turned_sideways', 'face_tilted_up_or_down', 'face_rotated']);

/** The one hint to show for a frame (live guidance: face in frame, one face, distance, light). */
export function guidanceFor(r: FrameResult, img: RgbImage): MessageKey {
  if (!r.subject) return 'guide_no_face';
  if (r.peopleInFrame > 1) return 'guide_multiple';
  if (r.reasons.includes('face_too_small')) return 'guide_far';
  if (boxWidth(r.subject.box) > img.width * MAX_FACE_SHARE) return 'guide_close';
  if (meanLuma(img, r.subject) < MIN_FACE_LUMA) return 'guide_dark';
  // A frame the quality check refused must never read "Good. Hold still": say what to change.
  if (r.reasons.some((reason) => TURNED.has(reason))) return 'guide_turn';
  if (r.reasons.length) return 'guide_blurry';
  return 'guide_hold';
}

function meanLuma(img: RgbImage, face: NonNullable<FrameResult['subject']>): number {
  const x1 = Math.max(0, Math.floor(face.box.x1));
  const y1 = Math.max(0, Math.floor(face.box.y1));
  const x2 = Math.min(img.width, Math.ceil(face.box.x2));
  const y2 = Math.min(img.height, Math.ceil(face.box.y2));
  let sum = 0;
  let n = 0;
  for (let y = y1; y < y2; y += 2) {
    for (let x = x1; x < x2; x += 2) {
      const p = (y * img.width + x) * 3;
      sum += 0.299 * img.data[p] + 0.587 * img.data[p + 1] + 0.114 * img.data[p + 2];
      n++;
    }
  }
  return n ? sum / n : 0;
}
