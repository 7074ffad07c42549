import { ConfigError, type Config } from '@idgate/platform';
import { parseRetrySchedule } from './retry-policy.ts';

/** Everything the webhook module reads from configuration, validated once. */
export interface WebhookSettings {
  production: boolean;
  brand: string;
  timeoutMs: number;
  maxResponseBytes: number;
  retryScheduleMs: number[];
  concurrency: number;
  pollMs: number;
  /** How long a claim is exclusive: one time-out plus room to write the outcome down. */
  leaseMs: number;
  userAgent: string;
  dispatcherEnabled: boolean;
}

export const LEASE_MARGIN_MS = 3000;

export function webhookSettings(c: Config): WebhookSettings {
  // The brand becomes part of header names (X-<Brand>-Signature): an HTTP token only.
  if (!/^[A-Za-z0-9]{1,32}$/.test(c.webhookBrand)) throw new ConfigError('WEBHOOK_BRAND', 'must be 1 to 32 letters or digits');
  return {
    production: c.nodeEnv === 'production',
    brand: c.webhookBrand,
    timeoutMs: c.webhookTimeoutMs,
    maxResponseBytes: c.webhookMaxResponseBytes,
    retryScheduleMs: parseRetrySchedule(c.webhookRetryScheduleSeconds),
    concurrency: c.webhookConcurrency,
    pollMs: c.webhookPollMs,
    leaseMs: c.webhookTimeoutMs + LEASE_MARGIN_MS,
    userAgent: `idgate-webhooks/0.1 (${c.webhookBrand})`,
    dispatcherEnabled: c.webhookDispatcherEnabled,
  };
}

/** Header names carry the operator's brand (spec §6 "Delivery headers"). */
export function headerNames(brand: string) {
  return { signature: `X-${brand}-Signature`, event: `X-${brand}-Event`, delivery: `X-${brand}-Delivery`, apiVersion: `X-${brand}-Api-Version` };
}
