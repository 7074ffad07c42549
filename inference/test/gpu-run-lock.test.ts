import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { createLogger } from '@idgate/platform';
import { InferencePool, loadModelManifest, prepareOcrModelBytes } from '../src/index.ts';
import { GpuRunLock } from '../src/worker/gpu-run-lock.ts';
import { SHARED_MODELS_DIR } from './fixtures/index.ts';
import { TEST_WORKER_FILE, type TestTaskName } from './fixtures/test-worker.ts';
import { errorOf } from './support/test-node.ts';

const newLock = () => new GpuRunLock(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));

const WORKER = new URL('./support/gpu-lock-worker.ts', import.meta.url);

function contender(lock: GpuRunLock, inside: SharedArrayBuffer, rounds: number): { worker: Worker; message: Promise<unknown> } {
  const worker = new Worker(WORKER, { workerData: { lock: lock.buffer, inside, rounds } });
  return { worker, message: new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject)) };
}

describe('GpuRunLock (one WebGPU run at a time across worker threads, onnxruntime#32561)', () => {
  it('admits one holder at a time among threads that contend for it', async () => {
    const lock = newLock();
    const inside = new SharedArrayBuffer(4);
    const threads = [1, 2, 3].map(() => contender(lock, inside, 40));
    const most = await Promise.all(threads.map((t) => t.message));
    expect(most).toEqual([1, 1, 1]);
    await Promise.all(threads.map((t) => t.worker.terminate()));
  });

  it("is freed by releaseIfHeldBy(the holder) once the holder has exited, and not by another thread's id", async () => {
    const lock = newLock();
    const holder = contender(lock, new SharedArrayBuffer(4), 0);
    const id = holder.worker.threadId; // read now: it is -1 once the thread has exited
    expect(await holder.message).toBe('holding');
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

describe('an inference pool configured for WebGPU', () => {
  it('frees the GPU run lock when a worker dies holding it, so the other workers do not wait forever', async () => {
    const models = await loadModelManifest({ modelsDir: process.env.MODELS_DIR || SHARED_MODELS_DIR });
    const pool = new InferencePool<TestTaskName>({
      models,
      documentModels: await prepareOcrModelBytes(),
      size: 2,
      intraOpThreads: 1,
      maxQueue: 4,
      executionProvider: 'webgpu',
      limits: { maxPixels: 40e6, maxImageBytes: 15e6 },
      workerFile: TEST_WORKER_FILE,
      logger: createLogger({ level: 'silent', component: 'test' }),
    });
    await pool.start();
    try {
      expect((await errorOf(pool.run('testExitHoldingGpuLock', {}))).code).toBe('INFERENCE_WORKER_FAILED');
      // Hangs (test timeout) if the dead worker's hold was not freed on its exit.
      await pool.run('testTakeGpuLock', {});
      await pool.run('testTakeGpuLock', {});
    } finally {
      await pool.close();
    }
  }, 120_000);
});
