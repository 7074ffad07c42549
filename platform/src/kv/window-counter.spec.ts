import { describe, expect, it } from 'vitest';
import { MemoryKeyValueStore } from './memory.ts';
import { WindowCounter } from './window-counter.ts';

describe('WindowCounter', () => {
  it('sends the hits of one turn as one increment and gives each caller its own position', async () => {
    const kv = new MemoryKeyValueStore();
    const calls: number[] = [];
    const incrWindow = kv.incrWindow.bind(kv);
    kv.incrWindow = (key, ttl, by) => {
      calls.push(by ?? 1);
      return incrWindow(key, ttl, by);
    };
    const counter = new WindowCounter(kv);
    await kv.incrWindow('k', 10_000, 2); // two hits counted earlier
    calls.length = 0;
    const counts = await Promise.all(Array.from({ length: 10 }, () => counter.incr('k', 10_000)));
    expect(counts).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(calls).toEqual([10]);
    expect(await counter.incr('k', 10_000)).toBe(13);
    expect(await counter.incr('other', 10_000)).toBe(1);
  });

  it('a store failure rejects every caller of the batch', async () => {
    const kv = new MemoryKeyValueStore();
    kv.incrWindow = () => Promise.reject(new Error('down'));
    const counter = new WindowCounter(kv);
    const results = await Promise.allSettled([counter.incr('k', 1000), counter.incr('k', 1000)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
