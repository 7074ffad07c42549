import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dcApiSessionTranscript, verifyDeviceResponse } from '@idgate/core';
import { createTestDeviceResponse, createTestIssuer, staticTrust, testAnchor } from '@idgate/core/testing';
import { hardwareFingerprint, percentile, round } from '../src/stats.ts';

/**
 * bench/wallet-verify (docs/performance.md): the time to verify one mdoc DeviceResponse completely (CBOR decode,
 * certificate chain to the anchor, IssuerAuth and device signatures, digests, age_over_NN), sequentially on one
 * core, against a trust snapshot of `--anchors N` IACAs (default 50, the match being the last) so the anchor scan
 * is part of the measure. `--runs N` (default 500). One core: `taskset -c 0 npm run bench:wallet-verify`.
 */
const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => Number(args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const RUNS = arg('--runs', 500);
const ANCHORS = arg('--anchors', 50);
const WARMUP = 50;
const OUT = fileURLToPath(new URL('../results/wallet-verify.json', import.meta.url));

const now = new Date();
const sessionTranscript = dcApiSessionTranscript({ origin: 'https://shop.example', nonce: 'bench-nonce-0123456789', jwkThumbprint: null });
const issuer = await createTestIssuer({ country: 'DE' }, now);
const others = await Promise.all(Array.from({ length: ANCHORS - 1 }, () => createTestIssuer({}, now)));
const trust = staticTrust([...others.map((o) => testAnchor(o)), testAnchor(issuer)], now);
const deviceResponse = await createTestDeviceResponse({ issuer, sessionTranscript, now, disclose: ['age_over_18'] });
const check = { deviceResponse, sessionTranscript, acceptedDoctypes: ['eu.europa.ec.av.1'], ageOver: 18, trust, now, clockSkewMs: 60_000 };

// Wall time, and the process's CPU time beside it: on a shared box the wall time includes waiting for the core.
const times: number[] = [];
const cpuTimes: number[] = [];
for (let i = 0; i < WARMUP + RUNS; i++) {
  const t = performance.now();
  const c = process.cpuUsage();
  await verifyDeviceResponse(check);
  const cpu = process.cpuUsage(c);
  if (i >= WARMUP) {
    times.push(performance.now() - t);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
  }
}

const result = {
  benchmark: 'wallet-verify',
  what: 'verifyDeviceResponse of one eu.europa.ec.av.1 DeviceResponse (ES256 issuer and device keys), sequential, one process',
  target: 'verify_ms.p50 <= 15 on one core',
  runs: RUNS,
  anchors: ANCHORS,
  deviceResponseBytes: deviceResponse.length,
  hardware: hardwareFingerprint(),
  // One core means run under `taskset -c 0`: the affinity is what availableParallelism reports.
  usableCores: availableParallelism(),
  loadAverage1m: round(loadavg()[0] ?? 0),
  verify_ms: { p50: round(percentile(times, 50)), p99: round(percentile(times, 99)), max: round(Math.max(...times)) },
  verify_cpu_ms: { p50: round(percentile(cpuTimes, 50)), p99: round(percentile(cpuTimes, 99)) },
};
mkdirSync(fileURLToPath(new URL('../results/', import.meta.url)), { recursive: true });
writeFileSync(OUT, JSON.stringify(result, null, 2) + '\n');
console.log(JSON.stringify({ wall: result.verify_ms, cpu: result.verify_cpu_ms, load: result.loadAverage1m }));
