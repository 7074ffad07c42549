import { describe, expect, it } from 'vitest';
import { crop, rotateQuarter, sampleRotatedRect, type Gray } from './raster.ts';

const grid: Gray = { data: Uint8Array.from([1, 2, 3, 4, 5, 6]), width: 3, height: 2 };

describe('raster helpers', () => {
  it('rotates by quarter turns clockwise', () => {
    expect(rotateQuarter(grid, 1)).toEqual({ data: Uint8Array.from([4, 1, 5, 2, 6, 3]), width: 2, height: 3 });
    expect(rotateQuarter(grid, 2)).toEqual({ data: Uint8Array.from([6, 5, 4, 3, 2, 1]), width: 3, height: 2 });
    expect(rotateQuarter(rotateQuarter(grid, 3), 1)).toEqual(grid);
  });

  it('crops with clamping', () => {
    expect(crop(grid, { x: 1, y: 0, width: 5, height: 1 })).toEqual({ data: Uint8Array.from([2, 3]), width: 2, height: 1 });
  });

  it('samples an upright rectangle pixel for pixel and a half-turned one mirrored', () => {
    const rect = { cx: 1.5, cy: 1, width: 3, height: 2, angle: 0 };
    expect(sampleRotatedRect(grid, rect, 3, 2).data).toEqual(grid.data);
    expect(sampleRotatedRect(grid, { ...rect, angle: Math.PI }, 3, 2).data).toEqual(Uint8Array.from([6, 5, 4, 3, 2, 1]));
  });
});
