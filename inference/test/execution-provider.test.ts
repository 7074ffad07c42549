import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { InferencePool, loadModelManifest, prepareOcrModelBytes, type VerifiedModels } from '../src/index.ts';
import { createSession } from '../src/worker/sessions.ts';
import { compareProviders, createInProcessRunner, faceFixtureFiles, PROVIDER_TOLERANCE, SHARED_MODELS_DIR } from './fixtures/index.ts';
import { errorOf, face, startTestNode } from './support/test-node.ts';

/**
 * GPU providers are exercised for real wherever one can load: on a GPU host (the recorded run in
 * bench/results/inference-gpu.json) or, for WebGPU, on a CPU host with a software Vulkan driver
 * (Mesa's lavapipe: VK_ICD_FILENAMES, see inference/MODELS.md). Where none can load, as in CI,
 * the same tests check the other half of the contract: the node runs on CPU and says why.
 */
const MODELS_DIR = process.env.MODELS_DIR || SHARED_MODELS_DIR;
const OPTS = { intraOpThreads: 1, limits: { maxPixels: 40e6, maxImageBytes: 15e6 } };
let models: VerifiedModels;

beforeAll(async () => {
  models = await loadModelManifest({ modelsDir: MODELS_DIR });
});

describe('execution providers', () => {
  it('uses CUDA when asked and loadable, otherwise falls back to CPU and says why', async () => {
    const bytes = new Uint8Array(await readFile(join(MODELS_DIR, 'yunet_n_320_320.onnx')));
    const s = await createSession('yunet-n-320', bytes, { executionProvider: 'cuda', intraOpThreads: 1 });
    if (s.provider === 'cpu') expect(s.fallbackReason).toMatch(/^CUDA execution provider could not load: /);
    else expect(s.fallbackReason).toBeUndefined();
    expect(s.session.inputNames).toEqual(['input']);
  });

  it('runs on CPU by default', async () => {
    const bytes = new Uint8Array(await readFile(join(MODELS_DIR, 'yunet_n_320_320.onnx')));
    const s = await createSession('yunet-n-320', bytes, { executionProvider: 'cpu', intraOpThreads: 1 });
    expect(s).toMatchObject({ provider: 'cpu' });
  });

  it("WebGPU gives the CPU's decisions, and scores within tolerance, on every face fixture; with no adapter it runs on CPU and says why", async () => {
    const gpu = await createInProcessRunner(models, { ...OPTS, executionProvider: 'webgpu' });
    if (gpu.provider === 'cpu') {
      expect(gpu.fallbackReason).toMatch(/^WebGPU execution provider could not load: .*adapter/);
      return;
    }
    const cpu = await createInProcessRunner(models, OPTS);
    const files = await faceFixtureFiles();
    const r = await compareProviders(cpu, gpu, files);
    expect(r.images).toHaveLength(files.length);
    expect(r.images.filter((c) => !c.decisionsAgree)).toEqual([]);
    // Most fixtures are checked end to end; the few that are refused are refused alike.
    expect(r.images.filter((c) => c.embeddingDistance !== undefined).length).toBeGreaterThan(files.length / 2);
    expect(r.maxEmbeddingDistance).toBeLessThanOrEqual(PROVIDER_TOLERANCE.embeddingDistance);
    expect(r.maxAgeDelta).toBeLessThanOrEqual(PROVIDER_TOLERANCE.ageYears);
    expect(r.maxLivenessDelta).toBeLessThanOrEqual(PROVIDER_TOLERANCE.livenessScore);
  }, 600_000);
});

describe('an inference node configured for WebGPU (INFERENCE_EXECUTION_PROVIDER=webgpu)', () => {
  let t: Awaited<ReturnType<typeof startTestNode>>;
  beforeAll(async () => {
    t = await startTestNode({ INFERENCE_EXECUTION_PROVIDER: 'webgpu', INFERENCE_POOL_SIZE: '2' });
  }, 120_000);
  afterAll(() => t?.close());

  it('reports the provider in use through health, and the reason when it fell back to CPU', async () => {
    const health = await t.call('health', {});
    if (health.executionProvider === 'cpu') {
      expect(health.providerFallback).toMatch(/^WebGPU execution provider could not load: /);
    } else {
      expect(health.executionProvider).toBe('webgpu');
      expect(health.providerFallback).toBeUndefined();
    }
  });

  it('answers parallel checks on both workers (the workers share one GPU device)', async () => {
    const frames = await Promise.all(['obama_2.jpg', 'kit_harington_2.jpg', 'rose_leslie_1.jpg', 'age_older_woman.jpg'].map(face));
    const answers = await Promise.all(frames.map((frame) => t.call('checkFace', { frames: [frame] })));
    for (const a of answers) {
      expect(a.liveness!.live).toBe(true);
      expect(a.embedding!.embedding!.values).toHaveLength(512);
    }
  }, 300_000);
});

describe('a pool configured for WebGPU whose callers stop waiting, then closes (CI: its sessions fell back to CPU, the rules stay)', () => {
  it('answers INFERENCE_TIMEOUT at once, keeps answering others, and closes cleanly (no worker is killed mid-run on WebGPU)', async () => {
    const pool = new InferencePool({
      models,
      documentModels: await prepareOcrModelBytes(),
      size: 2,
      intraOpThreads: 1,
      sharpConcurrency: 1,
      maxQueue: 16,
      executionProvider: 'webgpu',
      limits: OPTS.limits,
    });
    await pool.start();
    const frame = await face('obama_2.jpg');
    const check = (signal?: AbortSignal) => {
      const image = new Uint8Array(frame).buffer;
      return pool.run<{ liveness: { live: boolean } }>(
        'check',
        { images: [image], ...(signal ? { deadline: Date.now() + 5 } : {}) },
        { transfer: [image], ...(signal ? { signal } : {}) },
      );
    };
    const started = Date.now();
    const [abandoned, kept] = await Promise.all([errorOf(check(AbortSignal.timeout(5))), check()]);
    expect(abandoned.code).toBe('INFERENCE_TIMEOUT');
    expect(kept.liveness.live).toBe(true);
    expect((await check()).liveness.live).toBe(true);
    // The abandoned task was not killed: it finishes (at its deadline check) and frees its place.
    await vi.waitFor(() => expect(pool.stats()).toMatchObject({ busy: 0, queued: 0 }), { timeout: 60_000, interval: 50 });
    expect((await errorOf(check(AbortSignal.abort()))).code).toBe('INFERENCE_TIMEOUT'); // already aborted: never sent
    expect(pool.stats()).toMatchObject({ busy: 0, queued: 0 });
    await pool.close();
    expect(Date.now() - started).toBeLessThan(120_000);
  }, 300_000);
});
