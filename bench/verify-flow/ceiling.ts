import { fork, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { hardwareFingerprint, round } from '../src/stats.ts';

/**
 * The transport ceiling (docs/performance.md): variants of the gateway → core hop, measured
 * interleaved over several rounds so machine noise hits every variant alike. Writes
 * bench/results/transport-ceiling.json. `--rounds N --duration S`.
 */
const args = process.argv.slice(2);
const option = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const ROUNDS = Number(option('--rounds') ?? 3);
const DURATION = Number(option('--duration') ?? 5);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1 || !(DURATION > 0)) throw new Error('usage: ceiling.ts [--rounds N] [--duration S]');
const ENTRY = fileURLToPath(new URL('./ceiling-servers.ts', import.meta.url));
let port = 21_000 + Math.floor(Math.random() * 400) * 8;

function child(argv: string[]): Promise<ChildProcess> {
  const c = fork(ENTRY, argv, { execArgv: ['--disable-warning=ExperimentalWarning'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    c.once('message', () => resolve(c));
    c.once('exit', (code) => reject(new Error(`exited ${code}`)));
  });
}

async function stop(...cs: ChildProcess[]): Promise<void> {
  await Promise.all(
    cs.map(
      (c) =>
        new Promise((r) => {
          c.once('exit', r);
          c.kill('SIGTERM');
        }),
    ),
  );
}

const VARIANTS: Record<string, () => Promise<{ url: string; children: ChildProcess[] }>> = {
  'same-process, default options': async () => {
    const p = (port += 8);
    return { url: `http://127.0.0.1:${p}/ping`, children: [await child(['fastify', String(p), 'inproc', 'default'])] };
  },
  'same-process, channelz off': async () => {
    const p = (port += 8);
    return { url: `http://127.0.0.1:${p}/ping`, children: [await child(['fastify', String(p), 'inproc', 'no-channelz'])] };
  },
  'same-process, multiplexed stream (the hot verify calls)': async () => {
    const p = (port += 8);
    return { url: `http://127.0.0.1:${p}/ping`, children: [await child(['fastify', String(p), 'inproc', 'mux'])] };
  },
  'two processes (gateway | core), multiplexed stream': async () => {
    const p = (port += 8);
    const g = await child(['grpc-server', String(p + 1), 'default']);
    const f = await child(['fastify', String(p), `127.0.0.1:${p + 1}`, 'mux']);
    return { url: `http://127.0.0.1:${p}/ping`, children: [f, g] };
  },
  'two processes (gateway | core), channelz off': async () => {
    const p = (port += 8);
    const g = await child(['grpc-server', String(p + 1), 'no-channelz']);
    const f = await child(['fastify', String(p), `127.0.0.1:${p + 1}`, 'no-channelz']);
    return { url: `http://127.0.0.1:${p}/ping`, children: [f, g] };
  },
};

const samples: Record<string, { rps: number; p99: number }[]> = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, start] of Object.entries(VARIANTS)) {
    const { url, children } = await start();
    await autocannon({ url, connections: 50, duration: 1 });
    const r = await autocannon({ url, connections: 50, duration: DURATION });
    (samples[name] ??= []).push({ rps: Math.round(r.requests.mean), p99: r.latency.p99 });
    await stop(...children);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const summary = Object.fromEntries(
  Object.entries(samples).map(([k, v]) => [k, { medianRps: median(v.map((x) => x.rps)), medianP99Ms: median(v.map((x) => x.p99)), rounds: v }]),
);
const base = summary['same-process, default options'].medianRps;
for (const [k, v] of Object.entries(summary)) console.log(`${k}: ${v.medianRps} req/s (x${round(v.medianRps / base)}), p99 ${v.medianP99Ms} ms`);
writeFileSync(
  new URL('../results/transport-ceiling.json', import.meta.url),
  `${JSON.stringify({ benchmark: 'transport-ceiling', at: new Date().toISOString(), hardware: hardwareFingerprint(), connections: 50, durationSeconds: DURATION, summary }, null, 2)}\n`,
);
