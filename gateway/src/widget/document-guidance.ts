import { laplacianVariance } from '@idgate/inference/vision';
import type { MessageKey } from './locales/index.ts';
import { findOutline } from './document-edges.ts';
import { findMachineZone } from './document-zones.ts';

/**
 * Live guidance for the document camera (docs/widget.md, "Hosted widget"): is a document in the guide,
 * is all of it there and near enough, is it lit, is it sharp, does the side in view carry an MRZ or a
 * barcode. Runs on a grey copy of the guide rectangle only, scaled to ANALYSIS_WIDTH pixels wide, a
 * few times a second; pure functions over the pixels (a few milliseconds per frame, measured in
 * test/widget/document-guidance-images.test.ts).
 *
 * "Ready" needs a document, not just contrast: a face filling the guide has contrast and sharpness
 * too. So the guidance looks for what a document has and a face or a room has not:
 * - an outline (document-edges.ts): four straight edges, each along most of its side, enclosing a
 *   box shaped like an ID-1 card (85.6 x 54 mm, 1.586) or a passport / TD2 page (125 x 88 mm, 1.42);
 * - a machine-readable zone on the side in view (document-zones.ts): MRZ lines along the bottom, or
 *   a PDF417 block; the server reads either, and a side without one (a card's front) is not enough.
 * The guide is landscape (GUIDE_ASPECT), so only landscape documents are looked for.
 * The server still decides on the capture with its own detector, OCR and focus thresholds
 * (inference/src/document/page-quality.ts), and the user can always take the photo anyway: a
 * false "ready" costs a retake, a missed one a tap on the button regardless.
 */

/** Width of the analysis copy of the guide rectangle; the sharpness threshold is calibrated at this scale. */
export const ANALYSIS_WIDTH = 480;
/** The guide rectangle: centred, this share of the frame width, wider than high by GUIDE_ASPECT. */
export const GUIDE_WIDTH_SHARE = 0.88;
/** Between an ID-1 card (1.59) and a passport data page (1.42). */
export const GUIDE_ASPECT = 1.5;
/** Below this mean luma (0-255) the document is too dark to read. */
const MIN_MEAN_LUMA = 55;
/** Width over height of an ID-1 card (ISO/IEC 7810) and of a passport data page (TD3) or TD2 document. */
const DOCUMENT_ASPECTS = [85.6 / 54, 125 / 88];
/**
 * How far a measured aspect may stray from one of DOCUMENT_ASPECTS (share): the outline is found on a
 * 480 px image of a hand-held document, a little tilted or turned. The six specimen fixtures measure
 * within 3 %.
 */
const ASPECT_TOLERANCE = 0.09;
/**
 * Share of the guide's area the document must cover: a document 70 % of the guide's width covers
 * 46-50 % of it (specimen fixtures), one half as wide about 25 %. The server reads a document from
 * about that size up at its own scale; smaller, the MRZ characters get too few pixels.
 */
const MIN_FILL = 0.4;
/**
 * Laplacian variance (the vision module's focus measure, shared with the server's document and
 * face quality) of the guide at ANALYSIS_WIDTH. Measured on the specimen fixtures at this scale:
 * sharp 3,700-7,200; Gaussian blur of 1 px 58-87 (the server still reads the equivalent 2 px at
 * its 960 px scale); 2 px 4-6 (unreadable). 40 sits between the two.
 */
export const MIN_SHARPNESS = 40;

/** Message keys (i18n) of the hints. */
export type DocumentGuide = Extract<
  MessageKey,
  'doc_guide_none' | 'doc_guide_frame' | 'doc_guide_dark' | 'doc_guide_blurry' | 'doc_guide_side' | 'doc_guide_ready'
>;

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

/**
 * The one hint for a grey image of the guide rectangle (row-major luma, 0-255). `needsZone` false for
 * the front of a two-sided document: its MRZ or barcode is on the back, so an outline, light and focus
 * make it ready, and "turn the document over" is never asked for.
 */
export function documentGuidance(gray: ArrayLike<number>, width: number, height: number, o: { needsZone?: boolean } = {}): DocumentGuide {
  const n = width * height;
  if (n === 0) return 'doc_guide_none';
  let sum = 0;
  for (let i = 0; i < n; i++) sum += gray[i];
  if (sum / n < MIN_MEAN_LUMA) return 'doc_guide_dark';
  const outline = findOutline(gray, width, height);
  // Fewer than four edges: nothing document-like, or a document partly outside the guide (too close or off to a side).
  if (outline.edges < 4 || !documentShaped(outline.aspect)) return 'doc_guide_none';
  if (outline.fill < MIN_FILL) return 'doc_guide_frame';
  if (laplacianVariance(gray, width, height) < MIN_SHARPNESS) return 'doc_guide_blurry';
  if (o.needsZone !== false && !findMachineZone(gray, width, height, outline)) return 'doc_guide_side';
  return 'doc_guide_ready';
}

function documentShaped(aspect: number): boolean {
  return DOCUMENT_ASPECTS.some((a) => Math.abs(aspect / a - 1) <= ASPECT_TOLERANCE);
}
