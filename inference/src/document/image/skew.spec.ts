import { describe, expect, it } from 'vitest';
import { dominantSkewDegrees } from './skew.ts';

/** Smooth (anti-aliased) vertical bars rotated by `degrees`, like a PDF417 on a tilted card. */
function bars(degrees: number) {
  const size = 200;
  const a = (degrees * Math.PI) / 180;
  const data = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const u = (x - 100) * Math.cos(a) + (y - 100) * Math.sin(a);
      data[y * size + x] = Math.round(127.5 + 127.5 * Math.cos((2 * Math.PI * u) / 12));
    }
  }
  return { data, width: size, height: size };
}

describe('dominantSkewDegrees', () => {
  it.each([0, 7, -12, 20, 33])('measures %i degrees', (deg) => {
    expect(dominantSkewDegrees(bars(deg), 1)).toBeCloseTo(deg, 0);
  });

  it('treats a quarter turn as no skew', () => {
    expect(Math.abs(dominantSkewDegrees(bars(90), 1))).toBeLessThan(1);
  });
});
