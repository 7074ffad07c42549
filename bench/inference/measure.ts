import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { createLogger, loadConfig } from '@idgate/platform';
import { InferencePool, loadModelManifest, prepareOcrModelBytes, startInferenceNode } from '@idgate/inference';
import { createInProcessRunner, SHARED_MODELS_DIR } from '@idgate/inference/testing';
import { cpuMsSince, loadImages, saturatePool, timedLoop } from './loop.ts';
import { summarize } from './stats.ts';

/**
 * One measurement in its own process (so peak memory and CPU time belong to it alone), printed as
 * one JSON line. `direct`: the worker code called on this thread, no pool, no gRPC. `pool N`: an
 * inference node with N workers, loaded over gRPC by a separate client process (load.ts); the CPU
 * time reported is the node's only, as the client would be core on another machine.
 * `pool-direct N`: the Piscina pool alone, called on this thread (no gRPC, no client process),
 * saturated: how the pool itself scales with workers when nothing else competes for the cores.
 * `recognizer-forms`: the embed stage of the INT8 recognizer against its float32 form.
 * `solo START_AT SECONDS`: the direct code on one thread budget (one libvips thread, one
 * onnxruntime thread), checks back to back from the wall-clock instant START_AT (ms since the
 * epoch) for SECONDS: run.ts starts one copy per CPU, each pinned to its own, to measure how the
 * machine itself scales when nothing is shared but the hardware.
 */
const [mode = 'direct', sizeArg = '1', itersArg = '60'] = process.argv.slice(2);
const ITERATIONS = Number(itersArg);
const MODELS_DIR = process.env.MODELS_DIR || SHARED_MODELS_DIR;
const LOAD = fileURLToPath(new URL('./load.ts', import.meta.url));
const baselineRss = process.memoryUsage().rss;

async function direct() {
  const imageAt = await loadImages();
  const models = await loadModelManifest({ modelsDir: MODELS_DIR });
  const runner = await createInProcessRunner(models, { intraOpThreads: 1, limits: { maxPixels: 40e6, maxImageBytes: 15e6 } });
  const run = async (i: number) => (await runner.check({ images: [new Uint8Array(imageAt(i)).buffer] })).timings;
  await timedLoop(5, run);
  return { mode: 'direct', workers: 1, sequential: await timedLoop(ITERATIONS, run) };
}

async function solo(startAt: number, seconds: number) {
  const imageAt = await loadImages();
  const models = await loadModelManifest({ modelsDir: MODELS_DIR });
  sharp.concurrency(1);
  const runner = await createInProcessRunner(models, { intraOpThreads: 1, limits: { maxPixels: 40e6, maxImageBytes: 15e6 } });
  const check = (i: number) => runner.check({ images: [new Uint8Array(imageAt(i)).buffer] });
  for (let i = 0; i < 5; i++) await check(i);
  // Ready after the agreed start: this copy ran alone for a while, so the sum would be wrong.
  const late = Date.now() > startAt;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
  const cpu = process.cpuUsage();
  const end = startAt + seconds * 1000;
  let checks = 0;
  while (Date.now() < end) await check(checks++);
  return { mode: 'solo', workers: 1, late, checks, checksPerSecond: checks / seconds, cpuMsPerCheck: cpuMsSince(cpu) / checks };
}

async function pool(size: number) {
  const config = loadConfig({
    ...process.env,
    MODELS_DIR,
    INFERENCE_GRPC_ADDRESS: '127.0.0.1:0',
    INFERENCE_POOL_SIZE: String(size),
    INFERENCE_MAX_QUEUE: '256',
    LOG_LEVEL: 'warn',
  });
  const node = await startInferenceNode({ config, logger: createLogger({ level: 'warn', component: 'bench' }) });
  try {
    const cpu = process.cpuUsage();
    const client = [process.execPath, '--disable-warning=ExperimentalWarning', LOAD, node.address, String(ITERATIONS), String(size)];
    // BENCH_CLIENT_CPUS (taskset's list): the load client runs on CPUs of its own, as core would on
    // another machine, e.g. `taskset -c 0-1 env BENCH_CLIENT_CPUS=2-3 npm run bench:inference` on a
    // larger host: the node gets two CPUs to itself, which this 2-core machine cannot give it.
    const [file, ...argv] = process.env.BENCH_CLIENT_CPUS ? ['taskset', '--cpu-list', process.env.BENCH_CLIENT_CPUS, ...client] : client;
    const { stdout } = await promisify(execFile)(file, argv, { maxBuffer: 16 * 2 ** 20 });
    const nodeCpuMs = cpuMsSince(cpu);
    const load = JSON.parse(stdout.trim()) as { sequential: object; saturated: object; checks: number };
    return { mode: 'pool', workers: size, sequential: load.sequential, saturated: { ...load.saturated, cpuMsPerCheck: nodeCpuMs / load.checks } };
  } finally {
    await node.close();
  }
}

async function poolDirect(size: number) {
  const imageAt = await loadImages();
  const models = await loadModelManifest({ modelsDir: MODELS_DIR });
  // One thread per worker for libvips and onnxruntime whatever the pool size, so 1 and 2 workers
  // get the same per-worker budget: otherwise a lone worker also uses the second core for decoding
  // (the node's default) and the ratio measures that, not the pool.
  // The node's settings otherwise (heap floor, tasks per worker), so that one env var varies them.
  const config = loadConfig({ ...process.env, MODELS_DIR });
  const inferencePool = new InferencePool({
    models,
    documentModels: await prepareOcrModelBytes(),
    size,
    intraOpThreads: 1,
    sharpConcurrency: 1,
    maxQueue: 256,
    tasksPerWorker: config.inferenceTasksPerWorker,
    executionProvider: 'cpu',
    heapFloorMb: config.inferenceWorkerHeapFloorMb,
    limits: { maxPixels: 40e6, maxImageBytes: 15e6 },
  });
  await inferencePool.start();
  try {
    const saturated = await saturatePool(inferencePool, imageAt, { warmup: 2 * size + 3, total: ITERATIONS * size, concurrency: 2 * size + 2 });
    return { mode: 'pool-direct', workers: size, saturated };
  } finally {
    await inferencePool.close();
  }
}

/**
 * The recognizer as shipped (INT8, `w600k-mbf-int8`) against the same file loaded as float32 (the
 * active `w600k-mbf-float32`): the embed stage of the same images, the two runners interleaved
 * call by call on this thread so that machine drift hits both alike.
 */
async function recognizerForms() {
  const imageAt = await loadImages();
  const models = await loadModelManifest({ modelsDir: MODELS_DIR });
  const dir = await mkdtemp(join(tmpdir(), 'idgate-bench-'));
  const manifestPath = join(dir, 'manifest.json');
  await writeFile(manifestPath, JSON.stringify({ ...models.manifest, active: { ...models.manifest.active, recognizer: 'w600k-mbf-int8' } }));
  const int8Models = await loadModelManifest({ modelsDir: MODELS_DIR, manifestPath });
  const opts = { intraOpThreads: 1, limits: { maxPixels: 40e6, maxImageBytes: 15e6 } };
  const forms = [
    { id: int8Models.active.recognizer.id, runner: await createInProcessRunner(int8Models, opts), embedMs: [] as number[] },
    { id: models.active.recognizer.id, runner: await createInProcessRunner(models, opts), embedMs: [] as number[] },
  ];
  for (let i = 0; i < ITERATIONS + 5; i++) {
    for (const form of forms) {
      const r = await form.runner.embed({ images: [new Uint8Array(imageAt(i)).buffer] });
      if (i >= 5) form.embedMs.push(r.timings.embed ?? 0);
    }
  }
  await rm(dir, { recursive: true, force: true });
  return { mode: 'recognizer-forms', workers: 1, forms: forms.map((f) => ({ recognizer: f.id, embed: summarize(f.embedMs) })) };
}

const modes: Record<string, () => Promise<object>> = {
  direct,
  'pool-direct': () => poolDirect(Number(sizeArg)),
  'recognizer-forms': recognizerForms,
  solo: () => solo(Number(sizeArg), Number(itersArg)),
  pool: () => pool(Number(sizeArg)),
};
if (!modes[mode]) throw new Error(`unknown mode ${mode}: one of ${Object.keys(modes).join(', ')}`);
const result = await modes[mode]();
const peakRss = process.resourceUsage().maxRSS * 1024;
process.stdout.write(`${JSON.stringify({ ...result, memory: { baselineRssMb: baselineRss / 2 ** 20, peakRssMb: peakRss / 2 ** 20 } })}\n`);
