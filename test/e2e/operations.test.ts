import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { SHARED_MODELS_DIR } from '@idgate/inference/testing';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runAdmin } from '@idgate/deploy';
import { loadProto } from '@idgate/protos';
import { credentials, type ChannelCredentials } from '@grpc/grpc-js';
import { openDatabase } from '@idgate/core';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Start-up reads and checks every model and warms the pool: allow for a loaded 2-core CI machine. */
async function waitReady(url: string, ms = 50_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready in ${ms} ms`);
}

function startService(env: Record<string, string>): { child: ChildProcess; logs: () => string } {
  let out = '';
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'deploy/src/all-in-one.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  return { child, logs: () => out };
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

/**
 * The operational contract of DESIGN.md, driven as an operator would: `npm start` (the
 * all-in-one launcher on embedded PGlite), health, readiness, metrics, OpenAPI, the admin CLI,
 * and a graceful SIGTERM that loses nothing.
 */
describe('operational contract: start-up failure', () => {
  it('a missing model stops npm start at once: exit 1, one line naming the file and MODEL_UNAVAILABLE, no stack trace', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'idgate-ops-nomodels-'));
    try {
      const port = 19_600 + Math.floor(Math.random() * 300);
      const svc = startService({
        DATA_DIR: dataDir,
        PORT: String(port),
        BASE_URL: `http://localhost:${port}`,
        MODELS_DIR: join(dataDir, 'no-models'),
        CORE_GRPC_ADDRESS: `127.0.0.1:${port + 1}`,
        INFERENCE_GRPC_ADDRESS: `127.0.0.1:${port + 2}`,
        DATABASE_URL: '',
        REDIS_URL: '',
      });
      const code = await Promise.race([exited(svc.child), new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 45_000))]);
      if (code === 'still running') svc.child.kill('SIGKILL');
      const logs = svc.logs();
      expect(code, logs).toBe(1);
      expect(logs).toContain(`idgate failed to start: Model file missing: ${join(dataDir, 'no-models', 'yunet_n_320_320.onnx')}`);
      expect(logs).toContain('[MODEL_UNAVAILABLE]');
      expect(logs).not.toMatch(/^\s+at /m);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('operational contract (embedded mode)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'idgate-ops-'));
  const port = 18_500 + Math.floor(Math.random() * 1000);
  const base = `http://localhost:${port}`;
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    BASE_URL: base,
    INFERENCE_POOL_SIZE: '1',
    INFERENCE_GRPC_ADDRESS: `127.0.0.1:${port + 2}`,
    CORE_GRPC_ADDRESS: `127.0.0.1:${port + 1}`,
    LOG_LEVEL: 'info',
    DATABASE_URL: '',
    REDIS_URL: '',
    ADMIN_TOKEN: '',
    // Beside ../shared the service finds the models by itself (the default under test); from a
    // checkout elsewhere the test follows SHARED_DIR like every other test does.
    ...(process.env.SHARED_DIR && !process.env.MODELS_DIR ? { MODELS_DIR: SHARED_MODELS_DIR } : {}),
  };
  let svc: ReturnType<typeof startService>;
  let secretKey = '';

  beforeAll(async () => {
    svc = startService(env);
    await waitReady(base).catch((err: Error) => {
      throw new Error(`${err.message}; service log:\n${svc.logs().slice(-4000)}`);
    });
  }, 90_000);
  afterAll(async () => {
    if (svc.child.exitCode === null) {
      const exit = exited(svc.child);
      svc.child.kill('SIGKILL');
      await exit;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('/healthz and /readyz answer 200; /metrics is Prometheus text', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${base}/readyz`)).json()).toMatchObject({ status: 'ready', database: true });
    const m = await fetch(`${base}/metrics`);
    expect(m.headers.get('content-type')).toContain('text/plain');
    const text = await m.text();
    expect(text).toContain('idgate_http_request_duration_seconds');
    // One process, one /metrics: the inference node's, and core's, merged from its thread.
    expect(text).toMatch(/^idgate_inference_workers 1$/m);
    expect(text).toMatch(/^idgate_inference_queue_depth 0$/m);
    expect(text).toMatch(/^idgate_inference_nodes\{health="healthy"\} 1$/m);
    expect(text).toContain('# TYPE idgate_inference_stage_duration_seconds histogram');
    expect(text).toContain('# TYPE idgate_webhook_deliveries_total counter');
  });

  it('core and the inference node answer the standard gRPC health check (grpc.health.v1) SERVING', async () => {
    type HealthClient = { check: (req: object, cb: (err: Error | null, res?: { status: string }) => void) => void; close(): void };
    const { Health } = loadProto<{ grpc: { health: { v1: { Health: new (address: string, creds: ChannelCredentials) => HealthClient } } } }>('health').grpc
      .health.v1;
    for (const address of [env.CORE_GRPC_ADDRESS, env.INFERENCE_GRPC_ADDRESS]) {
      const client = new Health(address, credentials.createInsecure());
      const status = await new Promise((resolve) => client.check({ service: '' }, (err, res) => resolve(err ? err.message : res?.status)));
      client.close();
      expect(status, address).toBe('SERVING');
    }
  });

  it('the admin CLI creates a tenant with the generated admin token (mode 0600 in DATA_DIR)', async () => {
    expect(statSync(join(dataDir, 'admin-token')).mode & 0o777).toBe(0o600);
    const r = await runAdmin(['tenant', 'create', '--name', 'Shop', '--plan', 'free', '--json'], env);
    expect(r.exitCode).toBe(0);
    expect(r.output).toMatchObject({
      tenant_id: expect.stringMatching(/^ten_/),
      secret_key: expect.stringMatching(/^sk_live_/),
      public_key: expect.stringMatching(/^pk_live_/),
    });
    secretKey = (r.output as { secret_key: string }).secret_key;
    const bad = await runAdmin(['tenant', 'create', '--name', 'X', '--plan', 'gold'], env);
    expect(bad.exitCode).toBe(1);
    expect(bad.output).toMatchObject({ error: { code: 'REQUEST_INVALID' } });
    const wh = await runAdmin(['webhook', 'create', '--tenant', 'ten_x', '--url', 'https://a.example'], env);
    expect(wh.output).toMatchObject({ error: { code: 'TENANT_NOT_FOUND' } });
    const usage = await runAdmin(['tenant', 'create'], env);
    expect(usage.output).toMatchObject({ error: { code: 'USAGE' } });
  });

  it("the OAuth provider's durable storage is core's one PGlite, reached across the core thread: an unknown refresh token is invalid_grant", async () => {
    const tenantId = ((await runAdmin(['tenant', 'create', '--name', 'RP', '--plan', 'free', '--json'], env)).output as { tenant_id: string }).tenant_id;
    const client = (
      await runAdmin(['oauth-client', 'create', '--tenant', tenantId, '--name', 'App', '--redirect-uri', 'https://app.example/cb', '--json'], env)
    ).output as { client_id: string; client_secret: string };
    const body = new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: 'xort_unknownunknownunknownunknown',
      client_id: client.client_id,
      client_secret: client.client_secret,
    });
    const r = await fetch(`${base}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('serves an OpenAPI document listing every endpoint with its schemas and error codes', async () => {
    for (const path of ['/openapi.json', '/docs/swagger.json']) {
      const doc = (await (await fetch(base + path)).json()) as {
        openapi: string;
        paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
      };
      expect(doc.openapi).toMatch(/^3\./);
      for (const p of [
        '/verify/v1/init',
        '/verify/v1/result/{token}',
        '/verify/v1/status/{token}',
        '/verify/v1/verification-tokens/verify',
        '/verify/v1/widget/sessions',
        '/verify/v1/widget/session',
        '/verify/v1/widget/session/device-verdict',
        '/verify/v1/widget/session/cancel',
      ]) {
        expect(doc.paths, p).toHaveProperty([p]);
      }
      const init = doc.paths['/verify/v1/init'].post;
      expect(Object.keys(init.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '402', '429']));
      expect(init.responses['402'].description).toContain('ALLOWANCE_EXHAUSTED');
      expect(init.responses['400'].description).toContain('INVALID_VERIFICATION_MODE');
      // The OAuth / OpenID Connect endpoints (served by oidc-provider, described by hand; spec §4.2, §7.1).
      const oauth: Record<string, string[]> = {
        '/oauth/authorize': ['get', 'post'],
        '/oauth/token': ['post'],
        '/oauth/userinfo': ['get', 'post'],
        '/oauth/revoke': ['post'],
        '/oauth/introspect': ['post'],
        '/.well-known/openid-configuration': ['get'],
        '/.well-known/oauth-authorization-server': ['get'],
        '/.well-known/jwks.json': ['get'],
      };
      const success = (p: string, m: string) => (p !== '/oauth/authorize' ? '200' : m === 'get' ? '302' : '303');
      for (const [p, methods] of Object.entries(oauth))
        for (const m of methods) expect(doc.paths[p], `${m} ${p}`).toHaveProperty([m, 'responses', success(p, m)]);
      const token = doc.paths['/oauth/token'].post;
      expect(Object.keys(token.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
      expect(token.responses['400'].description).toContain('invalid_grant');
      expect(token.responses['400'].description).toContain('unsupported_grant_type');
      expect(token.responses['401'].description).toContain('invalid_client');
      expect(doc.paths['/oauth/userinfo'].get.responses['401'].description).toContain('invalid_token');
      expect(doc.paths['/oauth/authorize'].get.responses['303'].description).toContain('access_denied');
    }
  });

  it('every /verify and /admin operation declares its security, and a call without that credential is refused 401', async () => {
    type Op = { security?: Record<string, string[]>[]; responses: Record<string, { description?: string }> };
    const doc = (await (await fetch(`${base}/openapi.json`)).json()) as {
      components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
      paths: Record<string, Record<string, Op>>;
    };
    expect(doc.components.securitySchemes).toMatchObject({
      apiKey: { in: 'header', name: 'X-API-Key' },
      widgetSession: { in: 'header', name: 'X-Widget-Session' },
      admin: { type: 'http' },
    });
    const declared = (path: string, method: string) => doc.paths[path][method].security?.map((r) => Object.keys(r).join('+'));
    expect(declared('/verify/v1/init', 'post')).toEqual(['apiKey']);
    expect(declared('/verify/v1/widget/session', 'get')).toEqual(['widgetSession']);
    expect(declared('/verify/v1/widget/sessions', 'post')).toEqual([]); // the init token travels in the body
    expect(declared('/admin/v1/tenants', 'post')).toEqual(['admin']);
    expect(declared('/healthz', 'get')).toEqual([]);
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
    const ours = ops.filter((o) => /^\/(verify|admin)\//.test(o.path));
    expect(ours.filter((o) => !o.op.security).map((o) => `${o.method} ${o.path}`)).toEqual([]);
    // What is declared is what is asked for: without it, 401 (the body-less calls; a body is validated first).
    for (const { path, method, op } of ours.filter((o) => ['get', 'delete'].includes(o.method) || o.path.startsWith('/admin/'))) {
      const scheme = op.security?.[0] && Object.keys(op.security[0])[0];
      if (!scheme) continue;
      expect(op.responses['401'], `${method} ${path} documents 401`).toBeDefined();
      const res = await fetch(base + path.replace(/\{[^}]+\}/g, 'x_unknown'), {
        method: method.toUpperCase(),
        ...(method === 'get' || method === 'delete' ? {} : { headers: { 'content-type': 'application/json' }, body: '{}' }),
      });
      expect(res.status, `${method} ${path} without ${scheme}`).toBe(401);
      const code = ((await res.json()) as { error: { code: string } }).error.code;
      expect(code).toBe({ apiKey: 'AUTH_REQUIRED', widgetSession: 'WIDGET_SESSION_INVALID', admin: 'ADMIN_AUTH_REQUIRED' }[scheme]);
    }
  });

  it('SIGTERM: in-flight requests finish, nothing is half-written, the data survives a restart', async () => {
    const inits = Array.from({ length: 40 }, () =>
      fetch(`${base}/verify/v1/init`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': secretKey },
        body: JSON.stringify({ callback_url: 'https://a.example/cb', min_age: 18 }),
      })
        .then(async (r) => ({ status: r.status, body: (await r.json()) as { data?: { token: string } } }))
        .catch(() => ({ status: 0, body: {} as { data?: { token: string } } })),
    );
    await Promise.race(inits); // some answered, the rest in flight or queued
    // One request surely in flight across the signal: its headers are in, its body comes after.
    const slow = slowInit(base, secretKey);
    await slow.headersRead;
    const exit = exited(svc.child);
    svc.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const late = await slow.finish();
    const results = [...(await Promise.all(inits)), { status: late.status, body: late.body }];
    expect(await exit).toBe(0);
    expect(results.every((r) => r.status === 200 || r.status === 503 || r.status === 0)).toBe(true);
    // It finished, and told its client not to reuse the connection (docs/operations.md).
    expect([late.status, late.connection]).toEqual([200, 'close']);
    const accepted = results.filter((r) => r.status === 200).map((r) => r.body.data?.token as string);
    expect(accepted.length).toBeGreaterThan(0);
    // Nothing half-written and nothing processed without an answer: exactly the acknowledged
    // sessions exist (requests reset before they were read created nothing).
    const db = await openDatabase({ dataDir });
    const rows = (await db.db.execute(sql.raw('select count(*)::int as n from sessions'))) as unknown as { rows: { n: number }[] };
    await db.close();
    expect(rows.rows[0].n).toBe(accepted.length);
    // Restart on the same DATA_DIR: every acknowledged session is there and usable.
    svc = startService(env);
    await waitReady(base);
    for (const token of accepted.slice(0, 10)) {
      const s = await fetch(`${base}/verify/v1/widget/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      expect(s.status).toBe(200);
    }
    // Logs never carry keys or tokens (DESIGN "Logging").
    const logs = svc.logs();
    expect(logs).not.toContain(secretKey);
    for (const t of accepted) expect(logs).not.toContain(t);
  }, 90_000);
});

/**
 * POST /verify/v1/init sent in two parts: the headers now, the body on finish(). With
 * `Expect: 100-continue` the server answers "100 Continue" once it has parsed the headers, so
 * after `headersRead` the request is surely in flight on the server (not an idle connection
 * that a shutdown may reset), however loaded the machine is.
 */
function slowInit(base: string, secretKey: string) {
  const body = JSON.stringify({ callback_url: 'https://a.example/cb', min_age: 18 });
  const req = httpRequest(`${base}/verify/v1/init`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': secretKey, 'content-length': Buffer.byteLength(body), expect: '100-continue' },
  });
  const answer = new Promise<{ status: number; connection: string | undefined; body: { data?: { token: string } } }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: JSON.parse(text) }));
    });
    req.on('error', reject);
  });
  answer.catch(() => undefined); // a failure is reported by finish(), not as an unhandled rejection
  const headersRead = new Promise<void>((resolve) => req.once('continue', () => resolve()));
  req.flushHeaders();
  return { headersRead, finish: () => (req.end(body), answer) };
}
