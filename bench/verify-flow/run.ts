import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Pool } from 'undici';
import pg from 'pg';
import { DataCipher } from '@idgate/platform';
import { hardwareFingerprint, percentile, round } from '../src/stats.ts';
import { passingDeviceEvidence } from '../src/device-evidence.ts';

/**
 * bench/verify-flow (docs/performance.md): init + path-A completion + result read on PGlite and on
 * Postgres + Redis, against two baselines measured in the same run: a bare Fastify route and
 * the transport ceiling (Fastify + one empty grpc-js unary call to a loopback server), in the
 * shape of each service: to a worker thread for the all-in-one process (core runs on a thread of
 * its own), to another process for gateway | core; the hop on one event loop is reported too.
 * Each server runs in a child process; the load generator runs here. `--duration S` (default 8).
 */
const args = process.argv.slice(2);
const option = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const DURATION = Number(option('--duration') ?? 8);
/** `--only pglite|postgres|split`: measure one backend shape (profiling, quick checks). */
const ONLY = option('--only');
/** `--rounds N` (default 3): init and result are each measured in N slices between ceiling measurements. */
const ROUNDS = Number(option('--rounds') ?? 3);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error(`--rounds must be a positive integer, got ${option('--rounds')}`);
if (!(DURATION > 0)) throw new Error(`--duration must be a number of seconds, got ${option('--duration')}`);
if (ONLY !== undefined && !['pglite', 'postgres', 'split'].includes(ONLY)) throw new Error(`--only must be pglite, postgres or split, got ${ONLY}`);
/**
 * BENCH_CPU_PROF=DIR: the service processes write V8 CPU profiles there (node --cpu-prof), in DIR/MODE-PORT/,
 * one file per thread (Node's default names carry the thread id: the all-in-one's core thread has its own).
 */
const CPU_PROF = process.env.BENCH_CPU_PROF;
const CONNECTIONS = 50;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SERVERS = fileURLToPath(new URL('./servers.ts', import.meta.url));
const CEILING_SERVERS = fileURLToPath(new URL('./ceiling-servers.ts', import.meta.url));
const ADMIN = `adm_${randomBytes(12).toString('hex')}`;
/** The servers' data key, known here so cloned sessions can carry a properly sealed result token. */
const DATA_KEY = DataCipher.generateSpec('kbench');
const cipher = DataCipher.fromSpecs([DATA_KEY]);

let nextPort = 19_000 + Math.floor(Math.random() * 500) * 4;

async function startChild(
  mode: string,
  env: Record<string, string> = {},
  fixedPort?: number,
  script = SERVERS,
  extraArgs: string[] = [],
): Promise<{ url: string; child: ChildProcess }> {
  const port = fixedPort ?? (nextPort += 4);
  const profile = CPU_PROF && ['service', 'core', 'gateway'].includes(mode) ? ['--cpu-prof', `--cpu-prof-dir=${join(CPU_PROF, `${mode}-${port}`)}`] : [];
  const child = fork(script, [mode, String(port), ...extraArgs], {
    env: { ...process.env, ADMIN_TOKEN: ADMIN, DATA_KEYS: DATA_KEY, ...env },
    execArgv: ['--disable-warning=ExperimentalWarning', ...profile],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`${mode} server exited ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

function cannon(opts: autocannon.Options): Promise<Load> {
  const timing = opts.amount ? {} : { duration: DURATION };
  return new Promise((resolve, reject) => {
    // sampleInt 50 ms: a run given an `amount` ends at the first sample tick after its last
    // answer, so the default 1 s tick would add up to a second to its measured duration.
    autocannon({ connections: CONNECTIONS, sampleInt: 50, ...timing, ...opts }, (err, r) => {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- autocannon's own error, passed on as it came
      if (err) return reject(err);
      // Completed requests over the measured time (requests.mean is per sample tick, not per second).
      resolve({
        rps: round(r.requests.total / r.duration, 0),
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors,
        non2xx: r.non2xx,
        requests: r.requests.total,
      });
    });
  });
}

async function baseline(mode: 'bare' | 'grpc'): Promise<Load> {
  const { url, child } = await startChild(mode);
  await cannon({ url: `${url}/ping`, duration: 2 }); // warm-up
  const load = await cannon({ url: `${url}/ping` });
  await stop(child);
  return load;
}

/** The transport ceiling of the all-in-one's shape: the gRPC server on a worker thread of the Fastify process. */
async function baselineThread(): Promise<Load> {
  const { url, child } = await startChild('fastify', {}, undefined, CEILING_SERVERS, ['thread', 'default']);
  await cannon({ url: `${url}/ping`, duration: 2 }); // warm-up
  const load = await cannon({ url: `${url}/ping` });
  await stop(child);
  return load;
}

/**
 * The transport ceiling in the production shape: Fastify in one process, the gRPC server in
 * another; `transport` `mux` makes the empty call a message on the multiplexed stream instead
 * (what the hot verify calls use; docs/architecture.md "Gateway → core transport").
 */
async function baselineSplit(transport: 'default' | 'mux' = 'default'): Promise<Load> {
  const grpcPort = (nextPort += 4);
  const server = await startChild('grpc-server', {}, grpcPort, CEILING_SERVERS, ['default']);
  const { url, child } = await startChild('fastify', {}, undefined, CEILING_SERVERS, [`127.0.0.1:${grpcPort}`, transport]);
  await cannon({ url: `${url}/ping`, duration: 2 }); // warm-up
  const load = await cannon({ url: `${url}/ping` });
  await stop(child);
  await stop(server.child);
  return load;
}

/**
 * This VM's speed drifts by up to 2x within minutes (other tenants of the host), so each init and
 * result measurement is cut into ROUNDS slices interleaved with ceiling measurements of the same
 * shape (ceiling, slice, ceiling, slice, ..., ceiling), from a ceiling server kept running for
 * the whole benchmark. Each slice is compared with the mean of the two ceilings around it, and the
 * reported ratio is the median of those per-slice ratios: one disturbed window moves it little.
 * The one-off baselines above are reported as well.
 */
/**
 * The ceiling of each shape: `oneProcess` is Fastify on the main thread calling a gRPC server on a
 * worker thread of the same process, as the all-in-one runs core on a thread of its own;
 * `twoProcesses` is Fastify and the gRPC server in two processes (gateway | core).
 */
interface Ceilings {
  oneProcess: string;
  twoProcesses: string;
}
const BRACKET_SECONDS = 3;
interface Interleaved {
  readonly load: Load;
  readonly ceiling: { readonly samples: number[]; readonly mean: number; readonly perSliceRatios: number[]; readonly medianRatio: number };
}

async function startCeilings(): Promise<{ urls: Ceilings; stop(): Promise<void> }> {
  const one = await startChild('fastify', {}, undefined, CEILING_SERVERS, ['thread', 'default']);
  const grpcPort = (nextPort += 4);
  const server = await startChild('grpc-server', {}, grpcPort, CEILING_SERVERS, ['default']);
  const two = await startChild('fastify', {}, undefined, CEILING_SERVERS, [`127.0.0.1:${grpcPort}`, 'default']);
  for (const url of [one.url, two.url]) await cannon({ url: `${url}/ping`, duration: 2 }); // warm-up
  return {
    urls: { oneProcess: one.url, twoProcesses: two.url },
    stop: async () => {
      for (const c of [one, two, server]) await stop(c.child);
    },
  };
}

async function interleaved(ceilingUrl: string, slice: (sliceIndex: number) => Promise<Load>, rounds = ROUNDS): Promise<Interleaved> {
  const ceiling = async () => (await cannon({ url: `${ceilingUrl}/ping`, duration: BRACKET_SECONDS })).rps;
  const samples = [await ceiling()];
  const slices: Load[] = [];
  for (let r = 0; r < rounds; r++) {
    slices.push(await slice(r));
    samples.push(await ceiling());
  }
  const perSliceRatios = slices.map((l, r) => round(l.rps / ((samples[r] + samples[r + 1]) / 2), 3));
  const load: Load = {
    rps: round(slices.reduce((sum, l) => sum + l.rps, 0) / slices.length, 0),
    p50: median(slices.map((l) => l.p50)),
    // The worst slice's p99: a disturbed window is not averaged away.
    p99: Math.max(...slices.map((l) => l.p99)),
    errors: slices.reduce((sum, l) => sum + l.errors, 0),
    non2xx: slices.reduce((sum, l) => sum + l.non2xx, 0),
    requests: slices.reduce((sum, l) => sum + (l.requests ?? 0), 0),
  };
  return {
    load,
    ceiling: { samples, mean: round(samples.reduce((a, b) => a + b, 0) / samples.length, 0), perSliceRatios, medianRatio: median(perSliceRatios) },
  };
}

function median(values: number[]): number {
  const v = [...values].sort((a, b) => a - b);
  return v.length % 2 ? v[v.length >> 1] : round((v[v.length / 2 - 1] + v[v.length / 2]) / 2, 3);
}

async function admin(url: string, path: string, body: unknown) {
  const r = await fetch(url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return r.json() as Promise<{ secret_key: string }>;
}

/** Whole flows (init → widget start → on-device pass), CONNECTIONS at a time, for DURATION s. */
async function flows(url: string, key: string): Promise<{ flowsPerSec: number; p50: number; p99: number; tokens: string[]; failures: number }> {
  const pool = new Pool(url, { connections: CONNECTIONS, pipelining: 1 });
  const post = async (path: string, body: unknown, headers: Record<string, string>) => {
    const r = await pool.request({ path, method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const json = (await r.body.json()) as { data: Record<string, any> };
    if (r.statusCode !== 200) throw new Error(`${path} ${r.statusCode} ${JSON.stringify(json)}`);
    return json.data;
  };
  const latencies: number[] = [];
  const tokens: string[] = [];
  let failures = 0;
  const until = Date.now() + DURATION * 1000;
  const worker = async () => {
    while (Date.now() < until) {
      const t0 = performance.now();
      try {
        const i = await post('/verify/v1/init', { callback_url: 'https://shop.example/cb', min_age: 18 }, { 'x-api-key': key });
        const s = await post('/verify/v1/widget/sessions', { token: i.token }, {});
        const v = await post('/verify/v1/widget/session/device-verdict', passingDeviceEvidence(s), { 'x-widget-session': s.widget_session });
        tokens.push(new URL(v.redirect_url).searchParams.get('token') as string);
        latencies.push(performance.now() - t0);
      } catch (err) {
        if (failures++ === 0) console.error('first flow failure:', (err as Error).message.slice(0, 300));
      }
    }
  };
  const t = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const seconds = (performance.now() - t) / 1000;
  await pool.close();
  return { flowsPerSec: round(latencies.length / seconds, 1), p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)), tokens, failures };
}

interface Service {
  readonly url: string;
  /** Resolves once every process of the service has exited (before its schema is dropped). */
  stop(): Promise<void>;
}

/**
 * The production shape: core and gateway in two processes (npm run start:core / start:gateway),
 * one gRPC hop over loopback between them, as a single handle for measureService.
 */
async function startSplit(env: Record<string, string>): Promise<Service> {
  const port = (nextPort += 4);
  const shared = { ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'idgate-bench-split-')) };
  const core = await startChild('core', shared, port);
  const gateway = await startChild('gateway', shared, port).catch(async (err: unknown) => {
    await stop(core.child);
    throw err;
  });
  // The gateway first (it drains its requests to core), then core.
  return {
    url: gateway.url,
    stop: async () => {
      await stop(gateway.child);
      await stop(core.child);
    },
  };
}

async function startService(env: Record<string, string>, split: boolean): Promise<Service> {
  if (split) return startSplit(env);
  const { url, child } = await startChild('service', env);
  return { url, stop: () => stop(child) };
}

/** At most this many result tokens are minted for the read measurement on Postgres. */
const MAX_RESULT_TOKENS = 100_000;

/**
 * Bench setup only: `count` copies of the completed session behind `token`, each with its own id
 * and token hashes (the unique columns), so each copy's result token reads like a real one.
 */
async function cloneCompletedSessions(env: Record<string, string>, token: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: env.DATABASE_URL, options: `-c search_path=${env.DATABASE_SCHEMA}` });
  await client.connect();
  try {
    const hash = (t: string) => createHash('sha256').update(t, 'utf8').digest('hex');
    const { rows } = await client.query('select id from sessions where result_token_hash = $1', [hash(token)]);
    const tokens: string[] = [];
    for (let done = 0; done < count; done += 5000) {
      const batch = Array.from({ length: Math.min(5000, count - done) }, () => `xtk_${randomBytes(24).toString('base64url')}`);
      const ids = batch.map(() => `ses_${randomBytes(12).toString('base64url')}`);
      await client.query(
        `insert into sessions select (jsonb_populate_record(null::sessions, to_jsonb(s) || jsonb_build_object('id', v.id, 'result_token_hash', v.h, 'init_token_hash', v.ih, 'widget_token_hash', null, 'result_token_sealed', v.sealed))).*
         from sessions s, unnest($1::text[], $2::text[], $3::text[], $4::text[]) as v(id, h, ih, sealed) where s.id = $5`,
        [ids, batch.map(hash), ids.map((id) => hash(`init-${id}`)), batch.map((t, k) => cipher.encrypt(t, ids[k])), rows[0].id],
      );
      tokens.push(...batch);
    }
    return tokens;
  } finally {
    await client.end();
  }
}

async function measureService(name: string, env: Record<string, string>, ceilingUrl: string, split = false) {
  const service = await startService(env, split);
  try {
    return await measureRunning(name, service.url, env, ceilingUrl);
  } finally {
    // Also on failure: a process left running would poll a schema the caller is about to drop.
    await service.stop();
  }
}

async function measureRunning(name: string, url: string, env: Record<string, string>, ceilingUrl: string) {
  const t = await admin(url, '/admin/v1/tenants', { name: 'bench', plan: 'scale' });
  const initOpts = {
    url: `${url}/verify/v1/init`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', 'x-api-key': t.secret_key },
    body: JSON.stringify({ callback_url: 'https://shop.example/cb', min_age: 18 }),
  };
  await cannon({ ...initOpts, duration: 2 }); // warm-up
  const { load: init, ceiling: initCeiling } = await interleaved(ceilingUrl, () => cannon({ ...initOpts, duration: DURATION / ROUNDS }));
  console.error(`[${name}] init ${init.rps} req/s`);
  const flow = await flows(url, t.secret_key);
  console.error(`[${name}] flows ${flow.flowsPerSec}/s (${flow.tokens.length} tokens, ${flow.failures} failures)`);
  // Result tokens are single use: a steady-state read needs more than the flows produced. On
  // Postgres the setup clones a completed session (fresh ids and token hashes, same record) so the
  // read runs for the full duration; PGlite lives inside the server process, so there it reads
  // only the flows' tokens (a short run, noted in the JSON).
  // About DURATION seconds of reads, estimated from the init rate (reads cost about the same).
  const clones = Math.min(MAX_RESULT_TOKENS, Math.round(init.rps * DURATION * 1.2));
  if (flow.tokens.length === 0) throw new Error(`${name}: no flow completed (${flow.failures} failures), nothing to read`);
  const tokens = env.DATABASE_URL ? [...flow.tokens, ...(await cloneCompletedSessions(env, flow.tokens[0], clones))] : flow.tokens;
  let i = 0;
  // PGlite has only the flows' few hundred tokens: one slice, as long as they last.
  const rounds = env.DATABASE_URL ? ROUNDS : 1;
  const perSlice = Math.floor(tokens.length / rounds);
  const { load: result, ceiling: resultCeiling } = await interleaved(
    ceilingUrl,
    (sliceIndex) =>
      cannon({
        url,
        // Every token is read once: the last slice takes the remainder.
        amount: sliceIndex === rounds - 1 ? tokens.length - perSlice * (rounds - 1) : perSlice,
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => ({ ...req, path: `/verify/v1/result/${tokens[i++ % tokens.length]}`, headers: { 'x-api-key': t.secret_key } }),
          },
        ],
      } as autocannon.Options),
    rounds,
  );
  return {
    backend: name,
    init: { ...init, ceilingAround: initCeiling },
    result: { ...result, tokens: tokens.length, ceilingAround: resultCeiling },
    flows: { perSec: flow.flowsPerSec, p50: flow.p50, p99: flow.p99, completed: flow.tokens.length, failures: flow.failures },
  };
}

const bare = await baseline('bare');
console.error(`bare ${bare.rps} req/s`);
const grpcHop = await baseline('grpc');
console.error(`grpc hop ${grpcHop.rps} req/s`);
const grpcHopThread = await baselineThread();
console.error(`grpc hop to a worker thread ${grpcHopThread.rps} req/s`);
const schema = `bench_${randomBytes(4).toString('hex')}`;
const ceilings = await startCeilings();
const wanted = (name: string) => !ONLY || ONLY === name;
const backends = wanted('pglite') ? [await measureService('pglite', {}, ceilings.urls.oneProcess)] : [];
try {
  if (wanted('postgres'))
    backends.push(await measureService('postgres+redis', { DATABASE_URL: PG_URL, REDIS_URL: REDIS_URL, DATABASE_SCHEMA: schema }, ceilings.urls.oneProcess));
  if (wanted('split'))
    backends.push(
      await measureService(
        'postgres+redis, gateway | core processes',
        { DATABASE_URL: PG_URL, REDIS_URL: REDIS_URL, DATABASE_SCHEMA: `${schema}_split` },
        ceilings.urls.twoProcesses,
        true,
      ),
    );
} catch (err) {
  console.error('postgres+redis skipped:', (err as Error).message);
} finally {
  const c = new pg.Client({ connectionString: PG_URL });
  await c
    .connect()
    .then(() => c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_split CASCADE`))
    .catch(() => undefined)
    .finally(() => c.end());
}
await ceilings.stop();
const grpcHopSplit = await baselineSplit();
console.error(`grpc hop, two processes ${grpcHopSplit.rps} req/s`);
const muxHopSplit = await baselineSplit('mux');
console.error(`one multiplexed message, two processes ${muxHopSplit.rps} req/s`);

const ratio = (x: number, base: number) => round(x / base, 3);
const report = {
  benchmark: 'verify-flow',
  at: new Date().toISOString(),
  hardware: hardwareFingerprint(),
  settings: {
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    rounds: ROUNDS,
    ceilingSampleSeconds: BRACKET_SECONDS,
    loadGenerator: 'autocannon + undici in the parent process, servers in child processes, same machine',
    loadAverageAtEnd: loadavg().map((l) => round(l, 2)),
  },
  method:
    'each init and result measurement is cut into `rounds` slices interleaved with ceiling measurements of the same shape (the all-in-one process, core on its own thread: Fastify calling a gRPC server on a worker thread; gateway | core: on another process): ceiling, slice, ceiling, ..., slice, ceiling. initVsGrpcCeiling and resultVsGrpcCeiling are the median over slices of slice rps / mean of the two ceilings around it (ceilingAround.perSliceRatios); p99 is the worst slice. The baselines are one-off measurements at the start and end (the *VsOneOffCeiling ratios)',
  baselines: {
    bareFastify: bare,
    fastifyPlusOneGrpcHop: grpcHop,
    fastifyPlusOneGrpcHopTwoThreads: grpcHopThread,
    fastifyPlusOneGrpcHopTwoProcesses: grpcHopSplit,
    fastifyPlusOneMultiplexedMessageTwoProcesses: muxHopSplit,
  },
  backends: backends.map((b) => {
    // Each shape is compared with the ceiling of the same shape: the all-in-one process (core on
    // its own thread) with the two-thread hop, gateway | core processes with the two-process hop.
    // The single-event-loop hop (client and server on one thread) is kept for comparison.
    const split = b.backend.includes('processes');
    const ceiling = split ? grpcHopSplit : grpcHopThread;
    return {
      ...b,
      ceiling: split ? 'fastifyPlusOneGrpcHopTwoProcesses' : 'fastifyPlusOneGrpcHopTwoThreads',
      ratios: {
        initVsBare: ratio(b.init.rps, bare.rps),
        initVsGrpcCeiling: b.init.ceilingAround.medianRatio,
        initVsOneOffCeiling: ratio(b.init.rps, ceiling.rps),
        initVsSingleLoopHop: ratio(b.init.rps, grpcHop.rps),
        resultVsBare: ratio(b.result.rps, bare.rps),
        resultVsGrpcCeiling: b.result.ceilingAround.medianRatio,
        resultVsOneOffCeiling: ratio(b.result.rps, ceiling.rps),
        resultVsSingleLoopHop: ratio(b.result.rps, grpcHop.rps),
      },
    };
  }),
};
mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
// A partial run (--only) is printed, never recorded over the full result.
if (!ONLY) writeFileSync(new URL('../results/verify-flow.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
console.log(
  `bare Fastify: ${bare.rps} req/s p99 ${bare.p99} ms | Fastify + 1 gRPC hop: ${grpcHop.rps} req/s p99 ${grpcHop.p99} ms | to a worker thread: ${grpcHopThread.rps} req/s p99 ${grpcHopThread.p99} ms | two processes: ${grpcHopSplit.rps} req/s p99 ${grpcHopSplit.p99} ms`,
);
for (const b of report.backends) {
  console.log(
    `${b.backend}: init ${b.init.rps} req/s p50 ${b.init.p50} p99 ${b.init.p99} ms (x${b.ratios.initVsGrpcCeiling} of ceiling ${b.init.ceilingAround.mean}, x${b.ratios.initVsBare} of bare) | result ${b.result.rps} req/s p50 ${b.result.p50} p99 ${b.result.p99} ms (x${b.ratios.resultVsGrpcCeiling} of ceiling ${b.result.ceilingAround.mean}) | flows ${b.flows.perSec}/s p50 ${b.flows.p50} p99 ${b.flows.p99} ms, failures ${b.flows.failures}, non2xx init ${b.init.non2xx} result ${b.result.non2xx}`,
  );
}
