import { describe, expect, it } from 'vitest';
import { PlaceQueue } from './place-queue.ts';

const settled = async (p: Promise<unknown>) => {
  let state = 'pending';
  p.then(
    () => (state = 'taken'),
    (e: Error) => (state = e.name),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return state;
};

describe('PlaceQueue', () => {
  it('gives the free places at once, then makes callers wait in arrival order', async () => {
    const q = new PlaceQueue(2);
    const [a, b, c, d] = [q.take(), q.take(), q.take(), q.take()];
    expect([await settled(a), await settled(b), await settled(c), await settled(d)]).toEqual(['taken', 'taken', 'pending', 'pending']);
    expect({ taken: q.taken, waiting: q.waiting }).toEqual({ taken: 2, waiting: 2 });
    q.give();
    expect([await settled(c), await settled(d)]).toEqual(['taken', 'pending']);
    q.give();
    expect(await settled(d)).toBe('taken');
    q.give();
    q.give();
    expect({ taken: q.taken, waiting: q.waiting }).toEqual({ taken: 0, waiting: 0 });
  });

  it('a caller who aborts while waiting leaves the line at once and holds nothing', async () => {
    const q = new PlaceQueue(1);
    await q.take();
    const leaving = new AbortController();
    const gone = q.take(leaving.signal);
    const next = q.take();
    leaving.abort();
    expect(await settled(gone)).toBe('AbortError');
    expect(q.waiting).toBe(1);
    q.give(); // to `next`, not to the caller who left
    expect(await settled(next)).toBe('taken');
    expect(q.taken).toBe(1);
  });

  it('an already aborted signal is refused without taking a place', async () => {
    const q = new PlaceQueue(1);
    expect(await settled(q.take(AbortSignal.abort()))).toBe('AbortError');
    expect(q.taken).toBe(0);
  });

  it('refuseWaiting turns every caller waiting away at once; places in use stay taken', async () => {
    const q = new PlaceQueue(1);
    await q.take();
    const waiting = [q.take(), q.take()];
    q.refuseWaiting(() => new Error('closing'));
    for (const w of waiting) await expect(w).rejects.toThrow('closing');
    expect({ taken: q.taken, waiting: q.waiting }).toEqual({ taken: 1, waiting: 0 });
    q.give();
    expect(q.taken).toBe(0);
  });

  it('a place given with nobody waiting is free again', async () => {
    const q = new PlaceQueue(1);
    await q.take();
    q.give();
    expect(await settled(q.take())).toBe('taken');
  });
});
