import type { FaceDetection, Point } from '../types.ts';
import { nonMaxSuppression } from './nms.ts';

/** Raw SCRFD outputs, one entry per stride (same order as `strides`). Shapes [N_s,1], [N_s,4], [N_s,10]. */
export interface ScrfdOutputs {
  readonly scores: readonly Float32Array[];
  readonly boxes: readonly Float32Array[];
  readonly landmarks: readonly Float32Array[];
}

export interface DecodeOptions {
  /** Width and height of the tensor fed to the model. */
  readonly inputWidth: number;
  readonly inputHeight: number;
  /** Letterbox scale: coordinates are divided by it to land in source-image pixels. */
  readonly scale: number;
  readonly strides: readonly number[];
  readonly scoreThreshold: number;
  readonly nmsIou: number;
}

/**
 * Decodes InsightFace SCRFD (MANIFEST 5.1): 2 anchors per cell, anchor index
 * a = (row * W/s + col) * 2 + k, centre (col*s, row*s); box = centre -/+ distance*s; scores are
 * already sigmoid. Returns faces in source pixels after NMS.
 */
export function decodeScrfd(out: ScrfdOutputs, opts: DecodeOptions): FaceDetection[] {
  const anchorsPerCell = 2;
  const found: FaceDetection[] = [];
  opts.strides.forEach((s, level) => {
    const scores = out.scores[level];
    const boxes = out.boxes[level];
    const kps = out.landmarks[level];
    const cols = Math.ceil(opts.inputWidth / s);
    for (let a = 0; a < scores.length; a++) {
      const score = scores[a];
      if (score < opts.scoreThreshold) continue;
      const cell = Math.floor(a / anchorsPerCell);
      const cx = (cell % cols) * s;
      const cy = Math.floor(cell / cols) * s;
      const k = 1 / opts.scale;
      const landmarks: Point[] = [];
      for (let j = 0; j < 5; j++) landmarks.push([(cx + kps[a * 10 + 2 * j] * s) * k, (cy + kps[a * 10 + 2 * j + 1] * s) * k]);
      found.push({
        score,
        box: { x1: (cx - boxes[a * 4] * s) * k, y1: (cy - boxes[a * 4 + 1] * s) * k, x2: (cx + boxes[a * 4 + 2] * s) * k, y2: (cy + boxes[a * 4 + 3] * s) * k },
        landmarks,
      });
    }
  });
  return nonMaxSuppression(found, opts.nmsIou);
}
