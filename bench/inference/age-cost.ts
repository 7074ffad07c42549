import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { DEFAULT_MANIFEST_PATH, loadModelManifest } from '@idgate/inference';
import { createInProcessRunner, SHARED_MODELS_DIR } from '@idgate/inference/testing';
import { hardwareFingerprint } from '../src/stats.ts';
import { loadImages, timedLoop } from './loop.ts';

/**
 * `npm run bench:age-cost [-- iterations]`: what the active age model costs a facial check on one
 * core (one onnxruntime thread, one libvips thread), against the 2018 age model measured in the
 * same run as the baseline: the one-frame check (detect, quality, liveness, orientation, embedding,
 * age) and a 5-frame burst of one person (every frame's liveness and age, and the embedding of every
 * usable frame for the one-person rule). Writes bench/results/age-cost.json.
 */
const ITERATIONS = Number(process.argv[2] ?? '60');
const BURST = 5;
const OUT = fileURLToPath(new URL('../results/age-cost.json', import.meta.url));
const MODELS_DIR = process.env.MODELS_DIR || SHARED_MODELS_DIR;
const BASELINE_AGE_MODEL = 'insightface-genderage-112';

async function measure(manifestPath: string) {
  const models = await loadModelManifest({ modelsDir: MODELS_DIR, manifestPath });
  const runner = await createInProcessRunner(models, { intraOpThreads: 1, limits: { maxPixels: 40e6, maxImageBytes: 15e6 } });
  const imageAt = await loadImages();
  const frames = (i: number, n: number) => Array.from({ length: n }, () => new Uint8Array(imageAt(i)).buffer);
  const one = async (i: number) => (await runner.check({ images: frames(i, 1) })).timings;
  const burst = async (i: number) => (await runner.check({ images: frames(i, BURST) })).timings;
  await timedLoop(5, one);
  const oneFrame = await timedLoop(ITERATIONS, one);
  const burstOfFive = await timedLoop(Math.max(10, Math.round(ITERATIONS / 4)), burst);
  return {
    ageModel: models.active.age.id,
    oneFrame: { p50Ms: oneFrame.latency.p50, p99Ms: oneFrame.latency.p99, cpuMs: round(oneFrame.cpuMsPerCheck), stagesP50Ms: stageP50(oneFrame.stages) },
    burst: { frames: BURST, p50Ms: burstOfFive.latency.p50, cpuMs: round(burstOfFive.cpuMsPerCheck), stagesP50Ms: stageP50(burstOfFive.stages) },
  };
}

const round = (v: number): number => Math.round(v * 10) / 10;
const stageP50 = (stages: Record<string, { p50: number }>) => Object.fromEntries(Object.entries(stages).map(([k, v]) => [k, v.p50]));

sharp.concurrency(1);
const dir = await mkdtemp(join(tmpdir(), 'age-cost-'));
try {
  const manifest = JSON.parse(await readFile(DEFAULT_MANIFEST_PATH, 'utf8'));
  const baselinePath = join(dir, 'baseline.manifest.json');
  await writeFile(baselinePath, JSON.stringify({ ...manifest, active: { ...manifest.active, age: BASELINE_AGE_MODEL } }));
  // Alternated, so a slower minute of a shared machine does not land on one side only.
  const baseline = await measure(baselinePath);
  const active = await measure(DEFAULT_MANIFEST_PATH);
  const result = {
    bench: 'age-cost',
    when: new Date().toISOString(),
    hardware: hardwareFingerprint(),
    iterations: ITERATIONS,
    target: 'one-frame check p50 <= 75 ms on one core with the active age model',
    baseline,
    active,
    ratio: {
      oneFrameP50: round((active.oneFrame.p50Ms / baseline.oneFrame.p50Ms) * 100) / 100,
      burstP50: round((active.burst.p50Ms / baseline.burst.p50Ms) * 100) / 100,
    },
  };
  await writeFile(OUT, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
} finally {
  await rm(dir, { recursive: true, force: true });
}
