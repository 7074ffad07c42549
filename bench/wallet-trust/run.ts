// Refresh of a national list with 1,000 issuer services while verifications read current() in a loop:
// how long the refresh takes and whether current() stays flat while it runs. Writes bench/results/wallet-trust.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import type { Logger } from '@idgate/protos';
import { boundedFetcher } from '../../core/src/wallet/trust/fetch-list.ts';
import { MemoryListArchive, TrustedLists } from '../../core/src/wallet/trust/index.ts';
import { lotlXml, nationalListXml, serveTestLists, signXml, testSigner } from '../../core/src/wallet/trust/testing/index.ts';

const SERVICES = Number(process.env.SERVICES ?? 1000);
const REFRESHES = 5;
const silent: Logger = new Proxy({} as Logger, { get: (_t, k) => (k === 'child' ? () => silent : () => undefined) });

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
}
const round = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Reads current() once per event-loop turn until `until` settles. `callMs` is the call itself; `waitMs` is the
 * time from scheduling a read to its answer, which includes any synchronous stretch of the refresh (XML parsing,
 * canonicalisation) that holds the event loop: what a verification arriving at that moment would wait.
 */
async function sample(trust: TrustedLists, until: Promise<unknown>): Promise<{ callMs: number[]; waitMs: number[] }> {
  const callMs: number[] = [];
  const waitMs: number[] = [];
  let done = false;
  void until.finally(() => (done = true));
  while (!done) {
    const scheduled = performance.now();
    await new Promise<void>((resolve) => setImmediate(resolve));
    const t0 = performance.now();
    const snap = trust.current(new Date());
    const t1 = performance.now();
    if (snap.anchors.length < SERVICES) throw new Error('snapshot lost anchors during refresh');
    callMs.push(t1 - t0);
    waitMs.push(t1 - scheduled);
  }
  return { callMs, waitMs };
}

const started = performance.now();
const [lotlSigner, nationalSigner] = await Promise.all([testSigner('Bench LOTL signer'), testSigner('Bench national signer')]);
const iacas = [];
for (let i = 0; i < SERVICES; i++) iacas.push((await testSigner(`Bench IACA ${i}`)).certificateDer);
const server = await serveTestLists();
const nextUpdate = new Date(Date.now() + 7 * 24 * 3600_000);
server.files.set(
  '/tl-xb.xml',
  await signXml(nationalListXml({ territory: 'XB', nextUpdate, services: iacas.map((c) => ({ certificates: [c] })) }), nationalSigner),
);
server.files.set(
  '/lotl.xml',
  await signXml(
    lotlXml({ nextUpdate, pointers: [{ territory: 'XB', location: `${server.origin}/tl-xb.xml`, signers: [nationalSigner.certificateDer] }] }),
    lotlSigner,
  ),
);
const listBytes = server.files.get('/tl-xb.xml')!.length;
const setupSeconds = (performance.now() - started) / 1000;

const trust = new TrustedLists({
  lotl: { url: `${server.origin}/lotl.xml`, signers: [lotlSigner.certificateDer] },
  fetchList: boundedFetcher({ timeoutMs: 30_000, maxBytes: 64 << 20 }),
  archive: new MemoryListArchive(),
  log: silent,
});
await trust.refresh();

// Baseline: the same loop with no refresh running, for as long as one refresh takes.
const idle = await sample(trust, new Promise((r) => setTimeout(r, 500)));
const refreshMs: number[] = [];
const during = { callMs: [] as number[], waitMs: [] as number[] };
for (let i = 0; i < REFRESHES; i++) {
  const t0 = performance.now();
  const run = trust.refresh().then((r) => {
    if (!r.ok) throw new Error('bench refresh failed');
    refreshMs.push(performance.now() - t0);
  });
  const s = await sample(trust, run);
  await run;
  during.callMs.push(...s.callMs);
  during.waitMs.push(...s.waitMs);
}
await server.close();

const stats = (xs: number[]) => ({ samples: xs.length, p50Ms: round(pct(xs, 50)), p99Ms: round(pct(xs, 99)), maxMs: round(Math.max(...xs)) });
const report = {
  hardware: {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    totalMemoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: process.platform,
  },
  services: SERVICES,
  nationalListBytes: listBytes,
  setupSeconds: round(setupSeconds),
  refresh: { runs: REFRESHES, p50Ms: round(pct(refreshMs, 50)), maxMs: round(Math.max(...refreshMs)) },
  currentCall: { idle: stats(idle.callMs), duringRefresh: stats(during.callMs) },
  currentWait: { idle: stats(idle.waitMs), duringRefresh: stats(during.waitMs) },
};
mkdirSync(join(import.meta.dirname, '..', 'results'), { recursive: true });
writeFileSync(join(import.meta.dirname, '..', 'results', 'wallet-trust.json'), JSON.stringify(report, null, 2) + '\n');
console.log(JSON.stringify(report, null, 2));
