import { describe, expect, it } from 'vitest';
import { detectorSideFor, detectorSize } from './detect.ts';

describe('detectorSize', () => {
  it('scales the long side to 960 with multiples of 32', () => {
    expect(detectorSize(793, 536)).toEqual({ width: 960, height: 640 });
    expect(detectorSize(250, 159)).toEqual({ width: 960, height: 608 });
    expect(detectorSize(4000, 100)).toEqual({ width: 960, height: 32 });
  });
});

describe('detectorSideFor', () => {
  it('uses 960 for ordinary photos and upscales small scans at most ~2.5x (not below 640)', () => {
    expect(detectorSideFor(793, 536)).toBe(960);
    expect(detectorSideFor(570, 228)).toBe(960);
    expect(detectorSideFor(300, 200)).toBe(768);
    expect(detectorSideFor(250, 159)).toBe(640);
  });
});
