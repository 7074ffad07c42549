import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE as DOCUMENT_ERRORS } from '@idgate/protos';
import { DocumentInputError, readDocument } from '../../src/document/index.ts';
import { animatedGif, animatedPng, pngHeaderOnly, SVG } from '../support/bad-images.ts';
import { documentFixture } from './support/fixtures.ts';

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocumentInputError);
  return (error as DocumentInputError).code;
}

describe('readDocument refuses input that is not a readable image', () => {
  it('empty bytes', async () => {
    expect(await codeOf(readDocument(new Uint8Array()))).toBe('DOCUMENT_IMAGE_EMPTY');
  });

  it('bytes that are no image', async () => {
    expect(await codeOf(readDocument(new TextEncoder().encode('%PDF-1.7 not an image at all')))).toBe('DOCUMENT_IMAGE_INVALID');
  });

  it('a truncated JPEG', async () => {
    const jpeg = await documentFixture('passport_td3_utopia_specimen.jpg');
    expect(await codeOf(readDocument(jpeg.subarray(0, Math.floor(jpeg.length / 2))))).toBe('DOCUMENT_IMAGE_INVALID');
  });

  it('an image over the pixel limit, refused before decoding', async () => {
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await codeOf(readDocument(big, { maxPixels: 5_000_000 }))).toBe('DOCUMENT_IMAGE_TOO_LARGE');
  });

  it('a decompression bomb (60000 x 60000 in the header), measured from the header and refused as too large', async () => {
    expect(await codeOf(readDocument(pngHeaderOnly(60_000, 60_000)))).toBe('DOCUMENT_IMAGE_TOO_LARGE');
  });

  // The face frames' rule (docs/errors.md "Images"): a document photo of another kind is refused, never read.
  it('SVG, even one that draws a picture', async () => {
    const error = await readDocument(SVG).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentInputError);
    expect(error).toMatchObject({ code: 'DOCUMENT_IMAGE_INVALID', message: expect.stringContaining('unsupported format svg') });
  });

  it('an animated GIF', async () => {
    expect(await codeOf(readDocument(await animatedGif()))).toBe('DOCUMENT_IMAGE_INVALID');
  });

  it('an animated PNG (APNG, which libvips reports as one page)', async () => {
    expect(await codeOf(readDocument(await animatedPng()))).toBe('DOCUMENT_IMAGE_INVALID');
  });

  it('carries the catalogue entry for the transport layer', () => {
    const error = new DocumentInputError('DOCUMENT_IMAGE_INVALID');
    expect(error).toMatchObject({
      code: 'DOCUMENT_IMAGE_INVALID',
      http: 422,
      grpc: 'INVALID_ARGUMENT',
      retryable: false,
      message: DOCUMENT_ERRORS.DOCUMENT_IMAGE_INVALID.message,
    });
  });
});
