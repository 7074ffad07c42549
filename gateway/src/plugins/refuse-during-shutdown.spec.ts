import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoreClients } from '@idgate/protos';
import { createLogger } from '@idgate/platform';
import { openKeyValueStore, type KeyValueStore } from '@idgate/platform/kv';
import { buildApp } from '../app.ts';

/**
 * docs/operations.md (SIGTERM): a request that arrives once shutdown began is refused at once, in
 * its API's own shape (an external audit saw Fastify's own 503 body on /oauth/token), while
 * liveness, readiness and metrics keep answering.
 */
describe('requests arriving during shutdown', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let kv: KeyValueStore;

  beforeAll(async () => {
    kv = await openKeyValueStore(undefined);
    // No core behind it: every call that reached core would fail, so a 503 NOT_READY can only come from the refusal.
    app = await buildApp({
      core: createCoreClients('127.0.0.1:1', { multiplex: false }),
      kv,
      log: createLogger({ level: 'silent', component: 'shutdown-spec' }),
      settings: {
        baseUrl: 'http://localhost:8080',
        bodyLimitBytes: 65536,
        requestTimeoutMs: 120_000,
        adminToken: 'adm_test_token_0123456789abcdef',
        rateLimits: { init: 10, tokenVerify: 10, widget: 10, wallet: 10 },
        maxImageBytes: 15_000_000,
        maxFrameBytes: 4_000_000,
        uploadLimits: { clientMaxInFlight: 8, clientMaxBytes: 48_000_000, processMaxInFlight: 32, processMaxBytes: 64_000_000 },
      },
    });
    app.markShuttingDown();
  });
  afterAll(async () => {
    await app.close();
    await kv.close();
  });

  it('the verify and admin APIs answer 503 NOT_READY in the envelope, with Retry-After and Connection: close', async () => {
    for (const [method, url] of [
      ['POST', '/verify/v1/init'],
      ['GET', '/verify/v1/result/xtk_abc'],
      ['GET', '/admin/v1/tenants/ten_x'],
      ['GET', '/widget'],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        headers: { 'x-api-key': 'sk_live_0123456789abcdefghij', authorization: 'Bearer adm_test_token_0123456789abcdef', 'content-type': 'application/json' },
        payload: method === 'POST' ? '{}' : undefined,
      });
      expect([res.statusCode, res.json().error.code], url).toEqual([503, 'NOT_READY']);
      expect(res.headers.connection).toBe('close');
      expect(res.headers['retry-after']).toBe('1');
    }
  });

  it('the OAuth endpoints answer 503 temporarily_unavailable as RFC 6749 errors, never cached', async () => {
    for (const url of ['/oauth/token', '/.well-known/openid-configuration']) {
      const res = await app.inject({ method: url === '/oauth/token' ? 'POST' : 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.json()).toEqual({ error: 'temporarily_unavailable', error_description: expect.any(String) });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.connection).toBe('close');
    }
  });

  it('liveness stays 200, readiness says shutting_down, metrics are still served', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect([ready.statusCode, ready.json().status]).toEqual([503, 'shutting_down']);
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
  });
});
