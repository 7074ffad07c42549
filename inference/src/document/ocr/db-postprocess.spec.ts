import { describe, expect, it } from 'vitest';
import { dbPostprocess } from './db-postprocess.ts';

function mapWith(width: number, height: number, inside: (x: number, y: number) => boolean, value = 0.9): Float32Array {
  const map = new Float32Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (inside(x, y)) map[y * width + x] = value;
  return map;
}

describe('dbPostprocess', () => {
  it('finds an upright text kernel and unclips it', () => {
    const boxes = dbPostprocess(
      mapWith(200, 60, (x, y) => x >= 20 && x < 180 && y >= 25 && y < 35),
      200,
      60,
    );
    expect(boxes).toHaveLength(1);
    const [b] = boxes;
    expect(b.cx).toBeCloseTo(100, 0);
    expect(b.cy).toBeCloseTo(30, 0);
    expect(b.angle).toBeCloseTo(0, 3);
    // Kernel 160x10; unclip offset = area * 1.5 / perimeter = 1600 * 1.5 / 340.
    const grow = (160 * 10 * 1.5) / 340;
    expect(b.width).toBeCloseTo(160 + 2 * grow, 0);
    expect(b.height).toBeCloseTo(10 + 2 * grow, 0);
    expect(b.score).toBeCloseTo(0.9);
  });

  it('measures the angle of a skewed line', () => {
    const slope = Math.tan((10 * Math.PI) / 180);
    const map = mapWith(300, 120, (x, y) => x > 30 && x < 270 && Math.abs(y - 40 - (x - 30) * slope) < 5);
    const [b] = dbPostprocess(map, 300, 120);
    expect((b.angle * 180) / Math.PI).toBeCloseTo(10, 0);
  });

  it('drops faint and tiny regions', () => {
    expect(
      dbPostprocess(
        mapWith(50, 50, (x, y) => x > 10 && x < 40 && y > 10 && y < 20, 0.4),
        50,
        50,
      ),
    ).toEqual([]);
    expect(
      dbPostprocess(
        mapWith(50, 50, (x, y) => x === 5 && y === 5),
        50,
        50,
      ),
    ).toEqual([]);
  });

  it('separates two lines', () => {
    const map = mapWith(200, 80, (x, y) => x > 10 && x < 190 && ((y > 10 && y < 20) || (y > 50 && y < 60)));
    // Kernel rows 11-19 and 51-59: pixel centres at +0.5.
    expect(dbPostprocess(map, 200, 80).map((b) => b.cy)).toEqual([15.5, 55.5]);
  });
});
