import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { GpuRunLock } from '../src/worker/gpu-run-lock.ts';

const WORKER = new URL('./support/gpu-lock-worker.ts', import.meta.url);

function contender(lock: GpuRunLock, inside: SharedArrayBuffer, rounds: number): { worker: Worker; message: Promise<unknown> } {
  const worker = new Worker(WORKER, { workerData: { lock: lock.buffer, inside, rounds } });
  return { worker, message: new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject)) };
}

describe('GpuRunLock (one WebGPU run at a time across worker threads, onnxruntime#32561)', () => {
  it('admits one holder at a time among threads that contend for it', async () => {
    const lock = GpuRunLock.create();
    const inside = new SharedArrayBuffer(4);
    const threads = [1, 2, 3].map(() => contender(lock, inside, 40));
    const most = await Promise.all(threads.map((t) => t.message));
    expect(most).toEqual([1, 1, 1]);
    await Promise.all(threads.map((t) => t.worker.terminate()));
  });

  it('is freed for the others when the thread holding it exits, and only then', async () => {
    const lock = GpuRunLock.create();
    const holder = contender(lock, new SharedArrayBuffer(4), 0);
    expect(await holder.message).toBe('holding');
    const id = holder.worker.threadId;
    let acquired = false;
    const waiting = lock.hold(async () => {
      acquired = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    lock.releaseIfHeldBy(id + 1000); // another thread's exit does not free it
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(acquired).toBe(false);
    await holder.worker.terminate();
    lock.releaseIfHeldBy(id);
    await waiting;
    expect(acquired).toBe(true);
  });
});
