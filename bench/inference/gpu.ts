import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { InferencePool, loadModelManifest, prepareOcrModelBytes, type VerifiedModels } from '@idgate/inference';
import {
  compareProviders,
  createInProcessRunner,
  faceFixtureFiles,
  PROVIDER_TOLERANCE,
  SHARED_MODELS_DIR,
  type InProcessRunner,
} from '@idgate/inference/testing';
import { renderChart } from './chart.ts';
import { loadImages, saturatePool } from './loop.ts';
import { stageSummaries, summarize } from './stats.ts';

/**
 * `npm run bench:inference-gpu [-- iterations]`: the GPU execution providers against the CPU, in
 * one run on one machine, so that wherever a GPU is at hand it is measured too (docs/performance.md).
 *
 * For each GPU provider that loads here (cuda, webgpu; one that does not is recorded with
 * onnxruntime's reason): (1) the same outputs within a tolerance: the full facial check of every
 * face fixture on CPU and on the GPU, compared (PROVIDER_TOLERANCE); (2) latency of one check at
 * a time, CPU and GPU runners interleaved call by call, per stage; (3) saturated throughput of the
 * Piscina pool (no gRPC) on the GPU at several pool sizes against the CPU pool at 1 worker and at
 * one worker per core. Writes bench/results/inference-gpu.json and inference-gpu.svg.
 */
const RESULTS = fileURLToPath(new URL('../results/', import.meta.url));
/** What has been measured so far, rewritten after each step: a crash still leaves the numbers. */
const PARTIAL = join(RESULTS, 'inference-gpu.partial.json');
const ITERATIONS = Number(process.argv[2] ?? '100');
const MODELS_DIR = process.env.MODELS_DIR || SHARED_MODELS_DIR;
const PROVIDERS = (process.env.BENCH_GPU_PROVIDERS ?? 'cuda,webgpu').split(',') as ('cuda' | 'webgpu')[];
const cores = availableParallelism();
const LIMITS = { maxPixels: 40e6, maxImageBytes: 15e6 };
/** Pool sizes measured on the GPU: the workers overlap decoding and alignment, and queue at the GPU. */
const GPU_POOL_SIZES = [...new Set([1, 2, 4, 8].filter((n) => n <= cores))];

const imageAt = await loadImages();
const models = await loadModelManifest({ modelsDir: MODELS_DIR });
const documentModels = await prepareOcrModelBytes();
const cpuRunner = await createInProcessRunner(models, { intraOpThreads: 1, limits: LIMITS });

interface ProviderRun {
  readonly provider: string;
  readonly loaded: boolean;
  readonly reason?: string;
  readonly sessionLoadMs?: number;
  readonly firstChecksMs?: number[];
  readonly equivalence?: object;
  readonly latency?: Awaited<ReturnType<typeof interleavedLatency>>;
  readonly pool?: Awaited<ReturnType<typeof poolThroughput>>[];
}
const providers: ProviderRun[] = [];
for (const provider of PROVIDERS) {
  const started = performance.now();
  const runner = await createInProcessRunner(models, { intraOpThreads: 1, limits: LIMITS, executionProvider: provider });
  const loadMs = performance.now() - started;
  if (runner.provider !== provider) {
    providers.push({ provider, loaded: false, reason: runner.fallbackReason });
    console.log(`${provider}: not available here (${runner.fallbackReason?.split('\n')[0]})`);
    continue;
  }
  console.log(`${provider}: loaded in ${loadMs.toFixed(0)} ms; comparing outputs with the CPU on every face fixture`);
  const firstChecks = await firstCheckMs(runner);
  const equivalence = await compareProviders(cpuRunner, runner, await faceFixtureFiles());
  console.log(
    `${provider}: decisions agree ${equivalence.decisionsAgree}, max embedding distance ${equivalence.maxEmbeddingDistance.toExponential(2)}, max age delta ${equivalence.maxAgeDelta.toFixed(3)} y, max liveness delta ${equivalence.maxLivenessDelta.toExponential(2)} (within tolerance: ${equivalence.withinTolerance})`,
  );
  const latency = await interleavedLatency(cpuRunner, runner);
  const done = {
    provider,
    loaded: true,
    sessionLoadMs: Math.round(loadMs),
    firstChecksMs: firstChecks,
    equivalence: { tolerance: PROVIDER_TOLERANCE, ...equivalence },
    latency,
  };
  await saveProgress([...providers, done]);
  console.log(`${provider}: one check at a time p50 ${latency.gpu.total.p50} ms (CPU ${latency.cpu.total.p50} ms)`);
  const gpuPools = [];
  for (const size of GPU_POOL_SIZES) gpuPools.push(await poolThroughput(models, provider, size));
  providers.push({ ...done, pool: gpuPools });
  await saveProgress(providers);
}
const cpuPools = [];
for (const size of [...new Set([1, cores])]) cpuPools.push(await poolThroughput(models, 'cpu', size));

const result = {
  generatedAt: new Date().toISOString(),
  hardware: { cpu: cpus()[0]?.model, cores, memoryGb: Math.round(totalmem() / 2 ** 30), gpu: await gpuName(), node: process.version },
  iterations: ITERATIONS,
  note: 'The face models only (detector, recognizer, age, liveness); document OCR always runs on the CPU. Pools are called in-process (no gRPC), one onnxruntime and one libvips thread per worker; WebGPU runs are serialised across workers (inference/src/worker/gpu-run-lock.ts).',
  providers,
  cpuPool: cpuPools,
  peakRssMb: Math.round((process.resourceUsage().maxRSS * 1024) / 2 ** 20),
};
await mkdir(RESULTS, { recursive: true });
await writeFile(join(RESULTS, 'inference-gpu.json'), `${JSON.stringify(result, null, 2)}\n`);
await rm(PARTIAL, { force: true });
const loaded = providers.filter((p) => p.loaded && p.latency && p.pool);
await writeFile(
  join(RESULTS, 'inference-gpu.svg'),
  renderChart({
    title: `idgate inference, GPU providers against the CPU: ${result.hardware.gpu ?? 'no GPU'}, ${cores} cores, ${result.generatedAt.slice(0, 10)}`,
    throughputHeading: 'Full facial checks/s, pool saturated (blue; orange: the same)',
    stagesHeading: 'One check at a time, p50 ms (blue) / p99 (orange)',
    throughput: [
      ...cpuPools.map((p) => ({ label: `cpu ${p.workers}w`, value: p.checksPerSecond, best: p.checksPerSecond })),
      ...loaded.flatMap((p) => (p.pool ?? []).map((q) => ({ label: `${p.provider} ${q.workers}w`, value: q.checksPerSecond, best: q.checksPerSecond }))),
    ],
    stages: [
      { stage: 'cpu check', p50: loaded[0]?.latency?.cpu.total.p50 ?? 0, p99: loaded[0]?.latency?.cpu.total.p99 ?? 0 },
      ...loaded.map((p) => ({ stage: `${p.provider} check`, p50: p.latency?.gpu.total.p50 ?? 0, p99: p.latency?.gpu.total.p99 ?? 0 })),
    ],
  }),
);
console.table([...cpuPools, ...loaded.flatMap((p) => p.pool ?? [])]);
console.log('wrote bench/results/inference-gpu.json and inference-gpu.svg');

async function saveProgress(sofar: unknown[]): Promise<void> {
  await mkdir(RESULTS, { recursive: true });
  await writeFile(PARTIAL, `${JSON.stringify({ generatedAt: new Date().toISOString(), providers: sofar }, null, 2)}\n`);
}

/** The first checks on a fresh runner: a GPU provider compiles its kernels on first use. */
async function firstCheckMs(runner: InProcessRunner): Promise<number[]> {
  const times = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await runner.check({ images: [new Uint8Array(imageAt(i)).buffer] });
    times.push(Math.round(performance.now() - t0));
  }
  return times;
}

/** One check at a time, CPU and GPU alternating call by call so that machine drift hits both. */
async function interleavedLatency(cpu: InProcessRunner, gpu: InProcessRunner) {
  const runs = { cpu: { ms: [] as number[], timings: [] as Record<string, number>[] }, gpu: { ms: [] as number[], timings: [] as Record<string, number>[] } };
  for (let i = 0; i < ITERATIONS + 5; i++) {
    for (const [name, runner] of [
      ['cpu', cpu],
      ['gpu', gpu],
    ] as const) {
      const t0 = performance.now();
      const r = await runner.check({ images: [new Uint8Array(imageAt(i)).buffer] });
      if (i < 5) continue;
      runs[name].ms.push(performance.now() - t0);
      runs[name].timings.push(r.timings);
    }
  }
  const summary = (r: { ms: number[]; timings: Record<string, number>[] }) => ({ total: summarize(r.ms), stages: stageSummaries(r.timings) });
  return { cpu: summary(runs.cpu), gpu: summary(runs.gpu) };
}

async function poolThroughput(m: VerifiedModels, executionProvider: 'cpu' | 'cuda' | 'webgpu', size: number) {
  const pool = new InferencePool({ models: m, documentModels, size, intraOpThreads: 1, sharpConcurrency: 1, maxQueue: 256, executionProvider, limits: LIMITS });
  const ready = await pool.start();
  try {
    const s = await saturatePool(pool, imageAt, { warmup: 4 * size + 4, total: Math.max(ITERATIONS, 25 * size), concurrency: 2 * size + 2 });
    const row = {
      workers: size,
      provider: ready.provider,
      checksPerSecond: Math.round(s.throughput * 10) / 10,
      cpuMsPerCheck: Math.round(s.cpuMsPerCheck * 10) / 10,
    };
    console.log(`${executionProvider} pool, ${size} worker(s): ${row.checksPerSecond} checks/s, ${row.cpuMsPerCheck} CPU ms per check`);
    return row;
  } finally {
    await pool.close();
  }
}

async function gpuName(): Promise<string | undefined> {
  try {
    const { stdout } = await promisify(execFile)('nvidia-smi', ['--query-gpu=name,driver_version,memory.total', '--format=csv,noheader']);
    return stdout.trim().split('\n')[0];
  } catch {
    return undefined;
  }
}
