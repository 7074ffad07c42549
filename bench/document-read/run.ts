/**
 * Document-read benchmark: p50/p99 of readDocument per fixture and per stage, against a naive
 * full-page OCR pass in the same process. Usage:
 *   node bench/document-read/run.ts [--runs 20] [--threads 1] [--fixtures DIR]
 * Writes bench/results/document-read.json.
 */
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readDocument } from '../../inference/src/document/index.ts';
import { loadOcrModels } from '../../inference/src/document/ocr/models.ts';
import { naiveFullPageRead } from './naive-ocr.ts';
import { VARIANTS } from './variants.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' }, threads: { type: 'string', default: '1' }, fixtures: { type: 'string' } } });
const RUNS = Number(values.runs);
const WARMUP = 2;
const FIXTURES = values.fixtures ?? fileURLToPath(new URL('../../../shared/fixtures/documents/', import.meta.url));
const OUT = fileURLToPath(new URL('../results/document-read.json', import.meta.url));

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 10) / 10;
}

const summary = (samples: number[]) => ({ p50: percentile(samples, 50), p99: percentile(samples, 99), n: samples.length });

async function benchFixture(file: string, models: Awaited<ReturnType<typeof loadOcrModels>>) {
  const image = await readFile(FIXTURES + file);
  const stages: Record<string, number[]> = {};
  const naive: number[] = [];
  let status = '';
  let naiveValid = false;
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const reading = await readDocument(image);
    const baseline = await naiveFullPageRead(models, image);
    if (i < WARMUP) continue;
    status = `${reading.status}${reading.mrzChecksValid ? ' (MRZ checks valid)' : ''}`;
    naiveValid = baseline.mrzValid;
    naive.push(baseline.ms);
    for (const [stage, ms] of Object.entries(reading.timingsMs)) (stages[stage] ??= []).push(ms);
  }
  const perStage = Object.fromEntries(
    Object.entries(stages)
      .filter(([s]) => s !== 'modelLoad')
      .map(([s, v]) => [s, summary(v)]),
  );
  return { file, status, documentRead: perStage.total, stages: perStage, naiveFullPage: { ...summary(naive), mrzChecksValid: naiveValid } };
}

const t0 = performance.now();
const models = await loadOcrModels({ intraOpThreads: Number(values.threads) });
const modelLoadMs = Math.round(performance.now() - t0);
const files = (await readdir(FIXTURES)).filter((f) => /\.(jpe?g|png|webp)$/i.test(f)).sort();
const results = [];
for (const file of files) {
  const r = await benchFixture(file, models);
  results.push(r);
  console.log(`${file.padEnd(42)} read p50 ${r.documentRead.p50} ms p99 ${r.documentRead.p99} ms | naive p50 ${r.naiveFullPage.p50} ms | ${r.status}`);
}
/** One read of every capture variant of every fixture: how many come out 'ok'. */
async function robustness(): Promise<{ ok: number; total: number; failures: string[] }> {
  const failures: string[] = [];
  let ok = 0;
  for (const file of files) {
    const image = await readFile(FIXTURES + file);
    for (const [name, make] of Object.entries(VARIANTS)) {
      const reading = await readDocument(await make(image));
      if (reading.status === 'ok') ok++;
      else failures.push(`${file} ${name}: ${reading.status} (${reading.reasons.join(', ')})`);
    }
  }
  return { ok, total: files.length * Object.keys(VARIANTS).length, failures };
}

const loadBefore = loadavg()[0];
const variants = await robustness();
console.log(`robustness: ${variants.ok}/${variants.total} variants read ok`);
const allReads = results.map((r) => r.documentRead.p50);
const report = {
  benchmark: 'document-read',
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model,
  intraOpThreads: Number(values.threads),
  runs: RUNS,
  warmup: WARMUP,
  modelLoadMs,
  loadAverage1m: Math.round(loadBefore * 100) / 100,
  note: 'Timings in ms, wall clock, one request at a time. Stages: decode (sharp: EXIF, grey, bound), locate (resize + DB detector at long side 960 + post-processing + band grouping), quality (Laplacian variance), recognise (PP-OCRv4 rec on the MRZ lines only), parse (MRZ parse with correction), total. naiveFullPage: decode + same detector + recognise every text line over the full dictionary + MRZ parse.',
  medianOfFixtureP50: percentile(allReads, 50),
  fixtures: results,
  robustness: { variants: Object.keys(VARIANTS), ...variants },
};
await mkdir(fileURLToPath(new URL('../results/', import.meta.url)), { recursive: true });
await writeFile(OUT, JSON.stringify(report, null, 2) + '\n');
console.log(`wrote ${OUT}`);
