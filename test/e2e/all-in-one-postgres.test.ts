import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '@idgate/deploy';
import { SHARED_MODELS_DIR } from '@idgate/inference/testing';
import { BACKENDS } from '../src/index.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const postgres = BACKENDS.find((b) => b.name === 'postgres+redis');

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

/**
 * `npm start` with DATABASE_URL and REDIS_URL (docs/architecture.md "One process: core on a thread of its own"):
 * core runs on its own thread with its own Postgres pool, the gateway (with OAuth) on the main
 * thread with a pool of its own; one /metrics shows both; SIGTERM loses nothing acknowledged.
 */
describe.skipIf(!postgres)('npm start on Postgres + Redis: core on a thread of its own', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'idgate-aio-pg-'));
  const schema = `aio_${randomBytes(4).toString('hex')}`;
  const keyPrefix = `${schema}:`;
  const port = 17_000 + Math.floor(Math.random() * 1000);
  const base = `http://localhost:${port}`;
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    BASE_URL: base,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ADMIN_TOKEN: '',
    SHUTDOWN_GRACE_MS: '2000',
    DATABASE_URL: postgres?.databaseUrl ?? '',
    REDIS_URL: postgres?.redisUrl ?? '',
    DATABASE_SCHEMA: schema,
    REDIS_KEY_PREFIX: keyPrefix,
    INFERENCE_POOL_SIZE: '1',
    CORE_GRPC_ADDRESS: `127.0.0.1:${port + 1}`,
    INFERENCE_GRPC_ADDRESS: `127.0.0.1:${port + 2}`,
    ...(process.env.SHARED_DIR && !process.env.MODELS_DIR ? { MODELS_DIR: SHARED_MODELS_DIR } : {}),
  };
  let child: ChildProcess;
  let logs = '';
  let secretKey = '';
  const accepted: string[] = [];

  beforeAll(async () => {
    child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'deploy/src/all-in-one.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => (logs += d));
    child.stderr?.on('data', (d) => (logs += d));
    const until = Date.now() + 50_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}\n${logs.slice(-4000)}`);
      if (
        await fetch(`${base}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > until) throw new Error(`not ready in 50 s\n${logs.slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 90_000);
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exit = exited(child);
      child.kill('SIGKILL');
      await exit;
    }
    const c = new pg.Client({ connectionString: postgres?.databaseUrl });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await c.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('core serves on Postgres from its own thread, and the verify API works through it', async () => {
    expect(logs).toMatch(/"component":"core".*"database":"postgres".*"msg":"core serving"/);
    const tenant = await runAdmin(['tenant', 'create', '--name', 'Shop', '--plan', 'scale', '--json'], env);
    expect(tenant.exitCode).toBe(0);
    secretKey = (tenant.output as { secret_key: string }).secret_key;
    for (let i = 0; i < 5; i++) {
      const r = await fetch(`${base}/verify/v1/init`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': secretKey },
        body: JSON.stringify({ callback_url: 'https://shop.example/cb', min_age: 18 }),
      });
      expect(r.status).toBe(200);
      accepted.push(((await r.json()) as { data: { token: string } }).data.token);
    }
    const start = await fetch(`${base}/verify/v1/widget/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: accepted[0] }),
    });
    expect(start.status).toBe(200);
  });

  it('REDIS_KEY_PREFIX: what the service keeps in Redis (rate-limit windows of the calls above) is under its prefix', async () => {
    const redis = createClient({ url: postgres?.redisUrl });
    await redis.connect();
    try {
      const ours = await redis.keys(`${keyPrefix}*`);
      expect(ours.length).toBeGreaterThan(0);
      // The key's own name, without the prefix, exists nowhere: nothing was written unprefixed.
      for (const key of ours) expect(await redis.exists(key.slice(keyPrefix.length)), key).toBe(0);
    } finally {
      await redis.quit();
    }
  });

  it("the OAuth provider reads its durable storage through the gateway's own pool: an unknown refresh token is invalid_grant", async () => {
    const tenantId = ((await runAdmin(['tenant', 'create', '--name', 'RP', '--plan', 'free', '--json'], env)).output as { tenant_id: string }).tenant_id;
    const client = (
      await runAdmin(['oauth-client', 'create', '--tenant', tenantId, '--name', 'App', '--redirect-uri', 'https://app.example/cb', '--json'], env)
    ).output as { client_id: string; client_secret: string };
    const body = new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: `xort_${randomBytes(24).toString('base64url')}`,
      client_id: client.client_id,
      client_secret: client.client_secret,
    });
    const r = await fetch(`${base}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it("/metrics merges the core thread's registry into the process's: gateway, inference node and core, each series once", async () => {
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(text).toContain('# TYPE idgate_http_request_duration_seconds histogram');
    expect(text).toMatch(/^idgate_inference_workers 1$/m);
    // core's: the scheduler's view of the process's inference node, the webhook dispatcher's counters.
    expect(text).toMatch(/^idgate_inference_nodes\{health="healthy"\} 1$/m);
    expect(text).toContain('# TYPE idgate_webhook_deliveries_total counter');
    for (const line of ['# TYPE process_cpu_user_seconds_total counter', '# TYPE idgate_inference_nodes gauge'])
      expect(text.split('\n').filter((l) => l === line)).toHaveLength(1);
  });

  it('SIGTERM: exit 0, every acknowledged session stored', async () => {
    const exit = exited(child);
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(logs).toContain('graceful shutdown');
    const c = new pg.Client({ connectionString: postgres?.databaseUrl });
    await c.connect();
    const { rows } = await c.query<{ n: number }>(`select count(*)::int as n from ${schema}.sessions`);
    await c.end();
    expect(rows[0].n).toBe(accepted.length);
    for (const token of accepted) expect(logs).not.toContain(token);
    expect(logs).not.toContain(secretKey);
  });
});
