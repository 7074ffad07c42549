/**
 * bench/upload-flood (docs/performance.md, "Upload flood"): the attack of the report, eight parallel
 * POST …/widget/session/frames of six 13.9 MB frames each (base64, as they travel), against `npm start`
 * in a child process, with ordinary verify flows running beside it, in one run:
 *   1. idle: ordinary flows alone;
 *   2. flood: the same flows while eight clients (eight addresses) each keep one such request in flight;
 *   3. at the caps: the same, with requests as large as the service accepts (8 frames at FACE_FRAME_MAX_BYTES),
 *      which only the in-flight budgets bound;
 *   4. idle again (this machine's speed drifts: the attacked phases are compared with both idle ones).
 * Reports per phase the service's peak resident memory, the flows' p50/p99 and failures, the flood's
 * answers by status and code, and the flows' latency ratios against idle.
 * Usage: npm run bench:upload-flood -- [--duration 10] [--flows 4] [--flood-interval-ms 1000] [--out upload-flood.json].
 * Writes bench/results/upload-flood.json (or --out, a file name in bench/results/).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@idgate/platform';
import { hardwareFingerprint, round } from '../src/stats.ts';
import { flood, ordinaryFlows, type FloodClient, type FloodResults, type FlowResults } from './clients.ts';
import { framesBody, noiseJpeg, rawBytesOfBase64 } from './payload.ts';
import { RssSampler, startService, type ServiceChild } from './service.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    flows: { type: 'string', default: '4' },
    'flood-interval-ms': { type: 'string', default: '1000' },
    out: { type: 'string', default: 'upload-flood.json' },
  },
});
const DURATION_S = Number(values.duration);
const FLOWS = Number(values.flows);
/** Each flood client sends at most one request per this many ms: under the widget rate limit (120/min per address). */
const FLOOD_INTERVAL_MS = Number(values['flood-interval-ms']);
if (!(DURATION_S > 0) || !Number.isInteger(FLOWS) || FLOWS < 1 || !(FLOOD_INTERVAL_MS >= 0))
  throw new Error('--duration must be seconds > 0, --flows a positive integer, --flood-interval-ms milliseconds >= 0');

/** The report's attack: 8 parallel requests of 6 frames, each frame 13.9 MB of base64. */
const ATTACK = { clients: 8, frames: 6, frameBase64Bytes: 13_900_000 };
const ADMIN = `adm_${randomBytes(12).toString('hex')}`;
const REFUSAL_LOG_LINE = 'image upload refused';
/** The service's own settings (defaults unless the environment says otherwise): the at-the-caps phase sends frames of its cap. */
const serviceConfig = loadConfig({ ...process.env, ADMIN_TOKEN: ADMIN });

async function admin(url: string, method: string, path: string, body: unknown, auth = `Bearer ${ADMIN}`) {
  const key: Record<string, string> = auth.startsWith('Bearer') ? { authorization: auth } : { 'x-api-key': auth };
  const r = await fetch(url + path, { method, headers: { 'content-type': 'application/json', ...key }, body: JSON.stringify(body) });
  const json = (await r.json()) as Record<string, any>;
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json).slice(0, 200)}`);
  return json;
}

/**
 * Eight widget sessions of a project whose path A runs on the server, so frames are accepted at
 * face_capture; each from its own address in `subnet` (a fresh one per phase: the widget rate
 * limit's minute windows of one phase do not spill into the next).
 */
async function floodClients(url: string, subnet: string): Promise<FloodClient[]> {
  const tenant = await admin(url, 'POST', '/admin/v1/tenants', { name: 'flood', plan: 'scale' });
  await admin(url, 'PUT', '/verify/v1/rules', { server_side_checks: true }, tenant.secret_key as string);
  const out: FloodClient[] = [];
  for (let i = 0; i < ATTACK.clients; i++) {
    const address = `${subnet}.${i + 1}`;
    // The public key is enough to mint an init token (spec §5): what the attacker had.
    const init = await admin(url, 'POST', '/verify/v1/init', { callback_url: 'https://shop.example/cb', min_age: 18 }, tenant.public_key as string);
    const r = await fetch(`${url}/verify/v1/widget/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ token: init.data.token }),
    });
    const state = (await r.json()) as { data: { widget_session: string; step: string } };
    if (state.data.step !== 'face_capture') throw new Error(`flood session at step ${state.data.step}`);
    out.push({ address, widgetSession: state.data.widget_session });
  }
  return out;
}

interface Phase {
  readonly name: string;
  readonly rssAtStartMb: number;
  readonly peakRssMb: number;
  readonly flows: FlowResults;
  readonly flood?: FloodResults & { readonly bodyBytes: number; readonly refusalLogLines: number };
  /** The service's warn and error lines of the phase, counted by message. */
  readonly serviceLog: Record<string, number>;
}

async function phase(svc: ServiceChild, rss: RssSampler, key: string, name: string, attack?: { clients: FloodClient[]; body: Buffer }): Promise<Phase> {
  const rssAtStartMb = rss.read();
  rss.takePeak();
  const logged = new Map(svc.linesByMessage);
  const end = Date.now() + DURATION_S * 1000;
  const until = () => Date.now() >= end;
  const [flows, flooded] = await Promise.all([
    ordinaryFlows(svc.url, key, FLOWS, until),
    attack ? flood(svc.url, attack.clients, attack.body, until, { intervalMs: FLOOD_INTERVAL_MS }) : Promise.resolve(undefined),
  ]);
  const peakRssMb = rss.takePeak();
  const serviceLog = Object.fromEntries([...svc.linesByMessage].map(([msg, n]) => [msg, n - (logged.get(msg) ?? 0)] as const).filter(([, n]) => n > 0));
  const refusalLogLines = serviceLog[REFUSAL_LOG_LINE] ?? 0;
  console.error(
    `[${name}] flows ${flows.flows} p50 ${flows.p50} p99 ${flows.p99} ms, failures ${flows.failures}; peak RSS ${peakRssMb} MB` +
      (flooded ? `; flood ${JSON.stringify(flooded.answers)}` : ''),
  );
  return {
    name,
    rssAtStartMb,
    peakRssMb,
    flows,
    serviceLog,
    ...(flooded && attack ? { flood: { ...flooded, bodyBytes: attack.body.length, refusalLogLines } } : {}),
  };
}

/** The commit measured, and whether the tree had changes on top of it (a before/after comparison runs on one). */
function revision(): string {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
  try {
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? ' (with uncommitted changes)' : ''}`;
  } catch {
    return 'unknown';
  }
}

const port = 19_600 + Math.floor(Math.random() * 300) * 2;
const svc = await startService(port, {
  NODE_ENV: 'development',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'idgate-bench-flood-')),
  ADMIN_TOKEN: ADMIN,
  LOG_LEVEL: 'warn',
  // Visitors and attackers each have their own address, given by the load generator as a proxy would.
  TRUST_PROXY: '127.0.0.1',
  // One tenant key makes every init of the ordinary flows: its per-key minute window is not what is measured.
  RATE_LIMIT_INIT_PER_MINUTE: '1000000',
});
const rss = new RssSampler(svc.pid);
const phases: Phase[] = [];
try {
  const ordinary = await admin(svc.url, 'POST', '/admin/v1/tenants', { name: 'ordinary', plan: 'scale' });
  const key = ordinary.secret_key as string;
  const attackBody = framesBody(await noiseJpeg(rawBytesOfBase64(ATTACK.frameBase64Bytes)), ATTACK.frames);
  const capBody = framesBody(await noiseJpeg(serviceConfig.faceFrameMaxBytes), 8);
  await ordinaryFlows(
    svc.url,
    key,
    FLOWS,
    (
      (end) => () =>
        Date.now() >= end
    )(Date.now() + 3000),
  ); // warm-up
  phases.push(await phase(svc, rss, key, 'idle'));
  phases.push(await phase(svc, rss, key, 'flood', { clients: await floodClients(svc.url, '198.51.100'), body: attackBody }));
  phases.push(await phase(svc, rss, key, 'at the caps', { clients: await floodClients(svc.url, '198.51.101'), body: capBody }));
  // Idle again: this machine's speed drifts (other tenants), so the attacked phases are compared with both idle ones.
  phases.push(await phase(svc, rss, key, 'idle again'));
} finally {
  rss.stop();
  await svc.stop();
}

const idlePhases = phases.filter((p) => p.name.startsWith('idle'));
const attacked = phases.filter((p) => p.flood);
const idle = {
  p50: round(idlePhases.reduce((sum, p) => sum + p.flows.p50, 0) / idlePhases.length, 1),
  p99: round(idlePhases.reduce((sum, p) => sum + p.flows.p99, 0) / idlePhases.length, 1),
};
const report = {
  benchmark: 'upload-flood',
  at: new Date().toISOString(),
  hardware: hardwareFingerprint(),
  revision: revision(),
  settings: {
    durationSecondsPerPhase: DURATION_S,
    ordinaryFlowConcurrency: FLOWS,
    floodIntervalMs: FLOOD_INTERVAL_MS,
    attack: { ...ATTACK, bodyBytes: phases[1]?.flood?.bodyBytes },
    atTheCaps: { clients: ATTACK.clients, frames: 8, frameBytes: serviceConfig.faceFrameMaxBytes, bodyBytes: phases[2]?.flood?.bodyBytes },
    service:
      'npm start (gateway, core thread, inference node in one process) on PGlite, default settings except TRUST_PROXY=127.0.0.1 and RATE_LIMIT_INIT_PER_MINUTE=1000000',
    loadGenerator: 'undici in the parent process, same machine; each ordinary flow and each flood client from its own X-Forwarded-For address',
    loadAverageAtEnd: loadavg().map((l) => round(l, 2)),
  },
  method:
    'ordinary flow = init (secret key) + widget start + on-device verdict (path A) + status by result token; p50/p99 over whole flows. Each flood client keeps one request in flight, sending the next when the last is answered but at most one per floodIntervalMs; requests open when the phase ends get 60 s to be answered. `error EPIPE`: the service closed the connection while the client was still sending, before the client read the answer. Peak RSS: /proc VmRSS of the service process sampled every 50 ms during the phase. ratiosToIdle: flow p50 and p99 of an attacked phase over the mean of the two idle phases (before and after the attacks)',
  phases,
  idle,
  ratiosToIdle: attacked.map((p) => ({
    phase: p.name,
    p50: round(p.flows.p50 / idle.p50, 2),
    p99: round(p.flows.p99 / idle.p99, 2),
    ordinaryFailures: p.flows.failures,
  })),
};
mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
writeFileSync(new URL(`../results/${basename(values.out)}`, import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
for (const r of report.ratiosToIdle) console.log(`${r.phase}: flows p50 x${r.p50}, p99 x${r.p99} of idle; ordinary failures ${r.ordinaryFailures}`);
