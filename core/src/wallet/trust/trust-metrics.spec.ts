// The trust state on /metrics: what an operator alerts on before the wallet path answers stale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetricsServer, type Logger, type MetricsServer } from '@idgate/platform';
import { boundedFetcher } from './fetch-list.ts';
import { MemoryListArchive } from './list-archive.repository.ts';
import { WorkerListVerifier } from './list-verifier.ts';
import { startTrustRefresh } from './schedule.ts';
import { buildSignedTestLists, type SignedTestLists } from './testing/build-lists.ts';
import { serveTestLists, type TestListServer } from './testing/serve-lists.ts';
import { testSigner } from './testing/test-pki.ts';
import { TrustedLists } from './trusted-lists.ts';

const silent: Logger = new Proxy({} as Logger, { get: (_t, k) => (k === 'child' ? () => silent : () => undefined) });
const DAY = 24 * 3600_000;

describe('wallet trust metrics on /metrics', () => {
  let server: TestListServer;
  let metrics: MetricsServer;
  let lists: SignedTestLists;
  const nextUpdate = new Date(Date.now() + 7 * DAY);

  /** One scrape of the real /metrics listener, as name{labels} → value. */
  async function scrape(): Promise<Map<string, number>> {
    const text = await (await fetch(`http://${metrics.address}/metrics`)).text();
    const out = new Map<string, number>();
    for (const line of text.split('\n')) {
      const m = /^(idgate_wallet_trust_\S+) (\S+)$/.exec(line);
      if (m) out.set(m[1]!, Number(m[2]));
    }
    return out;
  }
  const waitFor = async (pred: () => boolean | Promise<boolean>) => {
    for (let i = 0; i < 200 && !(await pred()); i++) await new Promise((r) => setTimeout(r, 25));
  };

  beforeAll(async () => {
    server = await serveTestLists();
    const iaca = await testSigner('Metrics test IACA');
    lists = await buildSignedTestLists({ iacaCertificates: [iaca.certificateDer], nextUpdate, baseUrl: server.origin });
    for (const [path, body] of Object.entries(lists.files)) server.files.set(path, body);
    metrics = await startMetricsServer({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await metrics?.close();
    await server?.close();
  });

  it('publishes loaded, stale, anchors, seconds to the next update, refreshes and failures by reason', async () => {
    const verifier = new WorkerListVerifier();
    const trust = new TrustedLists({
      lotl: { url: `${server.origin}/lotl.xml`, signers: [lists.lotlSigner.certificateDer] },
      fetchList: boundedFetcher({ timeoutMs: 5000, maxBytes: 1 << 20 }),
      archive: new MemoryListArchive(),
      log: silent,
      verifier,
    });
    const before = await scrape();
    const stop = startTrustRefresh(trust, 3600_000, silent);
    await waitFor(() => trust.state().lastRefresh?.lists.some((l) => l.result === 'fetched') ?? false);

    const loaded = await scrape();
    expect(loaded.get('idgate_wallet_trust_loaded')).toBe(1);
    expect(loaded.get('idgate_wallet_trust_stale')).toBe(0);
    expect(loaded.get('idgate_wallet_trust_anchors')).toBe(1);
    expect(loaded.get('idgate_wallet_trust_next_update_seconds')).toBeGreaterThan(7 * 86400 - 120);
    expect(loaded.get('idgate_wallet_trust_next_update_seconds')).toBeLessThanOrEqual(7 * 86400);
    const ok = (m: Map<string, number>) => m.get('idgate_wallet_trust_refreshes_total{result="ok"}') ?? 0;
    expect(ok(loaded)).toBeGreaterThan(ok(before));
    expect(loaded.get('idgate_wallet_trust_refresh_duration_seconds_count')).toBeGreaterThan(0);

    // The publisher goes down: each list's failure is counted by reason, the last good copies keep serving.
    server.failing.add('/lotl.xml');
    server.failing.add('/tl-xt.xml');
    const fetchFailures = (m: Map<string, number>) => m.get('idgate_wallet_trust_list_failures_total{reason="fetch"}') ?? 0;
    await trust.refresh();
    const failed = await scrape();
    expect(fetchFailures(failed) - fetchFailures(loaded)).toBe(2);
    expect(failed.get('idgate_wallet_trust_refreshes_total{result="incomplete"}')).toBeGreaterThan(0);
    expect(failed.get('idgate_wallet_trust_anchors')).toBe(1);

    // Shutdown ends the verification thread and takes the state off /metrics.
    await stop();
    expect(verifier.running).toBe(false);
    const stopped = await scrape();
    expect(stopped.get('idgate_wallet_trust_loaded')).toBe(0);
    expect(Number.isNaN(stopped.get('idgate_wallet_trust_next_update_seconds'))).toBe(true);
  });

  it('a snapshot past its NextUpdate reads stale, with negative seconds to the next update', async () => {
    const past = new Date(Date.now() - DAY);
    const stale = await buildSignedTestLists({ iacaCertificates: [], nextUpdate: past, baseUrl: server.origin, signers: lists });
    server.failing.clear();
    for (const [path, body] of Object.entries(stale.files)) server.files.set(path, body);
    const trust = new TrustedLists({
      lotl: { url: `${server.origin}/lotl.xml`, signers: [lists.lotlSigner.certificateDer] },
      fetchList: boundedFetcher({ timeoutMs: 5000, maxBytes: 1 << 20 }),
      archive: new MemoryListArchive(),
      log: silent,
    });
    const stop = startTrustRefresh(trust, 3600_000, silent);
    await waitFor(() => trust.state().loaded);
    const m = await scrape();
    expect(m.get('idgate_wallet_trust_stale')).toBe(1);
    expect(m.get('idgate_wallet_trust_next_update_seconds')).toBeLessThan(-86400 + 120);
    await stop();
  });
});
