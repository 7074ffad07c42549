import sharp from 'sharp';
import { ACCEPTED_FORMATS, hasSeveralFrames } from '../../image-format.ts';
import { DocumentInputError } from '../errors.ts';
import type { Gray } from './raster.ts';

/** Longest side of the working page: MRZ characters stay 25-45 px tall on a full-frame document. */
export const WORK_MAX_SIDE = 2000;
/** Default pixel limit, as INFERENCE_MAX_PIXELS (platform/src/config/fields.ts). */
export const DEFAULT_MAX_PIXELS = 40_000_000;

export interface DecodedPage {
  /** Upright (EXIF-applied) greyscale page, at most WORK_MAX_SIDE on its longest side. */
  page: Gray;
  /** Size of the upright original; page pixels × scale = original pixels. */
  originalWidth: number;
  originalHeight: number;
  scale: number;
}

const asGray = (data: Buffer, width: number, height: number): Gray => ({ data: new Uint8Array(data.buffer, data.byteOffset, data.length), width, height });

/**
 * The header alone (no pixel decoded): the same formats and single-frame rule as face frames
 * (image-format.ts), and the pixel limit. The header read itself has no pixel limit, so a
 * decompression bomb is measured, and refused as too large, rather than failing as unreadable.
 */
async function measure(bytes: Uint8Array, maxPixels: number): Promise<{ width: number; height: number }> {
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new DocumentInputError('DOCUMENT_IMAGE_INVALID');
    });
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format))
    throw new DocumentInputError('DOCUMENT_IMAGE_INVALID', `unsupported format ${meta.format ?? 'unknown'}`);
  if (hasSeveralFrames(meta, bytes)) throw new DocumentInputError('DOCUMENT_IMAGE_INVALID', 'an image of several frames (animated)');
  if (!meta.width || !meta.height) throw new DocumentInputError('DOCUMENT_IMAGE_INVALID');
  if (meta.width * meta.height > maxPixels) throw new DocumentInputError('DOCUMENT_IMAGE_TOO_LARGE', `${meta.width}x${meta.height}`);
  const swapped = (meta.orientation ?? 1) >= 5;
  return swapped ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
}

/**
 * Validates and decodes an uploaded document image in memory (never to disk): applies EXIF
 * orientation, converts to greyscale and bounds its size. Truncated or corrupt data is refused
 * (sharp's default failOn 'warning'), as are images over `maxPixels`, before any pixel is decoded.
 */
export async function decodeDocument(bytes: Uint8Array, maxPixels = DEFAULT_MAX_PIXELS): Promise<DecodedPage> {
  if (!bytes || bytes.length === 0) throw new DocumentInputError('DOCUMENT_IMAGE_EMPTY');
  const original = await measure(bytes, maxPixels);
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels })
      .rotate()
      .flatten({ background: '#ffffff' }) // transparent areas of a scan are paper, not ink
      .resize({ width: WORK_MAX_SIDE, height: WORK_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      page: asGray(data, info.width, info.height),
      ...{ originalWidth: original.width, originalHeight: original.height },
      scale: original.width / info.width,
    };
  } catch {
    throw new DocumentInputError('DOCUMENT_IMAGE_INVALID');
  }
}

/** Resamples a grey image with libvips (area-averaging when shrinking). */
export async function resizeGray(src: Gray, width: number, height: number): Promise<Gray> {
  const { data, info } = await sharp(src.data, { raw: { width: src.width, height: src.height, channels: 1 } })
    .resize(width, height, { fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return asGray(data, info.width, info.height);
}
