import { describe, expect, it } from 'vitest';
import { laplacianVariance } from './quality.ts';

describe('laplacianVariance', () => {
  it('is zero on a flat image and large on fine detail', () => {
    const flat = { data: new Uint8Array(64 * 64).fill(128), width: 64, height: 64 };
    expect(laplacianVariance(flat)).toBe(0);
    const checker = { data: Uint8Array.from({ length: 64 * 64 }, (_, i) => (((i % 64) + Math.floor(i / 64)) % 2 ? 255 : 0)), width: 64, height: 64 };
    expect(laplacianVariance(checker)).toBeGreaterThan(100_000);
  });

  it('falls when the same edges are smoothed', () => {
    const edge = (soft: boolean) => ({
      data: Uint8Array.from({ length: 64 * 64 }, (_, i) => {
        const x = i % 64;
        return soft ? Math.max(0, Math.min(255, (x - 24) * 16)) : x < 32 ? 0 : 255;
      }),
      width: 64,
      height: 64,
    });
    expect(laplacianVariance(edge(true))).toBeLessThan(laplacianVariance(edge(false)));
  });
});
