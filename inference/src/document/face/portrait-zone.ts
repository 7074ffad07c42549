import type { Rect, RotatedRect } from '../image/raster.ts';

/**
 * Where the portrait should be, from the MRZ alone. On TD3 and TD2 data pages (ICAO 9303 parts 4
 * and 6) the portrait sits at the left, directly above the MRZ. In units of the MRZ character
 * pitch p, measured on the four specimens with a portrait: from 1p left of the MRZ to 17p right of
 * its start, and up to 24p above its first line. TD1 MRZs are on the card back: no portrait.
 */
export function portraitZone(firstLine: RotatedRect, lineLength: number, pageWidth: number, pageHeight: number): Rect {
  const pitch = firstLine.width / lineLength;
  const ux = Math.cos(firstLine.angle);
  const uy = Math.sin(firstLine.angle);
  const left = -firstLine.width / 2;
  const top = -firstLine.height / 2;
  const corners = [
    [left - pitch, top - 24 * pitch],
    [left + 17 * pitch, top - 24 * pitch],
    [left - pitch, top],
    [left + 17 * pitch, top],
  ];
  const xs = corners.map(([u, v]) => firstLine.cx + u * ux - v * uy);
  const ys = corners.map(([u, v]) => firstLine.cy + u * uy + v * ux);
  const x0 = Math.max(0, Math.min(...xs));
  const y0 = Math.max(0, Math.min(...ys));
  const x1 = Math.min(pageWidth, Math.max(...xs));
  const y1 = Math.min(pageHeight, Math.max(...ys));
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}
