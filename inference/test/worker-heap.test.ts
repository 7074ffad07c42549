import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '@idgate/platform';
import { InferencePool, loadModelManifest, prepareOcrModelBytes, type CheckResult } from '../src/index.ts';
import { SHARED_MODELS_DIR } from './fixtures/index.ts';
import { TEST_WORKER_FILE, type TestTaskName } from './fixtures/test-worker.ts';
import { face } from './support/test-node.ts';

// Inference workers start with a V8 old-generation floor (INFERENCE_WORKER_HEAP_FLOOR_MB,
// src/pool/worker-heap.ts). Full collections per facial check, measured: V8's default 0.27, the
// 128 MB floor 0.08; since the detector's inputs are reused (worker/tensor-scratch.ts) 0.15-0.18
// and 0.03-0.05. The counts follow allocation, not time, so they hardly vary between runs.
const CHECKS = 60;
const IMAGES = ['obama_2.jpg', 'kit_harington_2.jpg', 'rose_leslie_1.jpg', 'age_older_woman.jpg'];

let pool: InferencePool<TestTaskName> | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

/** Full collections per facial check of a one-worker pool with the given floor (undefined: the default). */
async function fullCollectionsPerCheck(heapFloorMb: number | undefined): Promise<number> {
  const models = await loadModelManifest({ modelsDir: process.env.MODELS_DIR || SHARED_MODELS_DIR });
  const p = new InferencePool<TestTaskName>({
    models,
    documentModels: await prepareOcrModelBytes(),
    size: 1,
    intraOpThreads: 1,
    maxQueue: 4,
    executionProvider: 'cpu',
    limits: { maxPixels: 40e6, maxImageBytes: 15e6 },
    ...(heapFloorMb === undefined ? {} : { heapFloorMb }),
    workerFile: TEST_WORKER_FILE,
    logger: createLogger({ level: 'silent', component: 'test' }),
  });
  pool = p;
  await p.start();
  const check = async (name: string) => {
    const image = new Uint8Array(await face(name)).buffer;
    return p.run<CheckResult>('check', { images: [image] }, { transfer: [image] });
  };
  for (const name of IMAGES) await check(name);
  const before = await p.run<number>('testFullCollections', {});
  for (let i = 0; i < CHECKS; i++) expect((await check(IMAGES[i % IMAGES.length])).embedding.embedding).toHaveLength(512);
  return ((await p.run<number>('testFullCollections', {})) - before) / CHECKS;
}

describe('inference worker heap', () => {
  it('by default a worker runs facial checks back to back with few full garbage collections', async () => {
    expect(await fullCollectionsPerCheck(undefined)).toBeLessThan(0.1);
  });

  it('INFERENCE_WORKER_HEAP_FLOOR_MB=0 leaves V8 its default: a full collection every six or so checks', async () => {
    expect(await fullCollectionsPerCheck(0)).toBeGreaterThan(0.1);
  });
});
