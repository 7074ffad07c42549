import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Pool } from 'undici';
import pg from 'pg';
import { chainOf } from '@idgate/core';
import { hardwareFingerprint, percentile, round } from '../src/stats.ts';

/**
 * bench/verify-flow (issue #2): init + path-A completion + result read on PGlite and on
 * Postgres + Redis, against two baselines measured in the same run: a bare Fastify route and
 * the transport ceiling (Fastify + one empty grpc-js unary call to a loopback server).
 * Each server runs in a child process; the load generator runs here. `--duration S` (default 8).
 */
const args = process.argv.slice(2);
const DURATION = Number(args[args.indexOf('--duration') + 1] || 8);
const CONNECTIONS = 50;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SERVERS = fileURLToPath(new URL('./servers.ts', import.meta.url));
const ADMIN = `adm_${randomBytes(12).toString('hex')}`;

let nextPort = 19_000 + Math.floor(Math.random() * 500) * 4;

async function startChild(mode: string, env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess }> {
  const port = (nextPort += 4);
  const child = fork(SERVERS, [mode, String(port)], { env: { ...process.env, ADMIN_TOKEN: ADMIN, ...env }, execArgv: ['--disable-warning=ExperimentalWarning'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
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
    autocannon({ connections: CONNECTIONS, ...timing, ...opts }, (err, r) => {
      if (err) return reject(err);
      resolve({ rps: round(r.requests.mean, 0), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx, requests: r.requests.total });
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

async function admin(url: string, path: string, body: unknown) {
  const r = await fetch(url + path, { method: 'POST', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
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
        const frames = [45, 46, 47].map((age) => ({ liveness_score: 0.95, age_estimate: age, duration_ms: 20, frame_hash: createHash('sha256').update(randomBytes(8)).digest('hex') }));
        const v = await post('/verify/v1/widget/session/device-verdict', {
          nonce: s.nonce, liveness_passed: true, age_verdict: 'pass', age_gate: s.device_age_gate, model_hashes: s.accepted_model_hashes ?? [], frames,
          chain_hash: chainOf(s.nonce, frames.map((f) => f.frame_hash)), capture_started_ms: 0, capture_finished_ms: 70,
        }, { 'x-widget-session': s.widget_session });
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

async function measureService(name: string, env: Record<string, string>) {
  const { url, child } = await startChild('service', env);
  const t = await admin(url, '/admin/v1/tenants', { name: 'bench', plan: 'scale' });
  const initOpts = { url: `${url}/verify/v1/init`, method: 'POST' as const, headers: { 'content-type': 'application/json', 'x-api-key': t.secret_key }, body: JSON.stringify({ callback_url: 'https://shop.example/cb', min_age: 18 }) };
  await cannon({ ...initOpts, duration: 2 }); // warm-up
  const init = await cannon(initOpts);
  console.error(`[${name}] init ${init.rps} req/s`);
  const flow = await flows(url, t.secret_key);
  console.error(`[${name}] flows ${flow.flowsPerSec}/s (${flow.tokens.length} tokens, ${flow.failures} failures)`);
  let i = 0;
  const result = await cannon({
    url,
    amount: flow.tokens.length,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/verify/v1/result/${flow.tokens[i++ % flow.tokens.length]}`, headers: { 'x-api-key': t.secret_key } }) }],
  } as autocannon.Options);
  await stop(child);
  return { backend: name, init, result, flows: { perSec: flow.flowsPerSec, p50: flow.p50, p99: flow.p99, completed: flow.tokens.length, failures: flow.failures } };
}

const bare = await baseline('bare');
console.error(`bare ${bare.rps} req/s`);
const grpcHop = await baseline('grpc');
console.error(`grpc hop ${grpcHop.rps} req/s`);
const schema = `bench_${randomBytes(4).toString('hex')}`;
const backends = [await measureService('pglite', {})];
try {
  backends.push(await measureService('postgres+redis', { DATABASE_URL: PG_URL, REDIS_URL: REDIS_URL, DATABASE_SCHEMA: schema }));
} catch (err) {
  console.error('postgres+redis skipped:', (err as Error).message);
} finally {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect().then(() => c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)).catch(() => undefined).finally(() => c.end());
}

const ratio = (x: number, base: number) => round(x / base, 3);
const report = {
  benchmark: 'verify-flow',
  at: new Date().toISOString(),
  hardware: hardwareFingerprint(),
  settings: { connections: CONNECTIONS, durationSeconds: DURATION, loadGenerator: 'autocannon + undici in the parent process, servers in child processes, same machine' },
  baselines: { bareFastify: bare, fastifyPlusOneGrpcHop: grpcHop },
  backends: backends.map((b) => ({
    ...b,
    ratios: {
      initVsBare: ratio(b.init.rps, bare.rps), initVsGrpcCeiling: ratio(b.init.rps, grpcHop.rps),
      resultVsBare: ratio(b.result.rps, bare.rps), resultVsGrpcCeiling: ratio(b.result.rps, grpcHop.rps),
    },
  })),
};
mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
writeFileSync(new URL('../results/verify-flow.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
console.log(`bare Fastify: ${bare.rps} req/s p99 ${bare.p99} ms | Fastify + 1 gRPC hop: ${grpcHop.rps} req/s p99 ${grpcHop.p99} ms`);
for (const b of report.backends) {
  console.log(`${b.backend}: init ${b.init.rps} req/s p50 ${b.init.p50} p99 ${b.init.p99} ms (x${b.ratios.initVsGrpcCeiling} of ceiling, x${b.ratios.initVsBare} of bare) | result ${b.result.rps} req/s p50 ${b.result.p50} p99 ${b.result.p99} ms (x${b.ratios.resultVsGrpcCeiling} of ceiling) | flows ${b.flows.perSec}/s p50 ${b.flows.p50} p99 ${b.flows.p99} ms, failures ${b.flows.failures}, non2xx init ${b.init.non2xx} result ${b.result.non2xx}`);
}
