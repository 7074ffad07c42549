import type { Logger } from '@idgate/platform';
import { every } from '../../jobs/expiry.job.ts';
import { trackTrustMetrics } from './trust-metrics.ts';
import type { TrustedLists } from './trusted-lists.ts';

/**
 * Starts the trusted lists in the background (the persisted copies, then a fetch) and refreshes them every
 * `intervalMs`; until a first snapshot exists, every minute. Publishes their state on /metrics
 * (trust-metrics.ts). Returns the stop function for shutdown, which also ends the verification thread.
 */
export function startTrustRefresh(trust: TrustedLists, intervalMs: number, log: Logger): () => Promise<void> {
  const untrack = trackTrustMetrics(trust);
  const boot = trust
    .loadPersisted()
    .then(() => trust.refresh())
    .catch((err: unknown) => log.error({ err }, 'trusted lists could not be loaded at start'));
  const stopRegular = every(intervalMs, () => trust.refresh(), log, 'wallet-trust-refresh');
  const stopRetry = every(60_000, () => (trust.state().loaded ? Promise.resolve() : trust.refresh()), log, 'wallet-trust-first-load');
  return async () => {
    await stopRegular();
    await stopRetry();
    await boot;
    untrack();
    await trust.close();
  };
}
