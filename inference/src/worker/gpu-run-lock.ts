import { threadId } from 'node:worker_threads';

const FREE = 0;

/**
 * One WebGPU session run at a time across the pool's worker threads.
 *
 * onnxruntime's WebGPU provider shares one GPU device among every session of the process, and two
 * threads running sessions at once crash the whole process (SIGSEGV; microsoft/onnxruntime#32561,
 * open; reproduced here on Vulkan). The GPU runs one kernel stream anyway, so holding this lock
 * only around `session.run` costs little: the workers still overlap everything else (decoding,
 * alignment, quality checks) and queue at the GPU alone.
 *
 * The cell holds the holder's thread id (0: free), so that the pool can free it when a worker
 * dies holding it (`releaseIfHeldBy`, on the thread's exit), instead of every other worker
 * waiting forever.
 */
export class GpuRunLock {
  readonly #cell: Int32Array;
  /** The shared cell, to hand to the workers (workerData) that must share this lock. */
  readonly buffer: SharedArrayBuffer;

  constructor(buffer: SharedArrayBuffer) {
    this.buffer = buffer;
    this.#cell = new Int32Array(buffer);
  }

  /**
   * The lock of this process: every pool and in-process runner created on this thread shares it
   * (the workers get its buffer), since they all share onnxruntime's one WebGPU device.
   */
  static processWide(): GpuRunLock {
    processLock ??= new GpuRunLock(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
    return processLock;
  }

  async hold<T>(fn: () => Promise<T>): Promise<T> {
    // The main thread's id is 0, the free marker: a holder is marked by id + 1.
    const me = threadId + 1;
    for (;;) {
      const holder = Atomics.compareExchange(this.#cell, 0, FREE, me);
      if (holder === FREE) break;
      const wait = Atomics.waitAsync(this.#cell, 0, holder);
      if (!wait.async) continue;
      // A pending waitAsync does not keep a thread's event loop alive (nodejs/node#44729): a
      // thread with nothing else to do would exit while it waits its turn.
      const keepAlive = setInterval(() => {}, 2 ** 30);
      try {
        await wait.value;
      } finally {
        clearInterval(keepAlive);
      }
    }
    try {
      return await fn();
    } finally {
      this.#release(me);
    }
  }

  /** Frees the lock if the thread `id` (a worker that has exited) still holds it. */
  releaseIfHeldBy(id: number): void {
    this.#release(id + 1);
  }

  #release(holder: number): void {
    // Every waiter is woken (at most one per worker): a single wake-up could go to a thread that
    // is being terminated and be lost, leaving the others asleep on a free lock.
    if (Atomics.compareExchange(this.#cell, 0, holder, FREE) === holder) Atomics.notify(this.#cell, 0);
  }
}

let processLock: GpuRunLock | undefined;

/** Runs `fn` under `lock` where there is one (a session on WebGPU), directly otherwise. */
export function underRunLock<T>(lock: GpuRunLock | undefined, fn: () => Promise<T>): Promise<T> {
  return lock ? lock.hold(fn) : fn();
}
