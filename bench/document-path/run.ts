/**
 * bench/document-path (docs/performance.md): whole document-path sessions through the HTTP API (init →
 * widget start → liveness frame → document image → result) against an in-process gateway, core
 * (PGlite) and a real inference node reading generated passports with the real models.
 * Reports sessions per second, p50/p99 per stage (client side and inside core) and the share
 * of time spent in OCR. Usage:
 *   npm run bench:document-path -- [--sessions 20] [--concurrency 4] [--documents 6]
 * Writes bench/results/document-path.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createLogger } from '@idgate/platform';
import { startInferenceNode } from '../../inference/src/index.ts';
import { startTestService, testConfig, type TestService } from '../../test/src/index.ts';
import { facePhoto, passportImage, DEFAULT_HOLDER } from '../../test/src/document-generator.ts';
import { hardwareFingerprint, percentile, round } from '../src/stats.ts';

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '4' },
    documents: { type: 'string', default: '6' },
    pool: { type: 'string' },
  },
});
const SESSIONS = Number(values.sessions);
const CONCURRENCY = Number(values.concurrency);
const OUT = fileURLToPath(new URL('../results/document-path.json', import.meta.url));
const STAGES = ['init', 'start', 'liveness', 'document', 'result'] as const;
type Stage = (typeof STAGES)[number];

async function timed<T>(times: Record<string, number[]>, stage: Stage, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  (times[stage] ??= []).push(performance.now() - t0);
  return out;
}

/** One whole session; throws unless it ends in success (the bench measures passing sessions). */
async function session(svc: TestService, key: string, selfie: string, document: string, times: Record<string, number[]>): Promise<number> {
  const t0 = performance.now();
  const init = await timed(times, 'init', () =>
    svc.http('POST', '/verify/v1/init', {
      body: { callback_url: 'https://shop.example/cb', min_age: 18, verification_mode: 'document' },
      headers: { 'x-api-key': key },
    }),
  );
  const start = await timed(times, 'start', () => svc.http('POST', '/verify/v1/widget/sessions', { body: { token: init.body.data.token } }));
  const h = { 'x-widget-session': start.body.data.widget_session };
  await timed(times, 'liveness', () => svc.http('POST', '/verify/v1/widget/session/frames', { body: { frames: [selfie] }, headers: h }));
  const doc = await timed(times, 'document', () => svc.http('POST', '/verify/v1/widget/session/document', { body: { image: document }, headers: h }));
  if (doc.body?.data?.session_status !== 'success') throw new Error(`session ended ${JSON.stringify(doc.body)}`);
  const token = new URL(doc.body.data.redirect_url).searchParams.get('token');
  await timed(times, 'result', () => svc.http('GET', `/verify/v1/result/${token}`, { headers: { 'x-api-key': key } }));
  return performance.now() - t0;
}

const summary = (xs: number[]) => ({ n: xs.length, p50: round(percentile(xs, 50), 1), p99: round(percentile(xs, 99), 1) });

const nodeConfig = testConfig({ INFERENCE_GRPC_ADDRESS: '127.0.0.1:0', ...(values.pool ? { INFERENCE_POOL_SIZE: values.pool } : {}) });
const node = await startInferenceNode({ config: nodeConfig, logger: createLogger({ level: 'silent', component: 'inference' }) });
const svc = await startTestService({ name: 'pglite' }, { RATE_LIMIT_WIDGET_PER_MINUTE: '100000' }, undefined, { inferenceNodes: [node.address] });
for (let i = 0; i < 100 && !svc.core.container.inference?.ready(); i++) await new Promise((r) => setTimeout(r, 100));
const key = (await svc.createTenant('scale')).secret_key;
const selfie = (await facePhoto('obama_2.jpg')).toString('base64');
const documents = await Promise.all(
  Array.from({ length: Number(values.documents) }, (_, i) =>
    passportImage({
      ...DEFAULT_HOLDER,
      surname: `Benchmark${String.fromCharCode(65 + i)}`,
      documentNumber: `B${String(1000000 + i * 7919).padStart(8, '0')}`,
    }).then((b) => b.toString('base64')),
  ),
);
const timings = svc.core.container.decisions.documentPath.timings;

for (let i = 0; i < 3; i++) await session(svc, key, selfie, documents[i % documents.length], {}); // warm-up
timings.reset();

// One session at a time: per-stage latency without queueing.
const sequential: Record<string, number[]> = {};
const totals: number[] = [];
for (let i = 0; i < SESSIONS; i++) totals.push(await session(svc, key, selfie, documents[i % documents.length], sequential));
const inCore = timings.snapshot();
const ocrShare = inCore.ocr.totalMs / totals.reduce((a, b) => a + b, 0);
timings.reset();

// CONCURRENCY sessions in flight: throughput.
const concurrent: Record<string, number[]> = {};
const concurrentTotals: number[] = [];
let next = 0;
const t0 = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < SESSIONS * 2) {
      const i = next++;
      concurrentTotals.push(await session(svc, key, selfie, documents[i % documents.length], concurrent));
    }
  }),
);
const seconds = (performance.now() - t0) / 1000;

const result = {
  benchmark: 'document-path',
  date: new Date().toISOString(),
  hardware: hardwareFingerprint(),
  loadAverage1m: round(loadavg()[0], 2),
  inferencePoolSize: nodeConfig.inferencePoolSize,
  note: 'Whole document sessions over HTTP against an in-process gateway + core (PGlite) + one real inference node; generated TD3 passports (real OCR, real face models), selfie obama_2.jpg. "client" stages are HTTP round trips; "core" stages are measured inside core around the scheduler calls (liveness = checkFace, ocr = readDocument incl. the portrait embedding, face_match = matchFaces, decision = the one-transaction decision). ocrShareOfSession = time in readDocument / whole-session wall time, one session at a time.',
  sequential: {
    sessions: SESSIONS,
    sessionsPerSecond: round(SESSIONS / (totals.reduce((a, b) => a + b, 0) / 1000), 2),
    session: summary(totals),
    client: Object.fromEntries(STAGES.map((s) => [s, summary(sequential[s] ?? [])])),
    core: Object.fromEntries(Object.entries(inCore).map(([s, v]) => [s, { n: v.n, p50: v.p50, p99: v.p99 }])),
    ocrShareOfSession: round(ocrShare, 3),
  },
  concurrent: {
    concurrency: CONCURRENCY,
    sessions: SESSIONS * 2,
    sessionsPerSecond: round((SESSIONS * 2) / seconds, 2),
    session: summary(concurrentTotals),
    client: Object.fromEntries(STAGES.map((s) => [s, summary(concurrent[s] ?? [])])),
  },
};

mkdirSync(fileURLToPath(new URL('../results/', import.meta.url)), { recursive: true });
writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
console.log(
  JSON.stringify(
    {
      sequential: {
        sessionsPerSecond: result.sequential.sessionsPerSecond,
        session: result.sequential.session,
        core: result.sequential.core,
        ocrShareOfSession: result.sequential.ocrShareOfSession,
      },
      concurrent: { sessionsPerSecond: result.concurrent.sessionsPerSecond, session: result.concurrent.session },
    },
    null,
    1,
  ),
);
await svc.close();
await node.close();
