import type { RotatedRect } from '../image/raster.ts';

/** A text line candidate in page pixels. */
export interface LineBox extends RotatedRect {
  score: number;
}

/** Lines of one machine-readable zone candidate, top line first (in the detector's direction). */
export interface MrzBand {
  lines: LineBox[];
  /** Higher is more MRZ-like. */
  score: number;
}

// Every MRZ line is 30, 36 or 44 characters of fixed pitch; its detector box is at least ~18x as
// wide as tall (measured 22-31 on the fixtures). Printed fields rarely exceed 12.
const MIN_LINE_ASPECT = 14;
const MAX_LINES = 3;

const axis = (b: RotatedRect) => ({ ux: Math.cos(b.angle), uy: Math.sin(b.angle) });

/** Extent of `b` projected on the unit direction (ux, uy). */
function project(b: RotatedRect, ux: number, uy: number): [number, number] {
  const centre = b.cx * ux + b.cy * uy;
  const { ux: bx, uy: by } = axis(b);
  const half = (Math.abs(bx * ux + by * uy) * b.width + Math.abs(-by * ux + bx * uy) * b.height) / 2;
  return [centre - half, centre + half];
}

/** Signed distance of b's centre from a's centre line, across a's direction (positive is below). */
function across(a: RotatedRect, b: RotatedRect): number {
  const { ux, uy } = axis(a);
  return -(b.cx - a.cx) * uy + (b.cy - a.cy) * ux;
}

function angleDiff(a: number, b: number): number {
  const d = Math.abs(a - b) % Math.PI;
  return Math.min(d, Math.PI - d);
}

/** A rectangle along `base`'s direction, at `base`'s offset, spanning [lo, hi] along it. */
function spanAlong(base: LineBox, lo: number, hi: number, height: number, score: number): LineBox {
  const { ux, uy } = axis(base);
  const offset = -base.cx * uy + base.cy * ux;
  const mid = (lo + hi) / 2;
  return { cx: mid * ux - offset * uy, cy: mid * uy + offset * ux, width: hi - lo, height, angle: base.angle, score };
}

/** Whether fragment `b` continues line `a`: on a's centre line, not taller, after a modest gap. */
function sameLine(a: LineBox, b: LineBox): boolean {
  if (b.width / b.height > 4 && angleDiff(a.angle, b.angle) > 0.12) return false;
  if (Math.abs(across(a, b)) > 0.35 * a.height || b.height > 1.6 * a.height) return false;
  const { ux, uy } = axis(a);
  const [a0, a1] = project(a, ux, uy);
  const [b0, b1] = project(b, ux, uy);
  return Math.max(b0 - a1, a0 - b1) < 3.5 * a.height;
}

function unionAlong(a: LineBox, b: LineBox): LineBox {
  const { ux, uy } = axis(a);
  const [a0, a1] = project(a, ux, uy);
  const [b0, b1] = project(b, ux, uy);
  return spanAlong(a, Math.min(a0, b0), Math.max(a1, b1), a.height, Math.min(a.score, b.score));
}

/** Joins fragments of one text line that the detector split (gaps in '<<<<' runs, faint glyphs). */
export function mergeLineFragments(boxes: LineBox[]): LineBox[] {
  const pending = [...boxes].sort((p, q) => q.width - p.width);
  const merged: LineBox[] = [];
  while (pending.length) {
    let line = pending.shift()!;
    for (let i = 0; i < pending.length;) {
      if (sameLine(line, pending[i])) {
        line = unionAlong(line, pending.splice(i, 1)[0]);
        i = 0;
      } else i++;
    }
    merged.push(line);
  }
  return merged;
}

/**
 * Whether `b` is the MRZ line one pitch above (side -1) or below (side 1) `edge`: parallel, within
 * the band's extent along the lines and covering at least 40% of it (a line the detector found
 * only in part is widened to the band afterwards, since MRZ lines share their start and length).
 */
function adjacentLine(edge: LineBox, b: LineBox, side: -1 | 1, span: [number, number]): boolean {
  if (b.width / b.height > 4 && angleDiff(edge.angle, b.angle) > 0.06) return false;
  const distance = across(edge, b) * side;
  const pitch = (edge.height + b.height) / 2;
  if (distance < 0.7 * pitch || distance > 2.2 * pitch) return false;
  const { ux, uy } = axis(edge);
  const [b0, b1] = project(b, ux, uy);
  const length = span[1] - span[0];
  const slack = 0.15 * length;
  return b0 > span[0] - slack && b1 < span[1] + slack && b1 - b0 > 0.4 * length;
}

/** `b` widened to the band's span along the seed's direction, kept on b's own centre line. */
function widen(b: LineBox, seed: LineBox, span: [number, number]): LineBox {
  const wide = spanAlong(seed, span[0], span[1], Math.max(b.height, 0.8 * seed.height), b.score);
  const shift = across(wide, b);
  const { ux, uy } = axis(seed);
  return { ...wide, cx: wide.cx - shift * uy, cy: wide.cy + shift * ux };
}

function growBand(seed: LineBox, lines: LineBox[], used: Set<LineBox>): LineBox[] {
  const band = [seed];
  const { ux, uy } = axis(seed);
  const span = project(seed, ux, uy);
  for (let grown = true; grown;) {
    grown = false;
    for (const side of [1, -1] as const) {
      if (band.length >= MAX_LINES) break;
      const edge = side === 1 ? band[band.length - 1] : band[0];
      const candidates = lines.filter((b) => !used.has(b) && !band.includes(b) && adjacentLine(edge, b, side, span));
      const next = candidates.sort((p, q) => Math.abs(across(edge, p)) - Math.abs(across(edge, q)))[0];
      if (!next) continue;
      if (side === 1) band.push(next);
      else band.unshift(next);
      grown = true;
    }
  }
  return band.map((b) => widen(b, seed, span));
}

/** Position of a band down the page, along the normal of its own lines (larger is lower). */
function depth(line: LineBox): number {
  const { ux, uy } = axis(line);
  return -line.cx * uy + line.cy * ux;
}

/**
 * MRZ band candidates (1-3 lines): long lines seed a band, which grows by parallel lines at one
 * line pitch above and below. Bands of two or more lines rank first, then lower ones: the MRZ is
 * the bottom of every ICAO layout. Callers reading a page upside down take them in reverse.
 */
export function findMrzBands(boxes: LineBox[]): MrzBand[] {
  const lines = mergeLineFragments(boxes);
  const seeds = lines.filter((b) => b.width / b.height >= MIN_LINE_ASPECT).sort((p, q) => q.width / q.height - p.width / p.height);
  const used = new Set<LineBox>();
  const bands: MrzBand[] = [];
  for (const seed of seeds) {
    if (used.has(seed)) continue;
    used.add(seed);
    const members = growBand(seed, lines, used);
    lines.filter((b) => members.some((m) => Math.abs(across(m, b)) < 0.3 * m.height && Math.abs(m.cx - b.cx) < m.width / 2)).forEach((b) => used.add(b));
    bands.push({ lines: members, score: (members.length >= 2 ? 1e6 : 0) + depth(members[0]) });
  }
  return bands.sort((p, q) => q.score - p.score);
}
