import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@idgate/platform';
import { InferencePool, loadModelManifest, prepareOcrModelBytes, type CheckResult, type EmbedResult, type VerifiedModels } from '../src/index.ts';
import type { OcrModelBytes } from '../src/document/index.ts';
import { SHARED_MODELS_DIR } from './fixtures/index.ts';
import { TEST_WORKER_FILE, type TestTaskName } from './fixtures/test-worker.ts';
import { errorOf, face } from './support/test-node.ts';

// INFERENCE_TASKS_PER_WORKER (default 2): a worker runs two tasks interleaved, so that one task's
// image decoding (on libvips' threads) overlaps the other's model runs (on the worker thread).
// Interleaving must not mix the tasks' data, a crash answers every task on the thread, and
// cancelling never kills a thread: the task stops at its next check.
let models: VerifiedModels;
let documentModels: OcrModelBytes;
let pool: InferencePool<TestTaskName>;
const logger = createLogger({ level: 'silent', component: 'test' });
const newPool = (size: number) =>
  new InferencePool<TestTaskName>({
    models,
    documentModels,
    size,
    tasksPerWorker: 2,
    intraOpThreads: 1,
    maxQueue: 8,
    executionProvider: 'cpu',
    limits: { maxPixels: 40e6, maxImageBytes: 15e6 },
    workerFile: TEST_WORKER_FILE,
    logger,
  });

beforeAll(async () => {
  models = await loadModelManifest({ modelsDir: process.env.MODELS_DIR || SHARED_MODELS_DIR });
  documentModels = await prepareOcrModelBytes();
  pool = newPool(1);
  await pool.start();
});
afterAll(() => pool?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const bytesOf = async (name: string) => new Uint8Array(await face(name)).buffer;

async function checkJob(name: string): Promise<CheckResult> {
  const image = await bytesOf(name);
  return pool.run<CheckResult>('check', { images: [image] }, { transfer: [image] });
}

describe('tasks per worker', () => {
  it('checks interleaved on one worker answer exactly what each answers alone', async () => {
    const names = ['obama_1.jpg', 'biden_1.jpg', 'rdj_3.jpg', 'nicole_1.jpg'];
    const alone: CheckResult[] = [];
    for (const name of names) alone.push(await checkJob(name));
    const together = await Promise.all(names.map(checkJob));
    together.forEach((r, i) => {
      expect(Array.from(r.embedding.embedding)).toEqual(Array.from(alone[i].embedding.embedding));
      expect(r.liveness.score).toBe(alone[i].liveness.score);
      expect(r.age.range).toEqual(alone[i].age.range);
    });
  });

  it('one worker runs two tasks at once; a third waits for a place', async () => {
    // testOverlap tasks count themselves in slot 1 and wait for slot 0; each answers how many were
    // running on the worker when the gate opened.
    const gate = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
    const tasks = [0, 1, 2].map(() => pool.run<number>('testOverlap', { gate: gate.buffer }));
    const giveUpAt = Date.now() + 5_000;
    while (Atomics.load(gate, 1) < 2 && Date.now() < giveUpAt) await sleep(5);
    await sleep(50);
    expect(Atomics.load(gate, 1)).toBe(2); // two started on the only worker, the third did not
    expect(pool.stats()).toMatchObject({ size: 1, busy: 1, queued: 1 });
    Atomics.store(gate, 0, 1);
    Atomics.notify(gate, 0);
    const [first, second] = await Promise.all(tasks);
    expect([first, second]).toEqual([2, 2]);
    expect(Atomics.load(gate, 1)).toBe(3);
    expect(pool.stats()).toMatchObject({ busy: 0, queued: 0 });
  });

  it('a worker that dies fails the task sharing its thread too; tasks waiting are served by its replacement', async () => {
    const [shared, ...queued] = await Promise.all(['rdj_3.jpg', 'nicole_1.jpg', 'biden_1.jpg'].map(bytesOf));
    // Same tick: the crash and the job that shares its thread are both on the worker before it exits.
    const crash = errorOf(pool.run('testExit', {}));
    const sharing = errorOf(pool.run('embed', { images: [shared] }, { transfer: [shared] }));
    const waiting = queued.map((image) => pool.run<EmbedResult>('embed', { images: [image] }, { transfer: [image] }));
    expect(pool.stats().queued).toBe(2);
    expect((await crash).code).toBe('INFERENCE_WORKER_FAILED');
    expect((await sharing).code).toBe('INFERENCE_WORKER_FAILED');
    for (const r of await Promise.all(waiting)) expect(r.embedding).toHaveLength(512);
    expect(pool.stats()).toMatchObject({ busy: 0, queued: 0 });
  });

  it('a caller who cancels (no deadline) is answered at once; the task stops at its next check, not at its end', async () => {
    const burst = () => Promise.all(Array.from({ length: 8 }, () => bytesOf('obama_1.jpg')));
    let images = await burst();
    let started = performance.now();
    await pool.run('check', { images }, { transfer: images });
    const wholeMs = performance.now() - started;

    images = await burst();
    const controller = new AbortController();
    started = performance.now();
    let answeredMs = Number.NaN;
    const cancelled = errorOf(pool.run('check', { images }, { transfer: images, signal: controller.signal })).finally(
      () => (answeredMs = performance.now() - started),
    );
    await sleep(wholeMs / 8); // about one frame in
    const abortedMs = performance.now() - started;
    controller.abort();
    expect((await cancelled).code).toBe('INFERENCE_TIMEOUT');
    expect(answeredMs - abortedMs).toBeLessThan(wholeMs * 0.25); // answered before the task has stopped
    while (pool.stats().busy > 0) await sleep(2);
    const freedMs = performance.now() - started;
    // Run to its end, the burst would hold its place for about wholeMs.
    expect(freedMs).toBeLessThan(answeredMs + wholeMs * 0.5);
  });

  it('close(): callers waiting for a place are refused (retryable, pool_closing), and so is a call after it', async () => {
    const closing = newPool(1);
    await closing.start();
    const gate = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
    const running = [0, 1].map(() =>
      closing.run('testOverlap', { gate: gate.buffer }).then(
        () => 'answered',
        (e: { code: string }) => e.code,
      ),
    );
    const waiting = errorOf(closing.run('testOverlap', { gate: gate.buffer }));
    while (Atomics.load(gate, 1) < 2) await sleep(5);
    const closed = closing.close();
    const err = await waiting;
    expect(err.code).toBe('INFERENCE_WORKER_FAILED');
    expect(err.details?.reasons).toEqual(['pool_closing']);
    expect((await errorOf(closing.run('testOverlap', { gate: gate.buffer }))).details?.reasons).toEqual(['pool_closing']);
    Atomics.store(gate, 0, 1);
    Atomics.notify(gate, 0);
    await closed;
    // The two running tasks ended one way or the other (answered, or the closed pool's worker error).
    for (const outcome of await Promise.all(running)) expect(['answered', 'INFERENCE_WORKER_FAILED']).toContain(outcome);
    expect(Atomics.load(gate, 1)).toBe(2); // the refused ones never reached the worker
  });

  it('every worker of a larger pool has loaded its models at start (each takes one `ready` task)', async () => {
    const two = newPool(2);
    try {
      await two.start();
      const loaded = await Promise.all([two.run<boolean>('testModelsLoaded', {}), two.run<boolean>('testModelsLoaded', {})]);
      expect(loaded).toEqual([true, true]);
    } finally {
      await two.close();
    }
  });
});
