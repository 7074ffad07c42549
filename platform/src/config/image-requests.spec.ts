import { describe, expect, it } from 'vitest';
import {
  base64Length,
  decodedLength,
  framesBodyLimit,
  GRPC_MAX_MESSAGE_BYTES,
  imageBodyLimit,
  largestImageRequest,
  MAX_FRAMES_PER_REQUEST,
} from './image-requests.ts';

/** The raw frame bytes the largest accepted body can carry (base64 in JSON, 4096 bytes of JSON around it). */
const rawBytesWithin = (bodyLimit: number): number => Math.floor(((bodyLimit - 4096) * 3) / 4);

describe('framesBodyLimit: the frames route accepts only what one gRPC message to core can carry', () => {
  it('with 15 MB frames, 8 frames would not fit: the gRPC message bounds the body (about 89 MB)', () => {
    const limit = framesBodyLimit(15_000_000);
    expect(limit).toBeLessThan(MAX_FRAMES_PER_REQUEST * base64Length(15_000_000) + 4096);
    // An earlier audit's request: 5 frames of 14 MB (70 MB) went past the hop's limit and got a 503.
    expect(base64Length(5 * 14_000_000)).toBeGreaterThan(limit);
    expect(rawBytesWithin(limit)).toBeLessThan(GRPC_MAX_MESSAGE_BYTES);
  });

  it('with the default 4 MB frame cap, 8 frames of the largest frame are the bound (about 43 MB)', () => {
    expect(framesBodyLimit(4_000_000)).toBe(8 * base64Length(4_000_000) + 4096);
    expect(framesBodyLimit(4_000_000)).toBe(42_670_784);
  });
});

describe('image request sizes', () => {
  it('one image route takes one image of the limit as base64, with room for its JSON', () => {
    expect(imageBodyLimit(15_000_000)).toBe(20_004_096);
    expect(imageBodyLimit(15_000_000, 2)).toBe(40_004_096);
    expect(imageBodyLimit(1_000_000)).toBe(base64Length(1_000_000) + 4096);
  });

  it('the largest request is the larger of 8 frames and one image', () => {
    expect(largestImageRequest({ faceFrameMaxBytes: 4_000_000, inferenceMaxImageBytes: 15_000_000 })).toBe(framesBodyLimit(4_000_000));
    // The document route carries front and back: two images.
    expect(largestImageRequest({ faceFrameMaxBytes: 100_000, inferenceMaxImageBytes: 15_000_000 })).toBe(imageBodyLimit(15_000_000, 2));
  });

  it('decodedLength is the length Buffer.from(base64) gives, without decoding', () => {
    for (const n of [0, 1, 2, 3, 4, 5, 1000, 1001, 1002]) {
      const b64 = Buffer.alloc(n, 7).toString('base64');
      expect(decodedLength(b64), `${n} bytes`).toBe(n);
      expect(b64.length).toBe(base64Length(n));
    }
  });
});
