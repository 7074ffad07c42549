import type { FaceDetection, Point } from '../types.ts';
import type { DecodeOptions } from './scrfd.ts';
import { nonMaxSuppression } from './nms.ts';

/** Raw YuNet outputs, one entry per stride: cls/obj [N,1], bbox [N,4], kps [N,10] (batch dim dropped). */
export interface YunetOutputs {
  readonly cls: readonly Float32Array[];
  readonly obj: readonly Float32Array[];
  readonly bbox: readonly Float32Array[];
  readonly kps: readonly Float32Array[];
}

const clamp01 = (v: number): number => Math.min(1, Math.max(0, v));

/**
 * Decodes YuNet (MANIFEST 5.2): one anchor per cell; score = sqrt(cls * obj);
 * centre = (col + b0, row + b1) * s, size = exp(b2, b3) * s; keypoint j = (k + col, k + row) * s.
 */
export function decodeYunet(out: YunetOutputs, opts: DecodeOptions): FaceDetection[] {
  const found: FaceDetection[] = [];
  opts.strides.forEach((s, level) => {
    const cols = Math.ceil(opts.inputWidth / s);
    const { cls, obj, bbox, kps } = { cls: out.cls[level], obj: out.obj[level], bbox: out.bbox[level], kps: out.kps[level] };
    for (let i = 0; i < cls.length; i++) {
      const score = Math.sqrt(clamp01(cls[i]) * clamp01(obj[i]));
      if (score < opts.scoreThreshold) continue;
      const col = i % cols;
      const row = Math.floor(i / cols);
      const k = 1 / opts.scale;
      const cx = (col + bbox[i * 4]) * s;
      const cy = (row + bbox[i * 4 + 1]) * s;
      const w = Math.exp(bbox[i * 4 + 2]) * s;
      const h = Math.exp(bbox[i * 4 + 3]) * s;
      const landmarks: Point[] = [];
      for (let j = 0; j < 5; j++) landmarks.push([(kps[i * 10 + 2 * j] + col) * s * k, (kps[i * 10 + 2 * j + 1] + row) * s * k]);
      found.push({ score, box: { x1: (cx - w / 2) * k, y1: (cy - h / 2) * k, x2: (cx + w / 2) * k, y2: (cy + h / 2) * k }, landmarks });
    }
  });
  return nonMaxSuppression(found, opts.nmsIou);
}
