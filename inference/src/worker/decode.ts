import sharp, { type Metadata } from 'sharp';
import { appError } from '@idgate/protos';
import type { RgbImage } from '../vision/index.ts';
import { ACCEPTED_FORMATS, hasSeveralFrames } from '../image-format.ts';
import type { ImageLimits } from './runtime.ts';

/**
 * Decodes untrusted image bytes to RGB (MANIFEST 4: EXIF orientation applied, alpha removed,
 * sRGB). The header is checked with sharp.metadata() BEFORE decoding, so a decompression bomb is
 * refused without allocating its pixels. Images are downscaled to `workingMaxSide` (shrink-on-load
 * for JPEG) to bound memory and time per worker. Nothing is written to disk and nothing is cached
 * (sharp.cache(false) is set by the worker).
 */
export async function decodeImage(bytes: Uint8Array, limits: ImageLimits, workingMaxSide: number): Promise<RgbImage> {
  if (bytes.byteLength === 0) throw appError('IMAGE_EMPTY', { details: { reasons: ['image_empty'] } });
  if (bytes.byteLength > limits.maxImageBytes) throw appError('IMAGE_TOO_LARGE', { details: { reasons: ['image_bytes_over_limit'] } });
  const meta = await readHeader(bytes);
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format))
    throw appError('IMAGE_UNDECODABLE', { details: { reasons: [`unsupported_format_${meta.format ?? 'unknown'}`] } });
  if (!meta.width || !meta.height) throw appError('IMAGE_UNDECODABLE', { details: { reasons: ['image_dimensions_unknown'] } });
  if (meta.width * meta.height > limits.maxPixels) throw appError('IMAGE_TOO_LARGE', { details: { reasons: ['image_pixels_over_limit'] } });
  if (hasSeveralFrames(meta, bytes)) throw appError('IMAGE_ANIMATED', { details: { reasons: ['image_has_multiple_frames'] } });
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'warning' })
      .rotate()
      .resize({ width: workingMaxSide, height: workingMaxSide, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
  } catch (err) {
    throw appError('IMAGE_UNDECODABLE', { details: { reasons: ['image_decode_failed'] }, cause: err });
  }
}

async function readHeader(bytes: Uint8Array): Promise<Metadata> {
  try {
    return await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw appError('IMAGE_UNDECODABLE', { details: { reasons: ['image_not_recognised'] }, cause: err });
  }
}

/** Resizes RGB pixels with sharp (linear kernel, as InsightFace/OpenCV bilinear) for detector input. */
export async function resizeRgb(img: RgbImage, width: number, height: number): Promise<RgbImage> {
  if (img.width === width && img.height === height) return img;
  const { data } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width, height };
}
