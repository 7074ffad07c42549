import sharp from 'sharp';
import { DocumentInputError } from '../errors.ts';
import { DEFAULT_MAX_PIXELS } from '../image/decode.ts';
import type { Rect } from '../image/raster.ts';

export interface FaceBox extends Rect {
  score?: number;
}

/** The face engineer's detector: boxes in the pixels of the RGB image it is given. */
export type FaceDetector = (rgb: Uint8Array, width: number, height: number) => FaceBox[] | Promise<FaceBox[]>;

export interface DocumentFaceCrop {
  /** Crop rectangle in original-image pixels (EXIF orientation applied). */
  box: Rect;
  /** Packed RGB bytes of the crop, width × height × 3. */
  rgb: Uint8Array;
  width: number;
  height: number;
}

export interface CropOptions {
  /** Search only here (e.g. DocumentReading.faceBox); default the whole image. */
  region?: Rect;
  /** Margin added around the detected face, as a fraction of its size (default 0.25). */
  margin?: number;
  maxPixels?: number;
}

function clampRect(r: Rect, width: number, height: number): Rect {
  const x = Math.max(0, Math.floor(r.x));
  const y = Math.max(0, Math.floor(r.y));
  return { x, y, width: Math.max(0, Math.min(width, Math.ceil(r.x + r.width)) - x), height: Math.max(0, Math.min(height, Math.ceil(r.y + r.height)) - y) };
}

function copyRgb(src: Uint8Array, srcWidth: number, r: Rect): Uint8Array {
  const out = new Uint8Array(r.width * r.height * 3);
  for (let y = 0; y < r.height; y++) out.set(src.subarray(((r.y + y) * srcWidth + r.x) * 3, ((r.y + y) * srcWidth + r.x + r.width) * 3), y * r.width * 3);
  return out;
}

/**
 * Crops the document portrait: runs `detect` on the image (or on `region`), keeps the largest
 * face and returns it with a margin as RGB bytes, ready for the face matcher. Undefined when no
 * face is found.
 */
export async function cropDocumentFace(image: Uint8Array, detect: FaceDetector, options: CropOptions = {}): Promise<DocumentFaceCrop | undefined> {
  if (!image?.length) throw new DocumentInputError('DOCUMENT_IMAGE_EMPTY');
  const decoded = await sharp(image, { limitInputPixels: options.maxPixels ?? DEFAULT_MAX_PIXELS })
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw new DocumentInputError('DOCUMENT_IMAGE_INVALID');
    });
  const { width, height } = decoded.info;
  const rgb = new Uint8Array(decoded.data.buffer, decoded.data.byteOffset, decoded.data.length);
  const area = clampRect(options.region ?? { x: 0, y: 0, width, height }, width, height);
  if (area.width === 0 || area.height === 0) return undefined;
  const faces = await detect(copyRgb(rgb, width, area), area.width, area.height);
  const largest = faces.reduce<FaceBox | undefined>((best, f) => (!best || f.width * f.height > best.width * best.height ? f : best), undefined);
  if (!largest) return undefined;
  const m = options.margin ?? 0.25;
  const box = clampRect(
    {
      x: area.x + largest.x - largest.width * m,
      y: area.y + largest.y - largest.height * m,
      width: largest.width * (1 + 2 * m),
      height: largest.height * (1 + 2 * m),
    },
    width,
    height,
  );
  return { box, rgb: copyRgb(rgb, width, box), width: box.width, height: box.height };
}
