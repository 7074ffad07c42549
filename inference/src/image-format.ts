/**
 * What kinds of image bytes the node reads at all, judged from the header (sharp.metadata()) before
 * any pixel is decoded: one rule for face frames (worker/decode.ts) and document photos
 * (document/image/decode.ts).
 */

/**
 * Formats a camera or a document scan produces. SVG, PDF and the like are refused: they are
 * programs more than pictures, and nothing legitimate sends them here.
 */
export const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif', 'tiff']);

/** True for an image of several frames: animated GIF or WebP, multi-page TIFF or HEIF, APNG. */
export function hasSeveralFrames(meta: { format?: string; pages?: number }, bytes: Uint8Array): boolean {
  return (meta.pages ?? 1) > 1 || (meta.format === 'png' && isAnimatedPng(bytes));
}

/**
 * True when a PNG declares an animation (an `acTL` chunk before the first IDAT, APNG spec). libvips
 * decodes only an APNG's default image and reports one page, so the header walk decides.
 */
export function isAnimatedPng(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8; // after the signature
  while (at + 8 <= bytes.byteLength) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(bytes[at + 4]!, bytes[at + 5]!, bytes[at + 6]!, bytes[at + 7]!);
    if (type === 'acTL') return true;
    if (type === 'IDAT' || type === 'IEND') return false;
    at += 12 + length;
  }
  return false;
}
