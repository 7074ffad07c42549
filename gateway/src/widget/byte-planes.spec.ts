import { describe, expect, it } from 'vitest';
import { joinPlanes, splitPlanes } from './byte-planes.ts';

describe('byte planes', () => {
  it('groups the bytes by their place in each group and restores them exactly, for any length', () => {
    const bytes = Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect([...splitPlanes(bytes, 4)]).toEqual([1, 5, 9, 2, 6, 10, 3, 7, 4, 8]);
    expect([...splitPlanes(bytes, 2)]).toEqual([1, 3, 5, 7, 9, 2, 4, 6, 8, 10]);
    for (const planes of [1, 2, 3, 4]) {
      const random = Uint8Array.from({ length: 1001 }, (_, i) => (i * 7919) % 251);
      expect(joinPlanes(splitPlanes(random, planes), planes)).toEqual(random);
    }
  });
});
