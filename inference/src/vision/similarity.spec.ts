import { describe, expect, it } from 'vitest';
import { cosineSimilarity, isSamePerson, l2Normalize } from './similarity.ts';

describe('embedding similarity', () => {
  it('L2-normalises to unit length', () => {
    const v = l2Normalize([3, 4]);
    expect(Array.from(v)).toEqual([expect.closeTo(0.6, 6), expect.closeTo(0.8, 6)]);
    expect(Array.from(l2Normalize([0, 0]))).toEqual([0, 0]);
  });

  it('is 1 for the same direction, 0 for orthogonal, -1 for opposite', () => {
    expect(cosineSimilarity([1, 2], [2, 4])).toBeCloseTo(1, 9);
    expect(cosineSimilarity([1, 0], [0, 3])).toBeCloseTo(0, 9);
    expect(cosineSimilarity([1, 1], [-1, -1])).toBeCloseTo(-1, 9);
  });

  it('refuses embeddings of different lengths', () => {
    expect(() => cosineSimilarity([1], [1, 2])).toThrow(RangeError);
  });

  it('matches at or above the threshold only', () => {
    expect(isSamePerson(0.35, 0.35)).toBe(true);
    expect(isSamePerson(0.3499, 0.35)).toBe(false);
  });
});
