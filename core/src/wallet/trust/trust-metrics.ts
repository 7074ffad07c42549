import { defineCounter, defineGauge, defineHistogram } from '@idgate/platform';
import type { TrustListFailure } from './errors.ts';

/** What the gauges read from the trusted lists at scrape time (TrustedLists.state). */
export interface TrustStateSource {
  state(now?: Date): { loaded: boolean; stale: boolean; nextUpdate: Date | undefined; anchors: number };
}

const tracked = new Set<TrustStateSource>();

/** Publishes this IssuerTrust's state on /metrics until the returned function is called (startTrustRefresh). */
export function trackTrustMetrics(source: TrustStateSource): () => void {
  tracked.add(source);
  return () => tracked.delete(source);
}

// One TrustedLists per core; should a process hold several (tests), the gauges give the most alarming
// reading of them: the fewest anchors, stale if any is, the earliest next update.
const states = () => [...tracked].map((t) => t.state());

defineGauge({
  name: 'idgate_wallet_trust_loaded',
  help: 'EU wallet trusted lists: 1 once a verified snapshot serves issuer anchors, 0 before (the wallet path answers WALLET_TRUST_LIST_UNAVAILABLE)',
  collect() {
    const s = states();
    this.set(s.length && s.every((x) => x.loaded) ? 1 : 0);
  },
});

defineGauge({
  name: 'idgate_wallet_trust_stale',
  help: 'EU wallet trusted lists: 1 when the earliest NextUpdate of the lists in use has passed without a good refresh (the wallet path answers WALLET_TRUST_LIST_STALE)',
  collect() {
    this.set(states().some((x) => x.stale) ? 1 : 0);
  },
});

defineGauge({
  name: 'idgate_wallet_trust_next_update_seconds',
  help: 'EU wallet trusted lists: seconds until the earliest NextUpdate of the lists in use (negative once passed: stale); NaN while none is loaded or no list states one',
  collect() {
    const next = states()
      .map((x) => x.nextUpdate?.getTime())
      .filter((t): t is number => t !== undefined);
    this.set(next.length ? (Math.min(...next) - Date.now()) / 1000 : Number.NaN);
  },
});

defineGauge({
  name: 'idgate_wallet_trust_anchors',
  help: 'EU wallet trusted lists: issuer anchors in the snapshot in use (granted and withdrawn, configured anchors included)',
  collect() {
    const s = states();
    this.set(s.length ? Math.min(...s.map((x) => x.anchors)) : 0);
  },
});

const refreshes = defineCounter({
  name: 'idgate_wallet_trust_refreshes_total',
  help: 'EU wallet trusted-list refreshes by result: ok (every list fetched and verified), incomplete (a list kept its last good copy or has none)',
  labelNames: ['result'],
});

const listFailures = defineCounter({
  name: 'idgate_wallet_trust_list_failures_total',
  help: 'EU wallet trusted lists not taken in a refresh, by reason: fetch, malformed, signature, unsupported, rollback (a lower sequence number than the last good copy), worker (the verification thread died or timed out)',
  labelNames: ['reason'],
});

const refreshDuration = defineHistogram({
  name: 'idgate_wallet_trust_refresh_duration_seconds',
  help: 'EU wallet trusted-list refresh: fetching, verifying (in the verification thread) and swapping in every list',
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
});

export function observeRefresh(ok: boolean, ms: number): void {
  refreshes.inc({ result: ok ? 'ok' : 'incomplete' });
  refreshDuration.observe(ms / 1000);
}

export function countListFailure(reason: TrustListFailure): void {
  listFailures.inc({ reason });
}
