import { boxArea, type Box, type FaceDetection } from '../types.ts';

export function intersectionOverUnion(a: Box, b: Box): number {
  const w = Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1);
  const h = Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (boxArea(a) + boxArea(b) - inter);
}

/** Greedy non-maximum suppression: keeps the best-scoring box of every overlapping cluster. */
export function nonMaxSuppression(dets: readonly FaceDetection[], iouThreshold: number): FaceDetection[] {
  const sorted = [...dets].sort((a, b) => b.score - a.score);
  const kept: FaceDetection[] = [];
  for (const d of sorted) {
    if (kept.every((k) => intersectionOverUnion(k.box, d.box) <= iouThreshold)) kept.push(d);
  }
  return kept;
}
