import { appError } from '@idgate/protos';
import type { UploadedFile } from './multipart-form.ts';

/** The still-photo types the upload form offers, with the bytes each file of that type starts with. */
const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

export const UPLOAD_IMAGE_TYPES = Object.keys(SIGNATURES);

/**
 * The bytes of an uploaded photo, checked before they leave the gateway: present (IMAGE_EMPTY), at most
 * `maxBytes` (IMAGE_TOO_LARGE), declared as JPEG, PNG or WebP and starting like one
 * (UNSUPPORTED_MEDIA_TYPE). The inference node still decodes and judges the pixels.
 */
export function uploadedImage(file: UploadedFile | undefined, maxBytes: number): Buffer {
  if (!file || file.data.length === 0) throw appError('IMAGE_EMPTY', { message: 'Choose an image file to upload.' });
  if (file.data.length > maxBytes) throw appError('IMAGE_TOO_LARGE', { message: `The image is larger than ${maxBytes} bytes.` });
  const type = file.contentType.split(';')[0]?.trim() ?? '';
  const looksLike = SIGNATURES[type];
  if (!looksLike || !looksLike(file.data)) throw appError('UNSUPPORTED_MEDIA_TYPE', { message: 'Upload a JPEG, PNG or WebP photo.' });
  return file.data;
}
