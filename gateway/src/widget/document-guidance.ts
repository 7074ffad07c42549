import { laplacianVariance } from '@idgate/inference/vision';
import type { MessageKey } from './locales/index.ts';

/**
 * Live guidance for the document camera (docs/widget.md, "Hosted widget"): is the document filling the guide,
 * is it lit, is it sharp. Runs on a grey copy of the guide rectangle only, scaled to
 * ANALYSIS_WIDTH pixels wide, a few times a second; a few milliseconds per frame.
 *
 * Why a coarse measure is enough: the guidance does not read or locate the document, it only
 * nudges the user towards a frame the server can read. The server decides on the capture with
 * its own detector, OCR and focus thresholds (inference/src/document/page-quality.ts), and the
 * user can always take the photo anyway. A document (text, MRZ, portrait, printed pattern) puts
 * contrast all over its surface, and its paper ends in straight edges against the table or hand.
 * So: a guide that holds the whole document shows contrast in nearly every cell of a 5x5 grid
 * (an empty guide, a document too far away or held off to a side leaves cells flat), and straight
 * edges just inside at least three of its sides (a face or a busy room has contrast but no such
 * edges). Measured: the specimen fixtures of page-like shape, placed on a table, score "ready"
 * from 70 % of the guide's width up (on dark and light tables, with 1 px of blur); all eight face
 * fixtures score "frame" or "dark". Something card-like that is not a document can still
 * pass; the server's reading cannot be fooled that way, so that is a harmless miss.
 */

/** Width of the analysis copy of the guide rectangle; the sharpness threshold is calibrated at this scale. */
export const ANALYSIS_WIDTH = 480;
/** The guide rectangle: centred, this share of the frame width, wider than high by GUIDE_ASPECT. */
export const GUIDE_WIDTH_SHARE = 0.88;
/** Between an ID-1 card (1.59) and a passport data page (1.42). */
export const GUIDE_ASPECT = 1.5;
/** Below this mean luma (0-255) the document is too dark to read. */
const MIN_MEAN_LUMA = 55;
/**
 * A grid cell "has document" when its luma varies at least this much (standard deviation, 0-255):
 * print on paper does, a plain table or wall (plus sensor noise) does not. Contrast, unlike a
 * gradient, survives defocus, so a blurred document is reported as blurry, not as missing.
 */
const MIN_CELL_CONTRAST = 12;
/** Document edges are looked for this far (share of the guide) inside each side. */
const EDGE_BAND = 0.15;
/** The step across an edge is taken over 2 * SPAN pixels, so a slightly defocused edge still counts (then "blurry", not "frame"). */
const SPAN = 3;
/** Mean luma step across a straight edge (paper against a table or a hand). */
const MIN_EDGE_STEP = 20;
/** Sides (of 4) that must show a straight edge: a hand or a finger may cover one. */
const MIN_STRAIGHT_EDGES = 3;
/** The guide is split into GRID x GRID cells. */
const GRID = 5;
/**
 * Cells (of 25) that must have document. On the six specimen fixtures a document filling 70 % or
 * more of the guide's width scores 21-25; one filling half of it scores 9-15; an empty guide 0.
 */
const MIN_FILLED_CELLS = 20;
/**
 * Laplacian variance (the vision module's focus measure, shared with the server's document and
 * face quality) of the guide at ANALYSIS_WIDTH. Measured on the specimen fixtures at this scale:
 * sharp 3,700-7,200; Gaussian blur of 1 px 58-87 (the server still reads the equivalent 2 px at
 * its 960 px scale); 2 px 4-6 (unreadable). 40 sits between the two.
 */
export const MIN_SHARPNESS = 40;

/** Message keys (i18n) of the four hints. */
export type DocumentGuide = Extract<MessageKey, 'doc_guide_dark' | 'doc_guide_frame' | 'doc_guide_blurry' | 'doc_guide_ready'>;

export interface GuideRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The guide rectangle in a frame of this size (pixels; CSS uses the same shares for the overlay). */
export function guideRect(frameWidth: number, frameHeight: number): GuideRect {
  let width = frameWidth * GUIDE_WIDTH_SHARE;
  let height = width / GUIDE_ASPECT;
  if (height > frameHeight * 0.9) {
    height = frameHeight * 0.9;
    width = height * GUIDE_ASPECT;
  }
  return { x: (frameWidth - width) / 2, y: (frameHeight - height) / 2, width, height };
}

/** The one hint for a grey image of the guide rectangle (row-major luma, 0-255). */
export function documentGuidance(gray: ArrayLike<number>, width: number, height: number): DocumentGuide {
  const n = width * height;
  if (n === 0) return 'doc_guide_frame';
  let sum = 0;
  for (let i = 0; i < n; i++) sum += gray[i];
  if (sum / n < MIN_MEAN_LUMA) return 'doc_guide_dark';
  if (filledCells(gray, width, height) < MIN_FILLED_CELLS || straightEdges(gray, width, height) < MIN_STRAIGHT_EDGES) return 'doc_guide_frame';
  if (laplacianVariance(gray, width, height) < MIN_SHARPNESS) return 'doc_guide_blurry';
  return 'doc_guide_ready';
}

/**
 * How many sides of the guide show a straight document edge just inside them: along each line of
 * a band near the side, the mean (not the mean absolute) step across the line. A card edge parallel
 * to the side steps the same way along its whole length; texture, faces and print cancel out.
 */
function straightEdges(gray: ArrayLike<number>, width: number, height: number): number {
  const rowStep = (y: number) => {
    let s = 0;
    for (let x = Math.floor(width * 0.1); x < width * 0.9; x++) s += gray[(y + SPAN) * width + x] - gray[(y - SPAN) * width + x];
    return Math.abs(s / (width * 0.8));
  };
  const colStep = (x: number) => {
    let s = 0;
    for (let y = Math.floor(height * 0.1); y < height * 0.9; y++) s += gray[y * width + x + SPAN] - gray[y * width + x - SPAN];
    return Math.abs(s / (height * 0.8));
  };
  const strongest = (step: (i: number) => number, from: number, to: number) => {
    let best = 0;
    for (let i = Math.max(SPAN, from); i <= to; i++) best = Math.max(best, step(i));
    return best;
  };
  const bandY = Math.ceil(height * EDGE_BAND);
  const bandX = Math.ceil(width * EDGE_BAND);
  const sides = [
    strongest(rowStep, SPAN, bandY),
    strongest(rowStep, height - 1 - SPAN - bandY, height - 1 - SPAN),
    strongest(colStep, SPAN, bandX),
    strongest(colStep, width - 1 - SPAN - bandX, width - 1 - SPAN),
  ];
  return sides.filter((v) => v >= MIN_EDGE_STEP).length;
}

function filledCells(gray: ArrayLike<number>, width: number, height: number): number {
  const cells = GRID * GRID;
  const sum = new Float64Array(cells);
  const sumSq = new Float64Array(cells);
  const count = new Uint32Array(cells);
  for (let y = 0; y < height; y++) {
    const cy = Math.min(GRID - 1, Math.floor((y * GRID) / height));
    for (let x = 0; x < width; x++) {
      const v = gray[y * width + x];
      const cell = cy * GRID + Math.min(GRID - 1, Math.floor((x * GRID) / width));
      sum[cell] += v;
      sumSq[cell] += v * v;
      count[cell]++;
    }
  }
  let filled = 0;
  for (let c = 0; c < cells; c++) {
    if (!count[c]) continue;
    const mean = sum[c] / count[c];
    if (Math.sqrt(Math.max(0, sumSq[c] / count[c] - mean * mean)) >= MIN_CELL_CONTRAST) filled++;
  }
  return filled;
}
