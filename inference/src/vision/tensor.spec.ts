import { describe, expect, it } from 'vitest';
import { letterboxSize, stackBatch, toNchw } from './tensor.ts';
import type { RgbImage } from './types.ts';

const img: RgbImage = { width: 2, height: 1, data: Uint8Array.from([10, 20, 30, 40, 50, 60]) };

describe('tensor building (NCHW, batch 1)', () => {
  it('writes plane by plane in RGB order with mean and std', () => {
    expect(Array.from(toNchw(img, { channelOrder: 'rgb', mean: 0, std: 1 }))).toEqual([10, 40, 20, 50, 30, 60]);
    expect(Array.from(toNchw(img, { channelOrder: 'rgb', mean: 10, std: 10 }))).toEqual([0, 3, 1, 4, 2, 5]);
  });

  it('swaps to BGR when the model wants it', () => {
    expect(Array.from(toNchw(img, { channelOrder: 'bgr', mean: 0, std: 1 }))).toEqual([30, 60, 20, 50, 10, 40]);
  });

  it('pastes at the top-left of a black canvas, padding normalised like black pixels', () => {
    const t = toNchw(img, { channelOrder: 'rgb', mean: 127.5, std: 128 }, 3, 2);
    expect(t.length).toBe(18);
    expect(t[0]).toBeCloseTo((10 - 127.5) / 128, 6);
    expect(t[2]).toBeCloseTo(-127.5 / 128, 6);
    expect(t[5]).toBeCloseTo(-127.5 / 128, 6);
  });

  it('written into a reused buffer: every value overwritten, padding included; a buffer of the wrong size is refused', () => {
    const spec = { channelOrder: 'rgb', mean: 127.5, std: 128 } as const;
    const reused = new Float32Array(18).fill(Number.NaN);
    expect(toNchw(img, spec, 3, 2, reused)).toBe(reused);
    expect(Array.from(reused)).toEqual(Array.from(toNchw(img, spec, 3, 2)));
    expect(() => toNchw(img, spec, 3, 2, new Float32Array(17))).toThrow(RangeError);
  });

  it('takes per-channel mean and std', () => {
    expect(Array.from(toNchw(img, { channelOrder: 'rgb', mean: [10, 20, 30], std: [1, 2, 3] }))).toEqual([0, 30, 0, 15, 0, 10]);
  });

  it('computes the letterbox scale and size', () => {
    expect(letterboxSize(910, 1137, 320, 320)).toEqual({ scale: 320 / 1137, width: 256, height: 320 });
    expect(letterboxSize(640, 480, 640, 640)).toEqual({ scale: 1, width: 640, height: 480 });
  });

  it('stacks batch tensors', () => {
    expect(Array.from(stackBatch([Float32Array.of(1, 2), Float32Array.of(3, 4)]))).toEqual([1, 2, 3, 4]);
  });
});
