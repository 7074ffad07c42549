import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { hardwareFingerprint, percentile, round } from '../src/stats.ts';
import { runPhase, type PhaseResult } from './load.ts';
import { REDIRECT_URI, type Minted } from './mint.ts';

/**
 * bench/oauth (docs/performance.md): token endpoint (code exchange, refresh) and userinfo throughput and
 * p99 of idgate's OAuth mount (Postgres + Redis adapter, JWT access tokens, hashed client
 * secrets) next to bare oidc-provider with its in-memory adapter (same token formats and keys:
 * see servers.ts), in the same run, each server in its own child process, measured in
 * alternating slices.
 * Target: ours ≥ 0.7 × bare. `--duration S` (default 6); BENCH_CPU_PROF=<dir> profiles the servers.
 */
const args = process.argv.slice(2);
const DURATION_MS = Number(args[args.indexOf('--duration') + 1] || 6) * 1000;
const CONCURRENCY = 16;
const CODES_PER_ROUND = 500;
const SLICES = 4;
const WARMUP_MS = 1000;
const barePaths = { token: '/token', userinfo: '/me' };
const oursPaths = { token: '/oauth/token', userinfo: '/oauth/userinfo' };
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SERVERS = fileURLToPath(new URL('./servers.ts', import.meta.url));

interface Server {
  child: ChildProcess;
  url: string;
  clientId: string;
  clientSecret: string;
}

function reachable(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port) }, () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
  });
}

async function start(mode: 'ours' | 'bare', port: number, backend: string[]): Promise<Server> {
  // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops.
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`, `--cpu-prof-name=${mode}.cpuprofile`] : [];
  const child = fork(SERVERS, [mode, String(port), ...backend], {
    execArgv: ['--disable-warning=ExperimentalWarning', ...prof],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ clientId: string; clientSecret: string }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { clientId: string; clientSecret: string }));
    child.once('exit', (code) => reject(new Error(`${mode} server exited ${code}`)));
  });
  return { child, url: `http://127.0.0.1:${port}`, ...ready };
}

function mint(s: Server, n: number): Promise<Minted[]> {
  return new Promise((resolve) => {
    s.child.once('message', (m) => resolve((m as { codes: Minted[] }).codes));
    s.child.send({ mint: n });
  });
}

const form = (s: Server, fields: Record<string, string>) => ({
  method: 'POST' as const,
  path: '/oauth/token',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ ...fields, client_id: s.clientId, client_secret: s.clientSecret }).toString(),
});

function summarise(r: { latencies: number[]; errors: number; elapsedMs: number }): PhaseResult {
  return {
    requests: r.latencies.length,
    errors: r.errors,
    rps: round((r.latencies.length / r.elapsedMs) * 1000, 1),
    p50Ms: round(percentile(r.latencies, 50)),
    p99Ms: round(percentile(r.latencies, 99)),
  };
}

async function redeem(s: Server, path: string, c: Minted): Promise<Record<string, any>> {
  const res = await fetch(s.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form(s, { grant_type: 'authorization_code', code: c.code, code_verifier: c.verifier, redirect_uri: REDIRECT_URI }).body,
  });
  const body = (await res.json()) as Record<string, any>;
  if (res.status !== 200) throw new Error(`code exchange failed: ${JSON.stringify(body)}`);
  return body;
}

type Paths = { token: string; userinfo: string };
type Raw = { latencies: number[]; errors: number; elapsedMs: number };
/** One phase against one server, run in slices: `slice(ms)` measures for about ms. */
type Phase = (s: Server, paths: Paths) => Promise<{ slice(ms: number): Promise<Raw>; close(): Promise<void> }>;

/** Code exchange: codes are minted in rounds of 500 (oidc-provider's in-memory adapter is an LRU of 1000 entries); only the exchanges are timed. */
const exchangePhase: Phase = async (s, paths) => {
  const pool = new Pool(s.url, { connections: CONCURRENCY });
  let codes: Minted[] = [];
  let i = 0;
  const next = () => {
    const c = codes[i++];
    return c
      ? { ...form(s, { grant_type: 'authorization_code', code: c.code, code_verifier: c.verifier, redirect_uri: REDIRECT_URI }), path: paths.token }
      : undefined;
  };
  return {
    async slice(ms) {
      const out: Raw = { latencies: [], errors: 0, elapsedMs: 0 };
      while (out.elapsedMs < ms) {
        if (i >= codes.length) [codes, i] = [await mint(s, CODES_PER_ROUND), 0];
        const round = await runPhase(pool, CONCURRENCY, ms - out.elapsedMs, next);
        out.latencies.push(...round.latencies);
        out.errors += round.errors;
        out.elapsedMs += round.elapsedMs;
      }
      return out;
    },
    close: () => pool.close(),
  };
};

/** Refresh: one refresh-token chain per worker (each answer's refresh_token is the next request's). */
const refreshPhase: Phase = async (s, paths) => {
  const pool = new Pool(s.url, { connections: CONCURRENCY });
  const lasts: (Record<string, any> | undefined)[] = await Promise.all((await mint(s, CONCURRENCY)).map((c) => redeem(s, paths.token, c)));
  const heads = lasts.map((l) => l!.refresh_token as string);
  const next = (w: number, last?: Record<string, any>) => {
    if (last) heads[w] = last.refresh_token;
    return { ...form(s, { grant_type: 'refresh_token', refresh_token: heads[w] }), path: paths.token };
  };
  return { slice: (ms) => runPhase(pool, CONCURRENCY, ms, next, lasts), close: () => pool.close() };
};

const userinfoPhase: Phase = async (s, paths) => {
  const pool = new Pool(s.url, { connections: CONCURRENCY });
  const [seed] = await mint(s, 1);
  const bearer = `Bearer ${(await redeem(s, paths.token, seed)).access_token}`;
  const next = () => ({ method: 'GET' as const, path: paths.userinfo, headers: { authorization: bearer } });
  return { slice: (ms) => runPhase(pool, CONCURRENCY, ms, next), close: () => pool.close() };
};

/**
 * Measures a phase on both servers in alternating slices (bare, ours, bare, ours…) after an
 * untimed warm-up slice each, so a burst of other work on the machine's cores hits both sides
 * about alike instead of one whole phase.
 */
async function compare(phase: Phase, bare: Server, ours: Server): Promise<{ bare: PhaseResult; ours: PhaseResult }> {
  const sides = [await phase(bare, barePaths), await phase(ours, oursPaths)];
  for (const side of sides) await side.slice(WARMUP_MS);
  const totals: Raw[] = sides.map(() => ({ latencies: [], errors: 0, elapsedMs: 0 }));
  for (let k = 0; k < SLICES; k++) {
    for (const [j, side] of sides.entries()) {
      const r = await side.slice(DURATION_MS / SLICES);
      totals[j].latencies.push(...r.latencies);
      totals[j].errors += r.errors;
      totals[j].elapsedMs += r.elapsedMs;
    }
  }
  for (const side of sides) await side.close();
  return { bare: summarise(totals[0]), ours: summarise(totals[1]) };
}

async function stop(s: Server): Promise<void> {
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGTERM');
  await exited;
}

const realBackends = (await reachable(PG_URL)) && (await reachable(REDIS_URL));
const backend = realBackends ? [PG_URL, REDIS_URL] : ['-', '-'];
const basePort = 21_000 + Math.floor(Math.random() * 1000) * 2;
// Both servers run side by side (each in its own process); see compare() for the interleaving.
const bare = await start('bare', basePort, []);
const ours = await start('ours', basePort + 1, backend);
const bareResult = {} as Record<'exchange' | 'refresh' | 'userinfo', PhaseResult>;
const oursResult = {} as Record<'exchange' | 'refresh' | 'userinfo', PhaseResult>;
for (const [name, phase] of [
  ['exchange', exchangePhase],
  ['refresh', refreshPhase],
  ['userinfo', userinfoPhase],
] as const) {
  ({ bare: bareResult[name], ours: oursResult[name] } = await compare(phase, bare, ours));
}
await stop(bare);
await stop(ours);

const ratio = (k: 'exchange' | 'refresh' | 'userinfo') => round(oursResult[k].rps / bareResult[k].rps);
const result = {
  benchmark: 'oauth',
  date: new Date().toISOString(),
  hardware: hardwareFingerprint(),
  settings: { concurrency: CONCURRENCY, durationSeconds: DURATION_MS / 1000, slices: SLICES, warmupSeconds: WARMUP_MS / 1000, codesPerRound: CODES_PER_ROUND },
  ours: { storage: realBackends ? 'postgres+redis' : 'pglite+memory-kv', ...oursResult },
  bare: { storage: 'oidc-provider in-memory adapter', ...bareResult },
  ratioToBare: { exchange: ratio('exchange'), refresh: ratio('refresh'), userinfo: ratio('userinfo') },
  target: 0.7,
};
const out = fileURLToPath(new URL('../results/', import.meta.url));
mkdirSync(out, { recursive: true });
writeFileSync(`${out}oauth.json`, `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
