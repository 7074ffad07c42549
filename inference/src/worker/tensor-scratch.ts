/**
 * Float32 buffers for model inputs, reused from one run to the next instead of allocated per run.
 *
 * Why: every new typed array is external memory to V8, and V8 starts a full collection after
 * every 64 MB of it; with the heap floor (pool/worker-heap.ts) that is what still triggers a
 * worker's full collections. The detector's two 320x320 inputs per facial check (the frame and
 * the orientation mosaic, 1.2 MB each) were about half of what a check allocated: reused, a
 * worker runs half as many full collections (10 -> 5 per 120 checks) and 2 workers 3% more
 * checks/s on the 2-core host.
 *
 * A buffer is taken for one run and given back after it; a caller running several checks at
 * once on one runtime (the in-process runner) simply gets another buffer, so nothing is shared
 * between runs in flight. Only a few buffers of each size are kept.
 */
export class TensorScratch {
  readonly #free = new Map<number, Float32Array[]>();
  static readonly #KEEP_PER_SIZE = 2;

  /** A buffer of `length` values; its contents are whatever a previous run left there. */
  take(length: number): Float32Array {
    return this.#free.get(length)?.pop() ?? new Float32Array(length);
  }

  /** Gives a buffer back once the run that used it has finished. */
  give(buffer: Float32Array): void {
    const list = this.#free.get(buffer.length) ?? [];
    if (list.length < TensorScratch.#KEEP_PER_SIZE) list.push(buffer);
    this.#free.set(buffer.length, list);
  }

  /** Runs `fn` with a buffer of `length` values, given back when `fn` settles. */
  async with<T>(length: number, fn: (buffer: Float32Array) => Promise<T>): Promise<T> {
    const buffer = this.take(length);
    try {
      return await fn(buffer);
    } finally {
      this.give(buffer);
    }
  }
}
