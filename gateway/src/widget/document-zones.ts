/**
 * Is there a machine-readable zone on the side of the document in view: the MRZ (two or three lines
 * of OCR-B along the bottom of a passport page, a TD2 document or the back of an ID card) or a PDF417
 * barcode (the back of a driving licence)? Read from the texture of the rows inside the document's
 * box (document-edges.ts), not by reading characters: the server reads them.
 *
 * Per row, the mean horizontal luma step in each of ZONE_SEGMENTS pieces across the box: a piece is
 * textured or plain.
 * - MRZ: an MRZ line runs across nearly the whole page (44 characters on a TD3 page, 30 on a card),
 *   so its rows are textured in every piece; printed fields, a portrait, a signature or a logo leave
 *   some piece of a row plain. Runs of such rows are lines: two or more of similar height
 *   (TEXT_LINE_MIN..TEXT_LINE_MAX of the box's height), at most MRZ_MAX_GAP apart, the lowest ending in the
 *   bottom MRZ_BOTTOM of the box.
 * - PDF417: a block at least BARCODE_SEGMENTS pieces wide and BARCODE_MIN_HEIGHT of the box high,
 *   textured in every row, whose bars are vertical: its horizontal steps outweigh the vertical ones
 *   BARCODE_MIN_ANISOTROPY times (text and photos have both).
 */

/** Pieces across the box; an MRZ row is textured in all of them. */
const ZONE_SEGMENTS = 12;
/** Adjacent pieces (a third of the box) a PDF417 symbol covers at least: on a card's back it may sit beside other print. */
const BARCODE_SEGMENTS = 4;
/** Share of the box's width left out on each side (margins, the edge itself). */
const ZONE_MARGIN = 0.07;
/** Mean absolute horizontal step (luma 0-255, over 2 px) that makes a piece of a row textured. */
const MIN_ROW_TEXTURE = 14;
/** A text line's height as a share of the box's height. */
const TEXT_LINE_MIN = 0.02;
const TEXT_LINE_MAX = 0.16;
/** The lowest MRZ line ends in this bottom share of the box. */
const MRZ_BOTTOM = 0.3;
/** Largest gap between MRZ lines (share of the box's height): line pitch is about 5 % of a TD3 page, 9 % of a card. */
const MRZ_MAX_GAP = 0.09;
/** A PDF417 symbol's height as a share of the box's height. */
const BARCODE_MIN_HEIGHT = 0.12;
const BARCODE_MIN_ANISOTROPY = 1.3;

export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export type MachineZone = 'mrz' | 'barcode' | undefined;

interface Run {
  from: number;
  to: number;
}

/** The machine-readable zone found in `box` of the grey image, if any. */
export function findMachineZone(gray: ArrayLike<number>, width: number, height: number, box: Box): MachineZone {
  const bw = box.right - box.left;
  const bh = box.bottom - box.top;
  const x0 = Math.max(1, Math.round(box.left + bw * ZONE_MARGIN));
  const x1 = Math.min(width - 1, Math.round(box.right - bw * ZONE_MARGIN));
  const y0 = Math.max(1, Math.ceil(box.top + 2));
  const y1 = Math.min(height - 1, Math.floor(box.bottom - 2));
  if (x1 - x0 < ZONE_SEGMENTS * 3 || y1 - y0 < 10) return undefined;
  const cut = (s: number) => x0 + Math.floor(((x1 - x0) * s) / ZONE_SEGMENTS);
  // textured[y * ZONE_SEGMENTS + s]: piece s of row y.
  const textured = new Uint8Array(height * ZONE_SEGMENTS);
  for (let y = y0; y < y1; y++) {
    const o = y * width;
    for (let s = 0; s < ZONE_SEGMENTS; s++) {
      const a = cut(s);
      const b = cut(s + 1);
      let sum = 0;
      for (let x = a; x < b; x++) sum += Math.abs(gray[o + x + 1] - gray[o + x - 1]);
      textured[y * ZONE_SEGMENTS + s] = sum / (b - a) >= MIN_ROW_TEXTURE ? 1 : 0;
    }
  }
  const rowsWhere = (from: number, to: number) => runs(y0, y1, (y) => textured.subarray(y * ZONE_SEGMENTS + from, y * ZONE_SEGMENTS + to).every(Boolean));
  for (let s = 0; s + BARCODE_SEGMENTS <= ZONE_SEGMENTS; s++) {
    for (const r of rowsWhere(s, s + BARCODE_SEGMENTS)) {
      if (r.to - r.from >= BARCODE_MIN_HEIGHT * bh && anisotropy(gray, width, cut(s), cut(s + BARCODE_SEGMENTS), r.from, r.to) >= BARCODE_MIN_ANISOTROPY)
        return 'barcode';
    }
  }
  const lines = rowsWhere(0, ZONE_SEGMENTS).filter((r) => r.to - r.from >= TEXT_LINE_MIN * bh && r.to - r.from <= TEXT_LINE_MAX * bh);
  for (let i = lines.length - 1; i > 0; i--) {
    const low = lines[i];
    if (low.to < box.bottom - MRZ_BOTTOM * bh) break;
    const up = lines[i - 1];
    const hl = low.to - low.from;
    const hu = up.to - up.from;
    if (Math.max(hl, hu) <= 2 * Math.min(hl, hu) && low.from - up.to <= MRZ_MAX_GAP * bh) return 'mrz';
  }
  return undefined;
}

/** Runs of rows in [y0, y1) where `on` holds, bridging gaps of one row. */
function runs(y0: number, y1: number, on: (y: number) => boolean): Run[] {
  const out: Run[] = [];
  for (let y = y0; y < y1; y++) {
    if (!on(y)) continue;
    const last = out.at(-1);
    if (last && y - last.to <= 1) last.to = y + 1;
    else out.push({ from: y, to: y + 1 });
  }
  return out;
}

/** Horizontal over vertical mean absolute step in a region: tall for vertical bars, about 1 for text. */
function anisotropy(gray: ArrayLike<number>, width: number, x0: number, x1: number, y0: number, y1: number): number {
  let gx = 0;
  let gy = 0;
  for (let y = y0; y < y1; y++) {
    const o = y * width;
    for (let x = x0; x < x1; x++) {
      gx += Math.abs(gray[o + x + 1] - gray[o + x - 1]);
      gy += Math.abs(gray[o + width + x] - gray[o - width + x]);
    }
  }
  return gx / Math.max(1, gy);
}
