import { mkdirSync, rmSync, statSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ScreeningEngine, type ScreeningQuery } from '../../core/src/screening/index.ts';
import { mulberry32, namePools, syntheticPerson, writeSyntheticDataset, type SyntheticPerson } from './synthetic-dataset.ts';

/** Load and latency benchmark on a synthetic list of N persons, streamed through the real loader. */
export interface PerfReport {
  hardware: { cpu: string; cores: number; totalMemoryGiB: number; node: string; platform: string };
  persons: number;
  fileMiB: number;
  generateSeconds: number;
  buildSeconds: number;
  memory: { rssMiB: number; heapUsedMiB: number; arrayBuffersMiB: number; peakRssMiB: number };
  index: { personCount: number; nameCount: number; vocabulary: number; entityCount: number };
  queries: { count: number; p50Ms: number; p99Ms: number; meanMs: number; maxMs: number; perSecond: number; withHits: number };
  /** Process CPU time per query (all threads, GC included): the cost without waiting for a core on a shared machine. */
  queryCpu: { p50Ms: number; p99Ms: number; meanMs: number };
  syntheticRecall: { exact: number; reordered: number; typo: number };
  targets: { p99UnderMs: number; buildUnderSeconds: number; rssUnderMiB: number; met: boolean };
}

const MiB = 1024 * 1024;

function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

function typo(rand: () => number, word: string): string {
  if (word.length < 4) return word;
  const k = 1 + Math.floor(rand() * (word.length - 2));
  const r = rand();
  if (r < 0.33) return word.slice(0, k) + word.slice(k + 1);
  if (r < 0.66) return word.slice(0, k) + word[k + 1] + word[k] + word.slice(k + 2);
  return word.slice(0, k) + 'aeiou'[Math.floor(rand() * 5)] + word.slice(k + 1);
}

type Kind = 'exact' | 'reordered' | 'typo' | 'other';

function queryFor(p: SyntheticPerson, kind: Kind, rand: () => number): ScreeningQuery {
  const family = p.family.join(' ');
  const given = p.given.join(' ');
  const name = kind === 'reordered' ? `${family.toUpperCase()}, ${given}` : kind === 'typo' ? `${given} ${typo(rand, family)}` : `${given} ${family}`;
  const q: ScreeningQuery = { name };
  if (p.birthDate) q.birthDate = p.birthDate;
  if (p.nationality) q.nationality = p.nationality.toUpperCase();
  return q;
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

function measureQueries(engine: ScreeningEngine, sample: (SyntheticPerson & { id: string })[], pools: ReturnType<typeof namePools>) {
  const rand = mulberry32(99);
  const kinds: Kind[] = ['exact', 'reordered', 'typo', 'other'];
  const found = { exact: [0, 0], reordered: [0, 0], typo: [0, 0] };
  const times: number[] = [];
  const cpu: number[] = [];
  let withHits = 0;
  const total = 3000;
  for (let i = 0; i < total + 300; i++) {
    const kind = kinds[i % 4];
    const source = kind === 'other' ? { ...syntheticPerson(rand, pools), id: '' } : sample[Math.floor(rand() * sample.length)];
    const q = queryFor(source, kind, rand);
    const cpuStart = process.cpuUsage();
    const start = process.hrtime.bigint();
    const hits = engine.screen(q);
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    const used = process.cpuUsage(cpuStart);
    if (i < 300) continue; // warm-up
    times.push(ms);
    cpu.push((used.user + used.system) / 1000);
    if (hits.length > 0) withHits++;
    if (kind !== 'other') {
      found[kind][1]++;
      if (hits.some((h) => h.entityId === source.id)) found[kind][0]++;
    }
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const sum = times.reduce((a, b) => a + b, 0);
  const recall = (k: keyof typeof found) => found[k][0] / found[k][1];
  return {
    queries: {
      count: total,
      p50Ms: percentile(times, 0.5),
      p99Ms: percentile(times, 0.99),
      meanMs: sum / total,
      maxMs: times[times.length - 1],
      perSecond: 1000 / (sum / total),
      withHits,
    },
    queryCpu: { p50Ms: percentile(cpu, 0.5), p99Ms: percentile(cpu, 0.99), meanMs: cpu.reduce((a, b) => a + b, 0) / cpu.length },
    syntheticRecall: { exact: recall('exact'), reordered: recall('reordered'), typo: recall('typo') },
  };
}

export async function runPerf(fixturesDir: string, persons: number, tmpDir: string): Promise<PerfReport> {
  mkdirSync(tmpDir, { recursive: true });
  const file = join(tmpDir, `synthetic-${persons}.ftm.json`);
  const pools = namePools(join(fixturesDir, 'entities'));
  let t = performance.now();
  const sample = await writeSyntheticDataset(file, persons, pools);
  const generateSeconds = (performance.now() - t) / 1000;
  const fileMiB = statSync(file).size / MiB;
  collectGarbage();
  const engine = new ScreeningEngine({ minRetainedRatio: 0 });
  t = performance.now();
  await engine.refresh(file);
  const buildSeconds = (performance.now() - t) / 1000;
  rmSync(file, { force: true });
  collectGarbage();
  const mem = process.memoryUsage();
  const memory = {
    rssMiB: mem.rss / MiB,
    heapUsedMiB: mem.heapUsed / MiB,
    arrayBuffersMiB: mem.arrayBuffers / MiB,
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
  };
  const stats = engine.indexStats();
  const measured = measureQueries(engine, sample, pools);
  const cpu = cpus();
  const targets = { p99UnderMs: 5, buildUnderSeconds: 120, rssUnderMiB: 2048, met: false };
  targets.met = measured.queries.p99Ms < 5 && buildSeconds < 120 && memory.peakRssMiB < 2048;
  return {
    hardware: {
      cpu: cpu[0]?.model ?? 'unknown',
      cores: cpu.length,
      totalMemoryGiB: totalmem() / 1024 ** 3,
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
    },
    persons,
    fileMiB,
    generateSeconds,
    buildSeconds,
    memory,
    index: stats,
    ...measured,
    targets,
  };
}
