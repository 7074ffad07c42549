import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { workerHeapFlags } from '@idgate/inference';
import { loadConfig } from '@idgate/platform';
import { renderChart } from './chart.ts';

/**
 * `npm run bench:inference [-- iterations rounds]`: per-stage latency, throughput against pool
 * size 1..cores, and the cost of gRPC + pool against running the same code on the calling thread,
 * each measured in its own process. The machine is shared, so the modes are measured in
 * interleaved rounds (direct, 1 worker, 2 workers, direct, ...) and each figure is the median over
 * rounds; every round is kept in the JSON. The pool alone is also measured in-process, once on all
 * cores and once confined (taskset) to as many CPUs as it has workers; and each round measures the
 * machine's own scaling (independent single-threaded copies of the direct code, one per CPU). Writes
 * bench/results/inference.json and inference.svg.
 */
const run = promisify(execFile);
const MEASURE = fileURLToPath(new URL('./measure.ts', import.meta.url));
const RESULTS = fileURLToPath(new URL('../results/', import.meta.url));
const iterations = process.argv[2] ?? '60';
const rounds = Number(process.argv[3] ?? '5');
const cores = availableParallelism();
/**
 * The CPUs this process may run on (its affinity: all of them, or what `taskset` gave it): pinning
 * picks among these, so a run confined to two CPUs of a larger host stays on those two.
 */
const allowedCpus = await readAllowedCpus();
/** The tasks per worker the measured pools run with (the node's setting; INFERENCE_TASKS_PER_WORKER). */
const loadedTasksPerWorker = loadConfig({ ...process.env, MODELS_DIR: process.env.MODELS_DIR ?? '.' }).inferenceTasksPerWorker;

async function measure(...args: string[]): Promise<Measurement> {
  return measureOn(undefined, ...args);
}

/**
 * `cpuList`: the CPUs (taskset's list, e.g. `0-1` or `1`) the measuring process, with every
 * thread it starts (workers, libvips, onnxruntime, V8's helpers), is confined to; undefined: all.
 */
async function measureOn(cpuList: string | undefined, ...args: string[]): Promise<Measurement> {
  // The heap settings of the pool's workers on every measuring thread, so the direct baseline
  // (the same code on the main thread) is compared like for like.
  return measureWith({ cpuList, heapFlags: workerHeapFlags() }, ...args);
}

/** `env`: added to the measuring process's environment (configuration, e.g. the workers' heap floor). */
async function measureWith(o: { cpuList?: string; heapFlags: readonly string[]; env?: Record<string, string> }, ...args: string[]): Promise<Measurement> {
  const node = [process.execPath, ...o.heapFlags, '--disable-warning=ExperimentalWarning', MEASURE, ...args, iterations];
  const [file, ...argv] = o.cpuList === undefined ? node : ['taskset', '--cpu-list', o.cpuList, ...node];
  const { stdout } = await run(file, argv, { maxBuffer: 16 * 2 ** 20, env: { ...process.env, ...o.env } });
  return JSON.parse(stdout.trim().split('\n').pop() as string) as Measurement;
}

/** Cpus_allowed_list of /proc/self/status ("0-1", "3,5,8-9") as CPU numbers; 0..cores-1 elsewhere. */
async function readAllowedCpus(): Promise<number[]> {
  const status = await readFile('/proc/self/status', 'utf8').catch(() => '');
  const list = /^Cpus_allowed_list:\s*(\S+)/m.exec(status)?.[1];
  if (!list) return Array.from({ length: cores }, (_, i) => i);
  return list.split(',').flatMap((part) => {
    const [from, to = from] = part.split('-').map(Number);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
}

/** taskset (util-linux) is there to confine a process to some CPUs: Linux only. */
async function canPin(): Promise<boolean> {
  if (process.platform !== 'linux') return false;
  return run('taskset', ['--cpu-list', String(allowedCpus[0]), 'true']).then(
    () => true,
    () => false,
  );
}

interface Summary {
  p50: number;
  p99: number;
  mean: number;
}
interface Solo {
  late: boolean;
  checksPerSecond: number;
  cpuMsPerCheck: number;
}
interface MachineRound {
  one: { checksPerSecond: number; cpuMsPerCheck: number };
  all: { checksPerSecond: number; cpuMsPerCheck: number };
}
interface PoolOnly {
  workers: number;
  saturated: { throughput: number; cpuMsPerCheck: number };
}
interface RecognizerForms {
  forms: { recognizer: string; embed: Summary }[];
}
interface Measurement {
  mode: string;
  workers: number;
  sequential: { latency: Summary; stages: Record<string, Summary>; throughput: number; cpuMsPerCheck: number };
  saturated?: { throughput: number; concurrency: number; cpuMsPerCheck: number };
  memory: { baselineRssMb: number; peakRssMb: number };
}

/** Seconds each solo copy runs, and the time given to every copy to load its models first. */
const SOLO_SECONDS = 10;
const SOLO_LOAD_MS = 12_000;

/**
 * The machine's own scaling, the ceiling of any pool's: the direct code on one thread budget,
 * one copy pinned to CPU 0, then one copy per CPU run over the same wall-clock window, each
 * pinned to its own CPU. Nothing is shared but the hardware (caches, memory, the hypervisor).
 */
async function machineRound(): Promise<MachineRound> {
  const copies = async (n: number) => {
    const startAt = Date.now() + SOLO_LOAD_MS;
    const runs = (await Promise.all(
      Array.from({ length: n }, (_, cpu) => measureOn(pinning ? String(allowedCpus[cpu]) : undefined, 'solo', String(startAt), String(SOLO_SECONDS))),
    )) as unknown as Solo[];
    if (runs.some((r) => r.late)) throw new Error(`a solo copy was not ready ${SOLO_LOAD_MS} ms after start: the copies did not run over the same window`);
    return { checksPerSecond: runs.reduce((sum, r) => sum + r.checksPerSecond, 0), cpuMsPerCheck: median(runs.map((r) => r.cpuMsPerCheck)) };
  };
  return { one: await copies(1), all: await copies(cores) };
}

const raw: Measurement[][] = [];
/** The machine's own scaling, per round (machineRound). */
const rawMachine: MachineRound[] = [];
/** The pool alone (no gRPC, no client process), per round: [1 worker, 2 workers, ...]. */
const rawPoolOnly: PoolOnly[][] = [];
/** The pool alone with its process confined to as many CPUs as it has workers, per round. */
const rawPinned: PoolOnly[][] = [];
/** The pool alone as in rawPoolOnly, its workers on V8's default heap sizing (no floor), per round. */
const rawDefaultHeap: PoolOnly[][] = [];
/** The measuring process and its pool on V8's default heap sizing (worker-heap.ts). */
const V8_DEFAULT_HEAP = { heapFlags: [], env: { INFERENCE_WORKER_HEAP_FLOOR_MB: '0' } };
/** The pool alone as in rawPoolOnly, one task at a time per worker (INFERENCE_TASKS_PER_WORKER=1), per round. */
const rawOneTask: PoolOnly[][] = [];
const pinning = cores >= 2 && (await canPin());
for (let r = 0; r < rounds; r++) {
  const round = [await measure('direct', '1')];
  for (let size = 1; size <= cores; size++) round.push(await measure('pool', String(size)));
  raw.push(round);
  const poolOnly: PoolOnly[] = [];
  for (let size = 1; size <= cores; size++) poolOnly.push((await measure('pool-direct', String(size))) as unknown as PoolOnly);
  rawPoolOnly.push(poolOnly);
  const defaultHeap: PoolOnly[] = [];
  for (let size = 1; size <= cores; size++) defaultHeap.push((await measureWith(V8_DEFAULT_HEAP, 'pool-direct', String(size))) as unknown as PoolOnly);
  rawDefaultHeap.push(defaultHeap);
  const oneTask: PoolOnly[] = [];
  for (let size = 1; size <= cores; size++)
    oneTask.push(
      (await measureWith({ heapFlags: workerHeapFlags(), env: { INFERENCE_TASKS_PER_WORKER: '1' } }, 'pool-direct', String(size))) as unknown as PoolOnly,
    );
  rawOneTask.push(oneTask);
  if (cores >= 2) rawMachine.push(await machineRound());
  if (!pinning) continue;
  const pinned: PoolOnly[] = [];
  for (let size = 1; size <= cores; size++)
    pinned.push((await measureOn(allowedCpus.slice(0, size).join(','), 'pool-direct', String(size))) as unknown as PoolOnly);
  rawPinned.push(pinned);
}
const forms = (await measure('recognizer-forms', '1')) as unknown as RecognizerForms;
const [int8Form, floatForm] = forms.forms;
const [direct, ...pools] = raw[0].map((_, i) => medianMeasurement(raw.map((round) => round[i])));
const [one] = pools;
const saturated = (m: Measurement): number => m.saturated?.throughput ?? 0;
/** Best round (least disturbed by the other users of the machine) of a throughput. */
const best = (i: number, pick: (m: Measurement) => number): number => Math.max(...raw.map((round) => pick(round[i])));
const cpuOverhead = (one.saturated?.cpuMsPerCheck ?? 0) / direct.sequential.cpuMsPerCheck - 1;
const machine = machineSummary();
const STAGES = ['decode', 'detect', 'align', 'quality', 'liveness', 'orientation', 'age', 'embed'];

const result = {
  generatedAt: new Date().toISOString(),
  hardware: {
    cpu: cpus()[0]?.model,
    cores,
    hostCpus: cpus().length,
    clientCpus: process.env.BENCH_CLIENT_CPUS ?? 'shared with the node',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    note: `${cores} cores for the node; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at the end (other jobs on the cores make the numbers noisy)`,
  },
  iterations: Number(iterations),
  perStageMs: Object.fromEntries(STAGES.map((s) => [s, one.sequential.stages[s]])),
  fullCheckOneWorker: { ...one.sequential.latency, targetP50Ms: 60, meetsTarget: one.sequential.latency.p50 <= 60 },
  throughput: [
    {
      workers: 'direct (no pool, no gRPC)',
      checksPerSecond: direct.sequential.throughput,
      bestRound: best(0, (m) => m.sequential.throughput),
      cpuMsPerCheck: direct.sequential.cpuMsPerCheck,
    },
    ...pools.map((p, i) => ({
      workers: p.workers,
      checksPerSecond: saturated(p),
      bestRound: best(i + 1, saturated),
      concurrency: p.saturated?.concurrency,
      cpuMsPerCheck: p.saturated?.cpuMsPerCheck,
    })),
  ],
  scaling1to2: pools[1]
    ? {
        medianRatio: saturated(pools[1]) / saturated(one),
        bestRoundRatio: best(2, saturated) / best(1, saturated),
        target: 1.8,
        note: process.env.BENCH_CLIENT_CPUS
          ? `through gRPC, the client process on CPUs ${process.env.BENCH_CLIENT_CPUS} of its own`
          : 'through gRPC with the client process on the same cores',
        ofMachineScaling: machine ? saturated(pools[1]) / saturated(one) / machine.scaling : null,
      }
    : null,
  machineScaling: machine ?? { note: 'not measured: one core' },
  poolOnly: {
    note: 'the Piscina pool called in-process (no gRPC, no client process), one libvips and one onnxruntime thread per worker at every size: the scaling of the pool itself; per round, 1..cores workers',
    throughput: perWorkerMedians(rawPoolOnly).map((t, i) => ({ ...t, bestRound: Math.max(...rawPoolOnly.map((round) => round[i].saturated.throughput)) })),
    scaling1to2:
      cores >= 2 ? { medianRatio: median(rawPoolOnly.map((round) => round[1].saturated.throughput / round[0].saturated.throughput)), target: 1.8 } : null,
  },
  poolPinned: pinnedSummary() ?? { note: 'not measured: taskset is not available here' },
  workerHeapFloor: heapFloorSummary(),
  tasksPerWorker: tasksPerWorkerSummary(),
  overheadVsDirect: {
    wallClockMedian: 1 - saturated(one) / direct.sequential.throughput,
    wallClockBestRounds: 1 - best(1, saturated) / best(0, (m) => m.sequential.throughput),
    cpuTimePerCheck: cpuOverhead,
    target: 0.1,
    note: 'cpuTimePerCheck = CPU ms per check of the node process (gRPC server + pool + 1 worker; the client runs in another process) / CPU ms per check of the same code called directly on one thread - 1',
    directLatency: direct.sequential.latency,
    pool1Latency: one.sequential.latency,
  },
  recognizerForms: {
    note: 'embed stage (the recognizer session alone) of the same images, in one process, the two forms interleaved call by call: the INT8 file as shipped against the same weights loaded as float32 (loadAs, inference/MODELS.md)',
    int8: int8Form,
    float32: floatForm,
    float32OverInt8P50: floatForm.embed.p50 / int8Form.embed.p50,
  },
  rounds: raw.map((round) =>
    round.map((m) => ({
      mode: m.mode,
      workers: m.workers,
      sequentialP50: m.sequential.latency.p50,
      sequentialThroughput: m.sequential.throughput,
      saturatedThroughput: m.saturated?.throughput,
      peakRssMb: m.memory.peakRssMb,
    })),
  ),
  memory: {
    direct: direct.memory,
    pools: pools.map((p) => ({ workers: p.workers, ...p.memory, perWorkerMb: (p.memory.peakRssMb - p.memory.baselineRssMb) / p.workers })),
    marginalWorkerMb: pools[1] ? pools[1].memory.peakRssMb - one.memory.peakRssMb : null,
  },
};

await mkdir(RESULTS, { recursive: true });
await writeFile(join(RESULTS, 'inference.json'), `${JSON.stringify(result, null, 2)}\n`);
await writeFile(
  join(RESULTS, 'inference.svg'),
  renderChart({
    title: `idgate inference node, ${cores} cores (${result.hardware.cpu ?? 'cpu'}), ${result.generatedAt.slice(0, 10)}`,
    throughput: [
      ...result.throughput.map((t) => ({
        label: typeof t.workers === 'number' ? `${t.workers} worker${t.workers > 1 ? 's' : ''}` : 'direct',
        value: t.checksPerSecond,
        best: t.bestRound,
      })),
      ...(machine ? [{ label: `${cores} solo copies`, value: machine.allCopies.checksPerSecond, best: machine.allCopies.bestRound }] : []),
    ],
    stages: STAGES.map((s) => ({ stage: s, p50: one.sequential.stages[s]?.p50 ?? 0, p99: one.sequential.stages[s]?.p99 ?? 0 })),
  }),
);

console.table(Object.fromEntries(Object.entries(result.perStageMs).map(([k, v]) => [k, v ? { p50: v.p50, p99: v.p99 } : {}])));
console.table(
  result.throughput.map((t) => ({
    workers: t.workers,
    'checks/s (median)': t.checksPerSecond.toFixed(1),
    'checks/s (best round)': t.bestRound.toFixed(1),
    'CPU ms/check': t.cpuMsPerCheck?.toFixed(1),
  })),
);
console.log(
  `full check, 1 worker, sequential: p50 ${one.sequential.latency.p50} ms, p99 ${one.sequential.latency.p99} ms (target p50 <= 60: ${result.fullCheckOneWorker.meetsTarget ? 'met' : 'NOT met'})`,
);
if (result.scaling1to2)
  console.log(
    `scaling 1 -> 2 workers through gRPC: median ${result.scaling1to2.medianRatio.toFixed(2)}x, best rounds ${result.scaling1to2.bestRoundRatio.toFixed(2)}x (target >= 1.8)`,
  );
if (machine)
  console.log(
    `the machine itself, 1 -> ${cores} independent copies of the direct code, each pinned to a CPU: median ${machine.scaling.toFixed(2)}x (${machine.oneCopy.checksPerSecond.toFixed(1)} -> ${machine.allCopies.checksPerSecond.toFixed(1)} checks/s); the pool through gRPC reaches ${((result.scaling1to2?.ofMachineScaling ?? 0) * 100).toFixed(0)}% of it`,
  );
if (result.poolOnly.scaling1to2)
  console.log(
    `scaling 1 -> 2 workers, pool alone: median of per-round ratios ${result.poolOnly.scaling1to2.medianRatio.toFixed(2)}x (${result.poolOnly.throughput.map((t) => `${t.workers}w ${t.checksPerSecond.toFixed(1)}/s`).join(', ')})`,
  );
const pinned = pinnedSummary();
if (pinned)
  console.log(
    `scaling 1 -> 2 workers, pool alone pinned to 1 and 2 CPUs (one CPU per worker, as deployed): median of per-round ratios ${pinned.scaling1to2.medianRatio.toFixed(2)}x (target >= 1.8) (${pinned.throughput.map((t) => `${t.workers}w ${t.checksPerSecond.toFixed(1)}/s`).join(', ')})`,
  );
const floor = result.workerHeapFloor;
console.log(
  `worker heap floor (${workerHeapFlags().join(' ')}) against V8's default, pool alone: CPU per check ${floor.withFloor.map((t) => t.cpuMsPerCheck.toFixed(1)).join('/')} against ${floor.v8Default.map((t) => t.cpuMsPerCheck.toFixed(1)).join('/')} ms (1..${cores} workers), throughput ${floor.throughputGain.map((g) => `${g >= 0 ? '+' : ''}${(g * 100).toFixed(0)}%`).join('/')}${floor.v8DefaultScaling1to2 ? `, 1 -> 2 workers ${floor.v8DefaultScaling1to2.toFixed(2)}x on the default` : ''}`,
);
const tasks = result.tasksPerWorker;
console.log(
  `tasks per worker (INFERENCE_TASKS_PER_WORKER ${tasks.configured} against 1), pool alone: ${tasks.configuredTasks.map((t) => t.checksPerSecond.toFixed(1)).join('/')} against ${tasks.oneTask.map((t) => t.checksPerSecond.toFixed(1)).join('/')} checks/s (1..${cores} workers), ${tasks.throughputGain.map((g) => `${g >= 0 ? '+' : ''}${(g * 100).toFixed(0)}%`).join('/')}${tasks.oneTaskScaling1to2 ? `, 1 -> 2 workers ${tasks.oneTaskScaling1to2.toFixed(2)}x with one task per worker` : ''}`,
);
const o = result.overheadVsDirect;
console.log(
  `gRPC + pool overhead vs direct (1 worker, saturated): CPU per check ${(o.cpuTimePerCheck * 100).toFixed(1)}%, wall clock median ${(o.wallClockMedian * 100).toFixed(1)}%, best rounds ${(o.wallClockBestRounds * 100).toFixed(1)}% (target <= 10%)`,
);
console.log(
  `recognizer: embed p50 ${int8Form.embed.p50} ms as INT8 (${int8Form.recognizer}), ${floatForm.embed.p50} ms as float32 (${floatForm.recognizer}): ${(result.recognizerForms.float32OverInt8P50 * 100).toFixed(0)}%`,
);
console.log(
  'memory per worker (MB):',
  result.memory.pools.map((p) => `${p.workers}w ${p.perWorkerMb.toFixed(0)}`).join(', '),
  `| marginal 2nd worker ${result.memory.marginalWorkerMb?.toFixed(0) ?? '-'}`,
);
console.log('wrote bench/results/inference.json and inference.svg');

/** The machine's own scaling over the rounds; null on one core. */
function machineSummary() {
  if (rawMachine.length === 0) return null;
  const at = (pick: (r: MachineRound) => { checksPerSecond: number; cpuMsPerCheck: number }) => ({
    checksPerSecond: median(rawMachine.map((r) => pick(r).checksPerSecond)),
    bestRound: Math.max(...rawMachine.map((r) => pick(r).checksPerSecond)),
    cpuMsPerCheck: median(rawMachine.map((r) => pick(r).cpuMsPerCheck)),
  });
  return {
    note: `the direct code (no pool, no gRPC) on one thread budget (one libvips and one onnxruntime thread), ${SOLO_SECONDS} s of checks back to back: one copy ${pinning ? 'pinned to CPU 0' : '(unpinned: taskset is not available)'}, then ${cores} copies over the same window${pinning ? ', each pinned to its own CPU' : ''}. Nothing is shared but the hardware, so this is the most any pool can scale here; ofMachineScaling in scaling1to2 is the pool's ratio as a share of it`,
    oneCopy: at((r) => r.one),
    copies: cores,
    allCopies: at((r) => r.all),
    scaling: median(rawMachine.map((r) => r.all.checksPerSecond / r.one.checksPerSecond)),
  };
}

/**
 * The pool alone with the workers' heap floor (poolOnly) against the same pool on V8's default
 * heap sizing, measured in the same rounds: what the floor buys (src/pool/worker-heap.ts).
 */
function heapFloorSummary() {
  const withFloor = perWorkerMedians(rawPoolOnly);
  const v8Default = perWorkerMedians(rawDefaultHeap);
  return {
    note: `pool-direct as in poolOnly, once with the workers' heap floor (${workerHeapFlags().join(' ')}, src/pool/worker-heap.ts) and once on V8's default heap sizing (INFERENCE_WORKER_HEAP_FLOOR_MB=0), in the same rounds`,
    withFloor,
    v8Default,
    cpuSaving: withFloor.map((t, i) => 1 - t.cpuMsPerCheck / v8Default[i].cpuMsPerCheck),
    throughputGain: withFloor.map((t, i) => t.checksPerSecond / v8Default[i].checksPerSecond - 1),
    v8DefaultScaling1to2: cores >= 2 ? median(rawDefaultHeap.map((round) => round[1].saturated.throughput / round[0].saturated.throughput)) : null,
  };
}

/**
 * The pool alone with the configured tasks per worker (poolOnly) against one task at a time per
 * worker, measured in the same rounds: what interleaving two tasks on a worker buys.
 */
function tasksPerWorkerSummary() {
  const configuredTasks = perWorkerMedians(rawPoolOnly);
  const oneTask = perWorkerMedians(rawOneTask);
  return {
    note: "pool-direct as in poolOnly, once with the configured INFERENCE_TASKS_PER_WORKER (one task's image decoding on libvips' threads overlaps another's model runs on the worker thread) and once with 1 (a worker waits idle while its task's image is decoded), in the same rounds",
    configured: loadedTasksPerWorker,
    configuredTasks,
    oneTask,
    throughputGain: configuredTasks.map((t, i) => t.checksPerSecond / oneTask[i].checksPerSecond - 1),
    oneTaskScaling1to2: cores >= 2 ? median(rawOneTask.map((round) => round[1].saturated.throughput / round[0].saturated.throughput)) : null,
  };
}

/** The pinned pool-alone rounds, summarised like poolOnly; null where nothing could be pinned. */
function pinnedSummary() {
  if (rawPinned.length === 0) return null;
  return {
    note: 'the pool alone as in poolOnly, its process confined with taskset to as many CPUs as it has workers (1 worker: CPU 0; 2 workers: CPUs 0-1), as a node is deployed (INFERENCE_POOL_SIZE = its CPU limit, deploy/k8s/inference.yaml). Unpinned, a lone worker also gets the second core for the threads around it (libvips decoding, which a second task on the worker overlaps with model runs, GC, dispatch): poolOnly and the gRPC figures count that in their 1-worker baseline',
    throughput: perWorkerMedians(rawPinned).map((t) => ({ ...t, cpus: t.workers })),
    scaling1to2: { medianRatio: median(rawPinned.map((round) => round[1].saturated.throughput / round[0].saturated.throughput)), target: 1.8 },
  };
}

/** Pool-alone rounds ([1 worker, 2 workers, ...] each) as the median throughput and CPU per check of each size. */
function perWorkerMedians(rounds: PoolOnly[][]) {
  return rounds[0].map((_, i) => ({
    workers: i + 1,
    checksPerSecond: median(rounds.map((round) => round[i].saturated.throughput)),
    cpuMsPerCheck: median(rounds.map((round) => round[i].saturated.cpuMsPerCheck)),
  }));
}

function median(values: number[]): number {
  const v = [...values].sort((a, b) => a - b);
  return v.length % 2 ? v[v.length >> 1] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
}

/** Field-wise median of the same measurement over rounds (memory: the largest peak). */
function medianMeasurement(ms: Measurement[]): Measurement {
  const sum = (pick: (m: Measurement) => Summary | undefined): Summary => ({
    p50: median(ms.map((m) => pick(m)?.p50 ?? 0)),
    p99: median(ms.map((m) => pick(m)?.p99 ?? 0)),
    mean: median(ms.map((m) => pick(m)?.mean ?? 0)),
  });
  const stages = Object.keys(ms[0].sequential.stages);
  return {
    mode: ms[0].mode,
    workers: ms[0].workers,
    sequential: {
      latency: sum((m) => m.sequential.latency),
      stages: Object.fromEntries(stages.map((s) => [s, sum((m) => m.sequential.stages[s])])),
      throughput: median(ms.map((m) => m.sequential.throughput)),
      cpuMsPerCheck: median(ms.map((m) => m.sequential.cpuMsPerCheck)),
    },
    ...(ms[0].saturated
      ? {
          saturated: {
            throughput: median(ms.map((m) => m.saturated?.throughput ?? 0)),
            concurrency: ms[0].saturated.concurrency,
            cpuMsPerCheck: median(ms.map((m) => m.saturated?.cpuMsPerCheck ?? 0)),
          },
        }
      : {}),
    memory: { baselineRssMb: median(ms.map((m) => m.memory.baselineRssMb)), peakRssMb: Math.max(...ms.map((m) => m.memory.peakRssMb)) },
  };
}
