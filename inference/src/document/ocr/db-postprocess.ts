import type { RotatedRect } from '../image/raster.ts';

/** A text region found by the DB detector, in the coordinates of the probability map. */
export interface TextBox extends RotatedRect {
  /** Mean probability over the region's pixels. */
  score: number;
}

export interface DbOptions {
  /** Pixel threshold on the probability map (PaddleOCR `det_db_thresh`). */
  threshold: number;
  /** Minimum mean probability of a region (PaddleOCR `det_db_box_thresh`). */
  boxThreshold: number;
  /** Expansion of the shrunk text kernel (PaddleOCR `det_db_unclip_ratio`). */
  unclipRatio: number;
  /** Regions whose short side is below this many map pixels are dropped. */
  minSize: number;
}

export const DB_DEFAULTS: DbOptions = { threshold: 0.3, boxThreshold: 0.6, unclipRatio: 1.5, minSize: 3 };

interface Moments {
  n: number;
  prob: number;
  sx: number;
  sy: number;
  sxx: number;
  syy: number;
  sxy: number;
}

/** Labels 4-connected components of `prob > threshold` with an iterative flood fill. */
function labelComponents(prob: Float32Array, width: number, height: number, threshold: number): { labels: Int32Array; moments: Moments[] } {
  const labels = new Int32Array(width * height).fill(-1);
  const moments: Moments[] = [];
  const stack = new Int32Array(width * height);
  for (let start = 0; start < prob.length; start++) {
    if (labels[start] !== -1 || prob[start] <= threshold) continue;
    const m: Moments = { n: 0, prob: 0, sx: 0, sy: 0, sxx: 0, syy: 0, sxy: 0 };
    const label = moments.length;
    moments.push(m);
    let top = 0;
    stack[top++] = start;
    labels[start] = label;
    while (top > 0) {
      const i = stack[--top];
      const x = i % width;
      const y = (i - x) / width;
      m.n++;
      m.prob += prob[i];
      m.sx += x;
      m.sy += y;
      m.sxx += x * x;
      m.syy += y * y;
      m.sxy += x * y;
      if (x > 0) top = visit(i - 1, top);
      if (x < width - 1) top = visit(i + 1, top);
      if (y > 0) top = visit(i - width, top);
      if (y < height - 1) top = visit(i + width, top);
    }
  }
  return { labels, moments };

  function visit(j: number, top: number): number {
    if (labels[j] !== -1 || prob[j] <= threshold) return top;
    labels[j] = moments.length - 1;
    stack[top] = j;
    return top + 1;
  }
}

/** Principal-axis angle of a component from its second moments. */
function principalAngle(m: Moments): number {
  const mx = m.sx / m.n;
  const my = m.sy / m.n;
  const mu20 = m.sxx / m.n - mx * mx;
  const mu02 = m.syy / m.n - my * my;
  const mu11 = m.sxy / m.n - mx * my;
  return 0.5 * Math.atan2(2 * mu11, mu20 - mu02);
}

/**
 * DB post-processing (Liao et al. 2020, as in PaddleOCR's DBPostProcess): threshold the map,
 * take connected components, fit an oriented rectangle along each one's principal axis, score it
 * by its mean probability and unclip it by area·ratio/perimeter to undo the training-time shrink.
 */
export function dbPostprocess(prob: Float32Array, width: number, height: number, options: DbOptions = DB_DEFAULTS): TextBox[] {
  const { labels, moments } = labelComponents(prob, width, height, options.threshold);
  const angles = moments.map(principalAngle);
  const ext = moments.map(() => ({ u0: Infinity, u1: -Infinity, v0: Infinity, v1: -Infinity }));
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i];
    if (label < 0) continue;
    const x = (i % width) + 0.5;
    const y = Math.floor(i / width) + 0.5;
    const a = angles[label];
    const u = x * Math.cos(a) + y * Math.sin(a);
    const v = -x * Math.sin(a) + y * Math.cos(a);
    const e = ext[label];
    if (u < e.u0) e.u0 = u;
    if (u > e.u1) e.u1 = u;
    if (v < e.v0) e.v0 = v;
    if (v > e.v1) e.v1 = v;
  }
  const boxes: TextBox[] = [];
  moments.forEach((m, label) => {
    const e = ext[label];
    const w = e.u1 - e.u0 + 1;
    const h = e.v1 - e.v0 + 1;
    const score = m.prob / m.n;
    if (Math.min(w, h) < options.minSize || score < options.boxThreshold) return;
    const grow = (w * h * options.unclipRatio) / (2 * (w + h));
    const a = angles[label];
    const uc = (e.u0 + e.u1) / 2;
    const vc = (e.v0 + e.v1) / 2;
    boxes.push({
      cx: uc * Math.cos(a) - vc * Math.sin(a),
      cy: uc * Math.sin(a) + vc * Math.cos(a),
      width: w + 2 * grow,
      height: h + 2 * grow,
      angle: a,
      score,
    });
  });
  return boxes;
}
