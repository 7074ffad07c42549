import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { TEST_ADMIN_TOKEN, type Backend, type TestService } from '../../src/index.ts';

const stripe = new Stripe('sk_test_unused_for_signature_checks');

/**
 * Verifies a delivery with Stripe's own verifier (an independent implementation of the same
 * t=…,v1=… scheme; only the header name differs). `nowMs` is the service's manual clock.
 */
export function stripeVerify(raw: string, header: string | string[] | undefined, secret: string, nowMs: number): Record<string, unknown> {
  return stripe.webhooks.constructEvent(raw, String(header), secret, 300, undefined, nowMs) as unknown as Record<string, unknown>;
}

/** `data` of an envelope as the raw text slice (the envelope ends with `"data":<record>}`). */
export function rawData(envelope: string): string {
  const at = envelope.indexOf('"data":');
  return envelope.slice(at + '"data":'.length, -1);
}

export async function createEndpoint(svc: TestService, body: Record<string, unknown>): Promise<{ id: string; secret: string; [k: string]: unknown }> {
  return svc.admin('POST', '/admin/v1/webhooks', body);
}

export async function deliveriesOf(svc: TestService, endpointId: string): Promise<any[]> {
  return (await svc.admin('GET', `/admin/v1/webhooks/${endpointId}/deliveries?limit=100`)).deliveries;
}

/** Polls the admin API until `predicate` holds for the endpoint's deliveries. */
export async function waitForDeliveries(svc: TestService, endpointId: string, predicate: (d: any[]) => boolean, timeoutMs = 10_000): Promise<any[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const list = await deliveriesOf(svc, endpointId);
    if (predicate(list)) return list;
    if (Date.now() > until) throw new Error(`deliveries of ${endpointId} never matched: ${JSON.stringify(list).slice(0, 800)}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}

/**
 * Configuration overrides that run a test service with NODE_ENV=production, so the production
 * webhook URL policy (C-WH-11) is the one in force. Production refuses to start without these
 * settings; the harness hands core its database and key-value store itself (the backend under
 * test), so DATABASE_URL and REDIS_URL here only satisfy that start-up check.
 */
export function productionOverrides(backend: Backend): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: backend.databaseUrl ?? 'postgres://unused.invalid/pglite-backend-under-test',
    REDIS_URL: backend.redisUrl ?? 'redis://unused.invalid:6379',
    ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    DATA_KEYS: `k1:${randomBytes(32).toString('base64')}`,
  };
}
