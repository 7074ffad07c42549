import { describe, expect, it } from 'vitest';
import { GRPC_MAX_MESSAGE_BYTES } from '@idgate/protos';
import { framesBodyLimit } from './widget.routes.ts';

/** The raw frame bytes the largest accepted body can carry (base64 in JSON, 4096 bytes of JSON around it). */
const rawBytesWithin = (bodyLimit: number): number => Math.floor(((bodyLimit - 4096) * 3) / 4);

describe('framesBodyLimit: the frames endpoint accepts only what one gRPC message to core can carry', () => {
  it('with the default image limit (15 MB), 8 frames would not fit: the gRPC message bounds the body', () => {
    const limit = framesBodyLimit(15_000_000);
    expect(limit).toBeLessThan(8 * Math.ceil((15_000_000 * 4) / 3) + 4096);
    // The audit's request: 5 frames of 14 MB (70 MB) went past the hop's limit and got a 503.
    expect(Math.ceil((5 * 14_000_000 * 4) / 3)).toBeGreaterThan(limit);
    expect(rawBytesWithin(limit)).toBeLessThan(GRPC_MAX_MESSAGE_BYTES);
    // 4 frames of 14 MB still fit, as before.
    expect(Math.ceil((4 * 14_000_000 * 4) / 3)).toBeLessThan(limit);
  });

  it('with a small image limit, 8 frames of the largest image are the bound', () => {
    expect(framesBodyLimit(1_000_000)).toBe(8 * Math.ceil((1_000_000 * 4) / 3) + 4096);
  });
});
