import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@idgate/platform';
import { InferencePool, loadModelManifest, prepareOcrModelBytes, type EmbedResult } from '../src/index.ts';
import { SHARED_MODELS_DIR } from './fixtures/index.ts';
import { TEST_WORKER_FILE, type TestTaskName } from './fixtures/test-worker.ts';
import { errorOf, face } from './support/test-node.ts';

// A worker that dies mid-job (native crash: the thread exits; or an exception escaping the task)
// is replaced by the pool, and its job is answered with INFERENCE_WORKER_FAILED, not left hanging.
let pool: InferencePool<TestTaskName>;
beforeAll(async () => {
  const models = await loadModelManifest({ modelsDir: process.env.MODELS_DIR || SHARED_MODELS_DIR });
  pool = new InferencePool<TestTaskName>({
    models,
    documentModels: await prepareOcrModelBytes(),
    size: 1,
    intraOpThreads: 1,
    maxQueue: 4,
    executionProvider: 'cpu',
    limits: { maxPixels: 40e6, maxImageBytes: 15e6 },
    workerFile: TEST_WORKER_FILE,
    logger: createLogger({ level: 'silent', component: 'test' }),
  });
  await pool.start();
});
afterAll(() => pool?.close());

async function embedJob(name: string): Promise<EmbedResult> {
  const bytes = await face(name);
  const image = new Uint8Array(bytes).buffer;
  return pool.run<EmbedResult>('embed', { images: [image] }, { transfer: [image] });
}

describe('worker crash', () => {
  it('a worker thread that exits mid-task: the job fails with INFERENCE_WORKER_FAILED and a new worker serves the next job', async () => {
    const err = await errorOf(pool.run('testExit', {}));
    expect(err.code).toBe('INFERENCE_WORKER_FAILED');
    expect((await embedJob('obama_1.jpg')).embedding).toHaveLength(512);
  });

  it('an exception escaping a task kills the worker: same answer, same recovery', async () => {
    const err = await errorOf(pool.run('testThrow', {}));
    expect(err.code).toBe('INFERENCE_WORKER_FAILED');
    expect((await embedJob('biden_1.jpg')).embedding).toHaveLength(512);
  });

  it('jobs queued behind a crashing job are still answered', async () => {
    const crash = errorOf(pool.run('testExit', {}));
    const queued = [embedJob('rdj_3.jpg'), embedJob('nicole_1.jpg')];
    expect((await crash).code).toBe('INFERENCE_WORKER_FAILED');
    for (const r of await Promise.all(queued)) expect(r.embedding).toHaveLength(512);
    expect(pool.stats()).toMatchObject({ size: 1, busy: 0, queued: 0 });
  });

  it('an aborted (deadline) job that is still queued is dropped with INFERENCE_TIMEOUT', async () => {
    const running = embedJob('obama_2.jpg');
    const bytes = new Uint8Array(await face('sarah_2.jpg')).buffer;
    const err = await errorOf(pool.run('embed', { images: [bytes] }, { transfer: [bytes], signal: AbortSignal.timeout(1) }));
    expect(err.code).toBe('INFERENCE_TIMEOUT');
    expect((await running).embedding).toHaveLength(512);
  });
});
