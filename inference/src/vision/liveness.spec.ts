import { describe, expect, it } from 'vitest';
import { burstLiveness, combineLiveness, livenessCropRect, softmax } from './liveness.ts';

describe('MiniFASNet crop (upstream CropImage._get_new_box)', () => {
  it('grows the box around its centre by the scale', () => {
    // box 100x100 at (200,200) -> w = h = 101, scale 2.7 -> 272.7 wide around centre 250.5
    const r = livenessCropRect({ x1: 200, y1: 200, x2: 300, y2: 300 }, 1000, 1000, 2.7);
    expect(r).toEqual({ left: 114, top: 114, right: 386, bottom: 386 });
  });

  it('caps the scale so the crop fits, and shifts it back inside the image', () => {
    const r = livenessCropRect({ x1: 0, y1: 10, x2: 100, y2: 110 }, 300, 200, 4);
    expect(r.left).toBe(0);
    expect(r.top).toBe(0);
    expect(r.bottom).toBeLessThanOrEqual(199);
    expect(r.right).toBeLessThanOrEqual(299);
  });
});

describe('liveness scoring', () => {
  it('averages the real-class probability of every model (upstream test.py)', () => {
    const a = [0, 5, 0];
    const b = [0, 0, 5];
    expect(combineLiveness([a, b], 1)).toBeCloseTo((softmax(a)[1] + softmax(b)[1]) / 2, 9);
  });

  it('judges a burst by its median frame and rejects it when one frame is a confident spoof', () => {
    expect(burstLiveness([0.9, 0.95, 0.1], 0.6, 0.2)).toEqual({ score: 0.9, live: false });
    expect(burstLiveness([0.9, 0.95, 0.3], 0.6, 0.2)).toEqual({ score: 0.9, live: true });
    expect(burstLiveness([0.9, 0.5, 0.4], 0.6, 0.2).live).toBe(false);
    expect(burstLiveness([], 0.6, 0.2).live).toBe(false);
  });
});
