// bench/wallet-trust (docs/performance.md "Wallet trusted-list refresh"): refreshes of a national list with
// 1,000 issuer services while mdoc DeviceResponse verifications arrive at a steady rate, with the list
// verification on core's event loop (`main-thread`, as before the worker) and in the verification thread
// (`worker`), each against a baseline in the same run (the same verifications, no refresh running).
// Writes bench/results/wallet-trust.json.
//
//   npm run bench:wallet-trust [-- --services N --rounds N --refreshes N --rate PER_S --mode main-thread|worker]
//
// Each mode runs --rounds rounds (default 6) of --refreshes refreshes back to back (default 3) under the load,
// each followed by the same load for as long with no refresh: on a shared machine, interleaving keeps the
// baseline and the measure under the same background load.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Logger } from '@idgate/platform';
import { dcApiSessionTranscript, verifyDeviceResponse } from '@idgate/core';
import { createTestDeviceResponse, createTestIssuer } from '@idgate/core/testing';
import { boundedFetcher } from '../../core/src/wallet/trust/fetch-list.ts';
import { inThreadListVerifier, MemoryListArchive, TrustedLists, WorkerListVerifier } from '../../core/src/wallet/trust/index.ts';
import { SVC_PUB_EAA_ISSUANCE } from '../../core/src/wallet/trust/service-types.ts';
import { lotlXml, nationalListXml, serveTestLists, signXml, testSigner } from '../../core/src/wallet/trust/testing/index.ts';
import { hardwareFingerprint, percentile, round } from '../src/stats.ts';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1]! : fallback);
const SERVICES = Number(arg('--services', process.env.SERVICES ?? '1000'));
const ROUNDS = Number(arg('--rounds', '6'));
const REFRESHES = Number(arg('--refreshes', '3'));
/** Verifications started per second, on a fixed schedule (open loop: a stalled loop does not slow the arrivals). */
const RATE = Number(arg('--rate', '20'));
const MODES = (arg('--mode', 'main-thread,worker').split(',') as ('main-thread' | 'worker')[]).filter((m) => m === 'main-thread' || m === 'worker');
const OUT = fileURLToPath(new URL('../results/wallet-trust.json', import.meta.url));
const silent: Logger = new Proxy({} as Logger, { get: (_t, k) => (k === 'child' ? () => silent : () => undefined) });

// The lists: one LOTL pointing to one national list of SERVICES attestation providers; the bench's mdoc issuer
// is the last of them, so each verification scans every anchor (and re-parses them once after each swap).
const started = performance.now();
const now = new Date();
const [lotlSigner, nationalSigner, issuer] = await Promise.all([
  testSigner('Bench LOTL signer'),
  testSigner('Bench national signer'),
  createTestIssuer({ country: 'DE' }, now),
]);
const iacas: Uint8Array[] = [];
for (let i = 0; i < SERVICES - 1; i++) iacas.push((await testSigner(`Bench IACA ${i}`)).certificateDer);
iacas.push(issuer.iaca.certificateDer);
const server = await serveTestLists();
const nextUpdate = new Date(Date.now() + 7 * 24 * 3600_000);
server.files.set(
  '/tl-xb.xml',
  await signXml(
    nationalListXml({ territory: 'XB', nextUpdate, services: iacas.map((c) => ({ certificates: [c], serviceType: SVC_PUB_EAA_ISSUANCE })) }),
    nationalSigner,
  ),
);
server.files.set(
  '/lotl.xml',
  await signXml(
    lotlXml({ nextUpdate, pointers: [{ territory: 'XB', location: `${server.origin}/tl-xb.xml`, signers: [nationalSigner.certificateDer] }] }),
    lotlSigner,
  ),
);
const listBytes = Buffer.byteLength(server.files.get('/tl-xb.xml')!);
const sessionTranscript = dcApiSessionTranscript({ origin: 'https://shop.example', nonce: 'bench-nonce-0123456789', jwkThumbprint: null });
const deviceResponse = await createTestDeviceResponse({ issuer, sessionTranscript, now, disclose: ['age_over_18'] });
const setupSeconds = (performance.now() - started) / 1000;

interface Phase {
  verifyMs: number[];
  errors: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  seconds: number;
}

/**
 * Starts one verification every 1000/RATE ms until `until` settles. A verification's latency runs from its
 * scheduled start, so time it spent waiting for a blocked event loop counts (no coordinated omission).
 */
async function underLoad(trust: TrustedLists, until: Promise<unknown>): Promise<Phase> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  const verifyMs: number[] = [];
  const inFlight: Promise<void>[] = [];
  let errors = 0;
  let done = false;
  void until.finally(() => (done = true));
  const t0 = performance.now();
  histogram.enable();
  for (let k = 0; !done;) {
    const due = t0 + (k * 1000) / RATE;
    if (performance.now() < due) {
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      continue;
    }
    k++;
    inFlight.push(
      verifyDeviceResponse({
        deviceResponse,
        sessionTranscript,
        acceptedDoctypes: ['eu.europa.ec.av.1'],
        ageOver: 18,
        trust,
        now: new Date(),
        clockSkewMs: 60_000,
      }).then(
        () => void verifyMs.push(performance.now() - due),
        () => void errors++,
      ),
    );
  }
  await Promise.all(inFlight);
  histogram.disable();
  return {
    verifyMs,
    errors,
    loopDelayP99Ms: histogram.percentile(99) / 1e6,
    loopDelayMaxMs: histogram.max / 1e6,
    seconds: (performance.now() - t0) / 1000,
  };
}

/** Phases of one kind as one: latencies pooled; event-loop delay p99 the worst round's, max the max. */
const merge = (ps: Phase[]): Phase => ({
  verifyMs: ps.flatMap((p) => p.verifyMs),
  errors: ps.reduce((n, p) => n + p.errors, 0),
  loopDelayP99Ms: Math.max(...ps.map((p) => p.loopDelayP99Ms)),
  loopDelayMaxMs: Math.max(...ps.map((p) => p.loopDelayMaxMs)),
  seconds: ps.reduce((n, p) => n + p.seconds, 0),
});

const summary = (p: Phase) => ({
  verifications: p.verifyMs.length,
  errors: p.errors,
  seconds: round(p.seconds),
  verify_ms: { p50: round(percentile(p.verifyMs, 50)), p99: round(percentile(p.verifyMs, 99)), max: round(Math.max(...p.verifyMs)) },
  event_loop_delay_ms: { p99: round(p.loopDelayP99Ms), max: round(p.loopDelayMaxMs) },
});

const results: Record<string, unknown> = {};
for (const mode of MODES) {
  const verifier = mode === 'worker' ? new WorkerListVerifier() : inThreadListVerifier;
  const trust = new TrustedLists({
    lotl: { url: `${server.origin}/lotl.xml`, signers: [lotlSigner.certificateDer] },
    fetchList: boundedFetcher({ timeoutMs: 30_000, maxBytes: 64 << 20 }),
    archive: new MemoryListArchive(),
    log: silent,
    verifier,
  });
  // Warm-up: the first refresh (and the thread's start), then verifications until the anchors are parsed.
  if (!(await trust.refresh()).ok) throw new Error('bench refresh failed');
  await underLoad(trust, new Promise((r) => setTimeout(r, 1000)));

  const refreshMs: number[] = [];
  const phases: { during: Phase[]; baseline: Phase[] } = { during: [], baseline: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const during = await underLoad(
      trust,
      (async () => {
        for (let i = 0; i < REFRESHES; i++) {
          const t = performance.now();
          const r = await trust.refresh();
          if (!r.ok || r.anchors !== SERVICES) throw new Error(`bench refresh failed: ${JSON.stringify(r.lists)}`);
          refreshMs.push(performance.now() - t);
        }
      })(),
    );
    phases.during.push(during);
    phases.baseline.push(await underLoad(trust, new Promise((r) => setTimeout(r, during.seconds * 1000))));
  }
  await trust.close();
  const b = summary(merge(phases.baseline));
  const d = summary(merge(phases.during));
  results[mode] = {
    refresh_ms: { runs: refreshMs.length, p50: round(percentile(refreshMs, 50)), max: round(Math.max(...refreshMs)) },
    baseline: b,
    during_refresh: d,
    ratio_during_over_baseline: {
      verify_p99: round(d.verify_ms.p99 / b.verify_ms.p99),
      verify_max: round(d.verify_ms.max / b.verify_ms.max),
      event_loop_delay_p99: round(d.event_loop_delay_ms.p99 / b.event_loop_delay_ms.p99),
      event_loop_delay_max: round(d.event_loop_delay_ms.max / b.event_loop_delay_ms.max),
    },
  };
  console.error(mode, JSON.stringify(results[mode]));
}
await server.close();

const result = {
  benchmark: 'wallet-trust',
  what: `refreshes of a national list with ${SERVICES} services while verifyDeviceResponse runs at ${RATE}/s (the issuer is the list's last anchor); per mode, latency and event-loop delay during the refreshes against the same load with no refresh`,
  target: 'worker: during_refresh verify p99 and event-loop delay max within 2x of the baseline',
  services: SERVICES,
  nationalListBytes: listBytes,
  ratePerSecond: RATE,
  rounds: ROUNDS,
  refreshesPerRound: REFRESHES,
  hardware: hardwareFingerprint(),
  usableCores: availableParallelism(),
  loadAverage1m: round(loadavg()[0] ?? 0),
  setupSeconds: round(setupSeconds),
  modes: results,
};
mkdirSync(fileURLToPath(new URL('../results/', import.meta.url)), { recursive: true });
writeFileSync(OUT, JSON.stringify(result, null, 2) + '\n');
console.log(JSON.stringify(result, null, 2));
