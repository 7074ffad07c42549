import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@idgate/protos';
import { InferencePool, loadModelManifest, prepareOcrModelBytes, type CheckResult, type EmbedResult, type VerifiedModels } from '../src/index.ts';
import type { OcrModelBytes } from '../src/document/index.ts';
import { SHARED_MODELS_DIR } from './fixtures/index.ts';
import { errorOf, face } from './support/test-node.ts';

// INFERENCE_TASKS_PER_WORKER (default 2): a worker runs two tasks interleaved, so that one task's
// image decoding (on libvips' threads) overlaps the other's model runs (on the worker thread).
// Interleaving must not mix the tasks' data, a crash answers every task on the thread, and
// cancelling never kills a thread: the task stops at its next check.
let models: VerifiedModels;
let documentModels: OcrModelBytes;
let pool: InferencePool;
const logger = createLogger({ level: 'silent', component: 'test' });
const newPool = (size: number) => new InferencePool({ models, documentModels, size, tasksPerWorker: 2, intraOpThreads: 1, maxQueue: 8, executionProvider: 'cpu', limits: { maxPixels: 40e6, maxImageBytes: 15e6 }, enableTestTasks: true, logger });

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

async function embedJob(name: string): Promise<EmbedResult> {
  const image = await bytesOf(name);
  return pool.run<EmbedResult>('embed', { images: [image] }, { transfer: [image] });
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
    const jobs = [checkJob('obama_1.jpg'), checkJob('biden_1.jpg'), checkJob('rdj_3.jpg')];
    await sleep(0); // the jobs have read their images and asked for a place
    await sleep(20);
    expect(pool.stats()).toMatchObject({ size: 1, busy: 1, queued: 1 });
    await Promise.all(jobs);
    expect(pool.stats()).toMatchObject({ busy: 0, queued: 0 });
  });

  it('a worker that dies fails the task sharing its thread too; tasks waiting are served by its replacement', async () => {
    const crash = errorOf(pool.run('testExit', {}));
    const sharing = errorOf(embedJob('rdj_3.jpg'));
    await sleep(20);
    const waiting = [embedJob('nicole_1.jpg'), embedJob('biden_1.jpg')];
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
    const cancelled = errorOf(pool.run('check', { images }, { transfer: images, signal: controller.signal }));
    await sleep(wholeMs / 8); // about one frame in
    controller.abort();
    const answeredMs = performance.now() - started;
    expect((await cancelled).code).toBe('INFERENCE_TIMEOUT');
    while (pool.stats().busy > 0) await sleep(2);
    const freedMs = performance.now() - started;
    // Run to its end, the burst would hold its place for about wholeMs.
    expect(freedMs).toBeLessThan(answeredMs + wholeMs * 0.5);
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
