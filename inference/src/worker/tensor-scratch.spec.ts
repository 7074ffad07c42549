import { describe, expect, it } from 'vitest';
import { TensorScratch } from './tensor-scratch.ts';

describe('TensorScratch', () => {
  it('gives the same buffer to the next run of the same size, a new one for another size', async () => {
    const scratch = new TensorScratch();
    const first = await scratch.with(12, async (b) => b);
    expect(await scratch.with(12, async (b) => b)).toBe(first);
    const other = await scratch.with(6, async (b) => b);
    expect(other).not.toBe(first);
    expect(other).toHaveLength(6);
  });

  it('runs in flight at once never share a buffer', async () => {
    const scratch = new TensorScratch();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const outer = scratch.with(12, async (a) => {
      const inner = await scratch.with(12, async (b) => b);
      await held;
      return [a, inner];
    });
    release();
    const [a, b] = await outer;
    expect(a).not.toBe(b);
  });

  it('gives the buffer back when the run fails, and keeps only a few of each size', async () => {
    const scratch = new TensorScratch();
    let failed: Float32Array | undefined;
    await expect(
      scratch.with(4, async (b) => {
        failed = b;
        throw new Error('run failed');
      }),
    ).rejects.toThrow('run failed');
    expect(scratch.take(4)).toBe(failed);
    const many = [scratch.take(4), scratch.take(4), scratch.take(4)];
    for (const b of many) scratch.give(b);
    const kept = [scratch.take(4), scratch.take(4), scratch.take(4)];
    expect(kept.filter((b) => many.includes(b))).toHaveLength(2);
  });
});
