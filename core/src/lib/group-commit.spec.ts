import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.ts';

describe('GroupCommit', () => {
  it('runs calls made in the same turn of the event loop as one batch, answering each in order', async () => {
    const batches: number[][] = [];
    const gc = new GroupCommit<number, number>(
      async (items) => {
        batches.push(items);
        return items.map((i) => i * 10);
      },
      { maxBatch: 64 },
    );
    const answers = await Promise.all([1, 2, 3].map((i) => gc.submit(i)));
    expect(answers).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('caps a batch at maxBatch and runs the rest in the next one', async () => {
    const batches: number[][] = [];
    const gc = new GroupCommit<number, number>(
      async (items) => {
        batches.push(items);
        return items;
      },
      { maxBatch: 2 },
    );
    expect(await Promise.all([1, 2, 3, 4, 5].map((i) => gc.submit(i)))).toEqual([1, 2, 3, 4, 5]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('a failed batch rejects each of its callers, and the next batch runs normally', async () => {
    let fail = true;
    const gc = new GroupCommit<number, number>(
      async (items) => {
        if (fail) throw new Error('database down');
        return items;
      },
      { maxBatch: 64 },
    );
    const failed = await Promise.allSettled([gc.submit(1), gc.submit(2)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await gc.submit(3)).toBe(3);
  });

  it('a call alone is not held back beyond the current turn', async () => {
    const gc = new GroupCommit<number, number>(async (items) => items, { maxBatch: 64 });
    const started = performance.now();
    await gc.submit(1);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
