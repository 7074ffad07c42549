import { randomBytes } from 'node:crypto';
import { createLogger, type Logger } from '@idgate/platform';
import { openKeyValueStore, RedisKeyValueStore, type KeyValueStore } from '@idgate/platform/kv';
import { ManualClock, readDevicePolicy, type DevicePolicy, openDatabase, startCore, type CoreHandle, type Database, type ScreeningEngine } from '@idgate/core';
import { startGateway, type GatewayHandle } from '@idgate/gateway';
import { testConfig, type Backend } from './backends.ts';

export const TEST_ADMIN_TOKEN = 'adm_test_token_0123456789abcdef';
/** Model hashes the test service requires in on-device evidence. */
export const TEST_MODEL_HASHES = ['a'.repeat(64), 'b'.repeat(64)];
/** Stand-ins for the age model's two files in a policy with a guard band: float32 and the smaller browser file. */
export const TEST_AGE_MODEL = { referenceSha256: 'c'.repeat(64), browserSha256: 'd'.repeat(64) };

export interface TestService {
  url: string;
  clock: ManualClock;
  core: CoreHandle;
  database: Database;
  kv: KeyValueStore;
  backend: Backend;
  /** Calls the HTTP API; JSON in, JSON out. */
  http(
    method: string,
    path: string,
    opts?: { body?: unknown; rawBody?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers; text: string }>;
  admin(method: string, path: string, body?: unknown): Promise<any>;
  /** Every route the gateway registered (its route table, read at run time). */
  routes(): { url: string; methods: string[] }[];
  createTenant(plan?: string): Promise<{ tenant_id: string; project_id: string; secret_key: string; public_key: string }>;
  close(): Promise<void>;
}

/**
 * The project manifest's on-device policy (liveness threshold, the active age model's gate policy)
 * with the test model hashes the scripted evidence carries: the server-side checks of a real
 * inference node and the device evidence of the tests are judged by the numbers production uses.
 */
function testDevicePolicy(manifestPath: string): DevicePolicy {
  // Scripted evidence names no age model file, so the age model's guard band (which file may
  // decide) is left out here; test/integration/device-verdict-guard-band.test.ts sets its own.
  const { ageModel: _age, ...policy } = readDevicePolicy(manifestPath);
  return { ...policy, requiredModelHashes: TEST_MODEL_HASHES };
}

/**
 * Starts core and gateway in this process on ephemeral ports against the given backend, with a
 * manual clock. Each call gets its own Postgres schema and Redis key prefix, so test files
 * never see each other's data.
 */
export async function startTestService(
  backend: Backend,
  overrides: Record<string, string> = {},
  log?: Logger,
  opts: {
    inferenceNodes?: string[];
    devicePolicy?: DevicePolicy;
    screening?: ScreeningEngine;
    /** Mount the OpenID Connect provider (service IDs, the save page); default true. */
    oauth?: boolean;
  } = {},
): Promise<TestService> {
  const config = testConfig(overrides);
  const logger = log ?? createLogger({ level: config.logLevel, component: 'test' });
  const isolation = `t_${randomBytes(6).toString('hex')}`;
  const clock = new ManualClock(new Date('2026-06-15T12:00:00Z'));
  const database = await openDatabase({ url: backend.databaseUrl, schemaName: backend.databaseUrl ? isolation : undefined, poolSize: 10 });
  const kv = backend.redisUrl ? await RedisKeyValueStore.connect(backend.redisUrl, { prefix: `${isolation}:` }) : await openKeyValueStore(undefined);
  const dataKeys = [`k1:${randomBytes(32).toString('base64')}`];
  const core = await startCore({
    config,
    log: logger,
    dataKeys,
    database,
    kv,
    clock,
    grpcAddress: '127.0.0.1:0',
    devicePolicy: opts.devicePolicy ?? testDevicePolicy(config.modelsManifest),
    inferenceNodes: opts.inferenceNodes ?? [],
    screening: opts.screening,
    runJobs: false,
  });
  const gateway: GatewayHandle = await startGateway({
    config,
    log: logger,
    kv,
    adminToken: TEST_ADMIN_TOKEN,
    coreAddress: core.address,
    port: config.port,
    now: () => clock.now().getTime(),
    oauthSql: opts.oauth === false ? undefined : (database.pglite ?? database.pool),
    dataKeys,
  });
  const url = gateway.url;

  const http: TestService['http'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    let body: string | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(url + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed, headers: res.headers, text };
  };

  const admin: TestService['admin'] = async (method, path, body) => {
    const res = await http(method, path, { body, headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
    if (res.status >= 300) throw new Error(`admin ${method} ${path} → ${res.status} ${res.text}`);
    return res.body;
  };

  return {
    url,
    clock,
    core,
    database,
    kv,
    backend,
    http,
    admin,
    routes: () => gateway.routes(),
    createTenant: (plan = 'starter') => admin('POST', '/admin/v1/tenants', { name: `tenant-${randomBytes(3).toString('hex')}`, plan }),
    async close() {
      await gateway.close();
      await core.close();
      await kv.close();
      if (database.pool) await database.pool.query(`DROP SCHEMA IF EXISTS "${isolation}" CASCADE`).catch(() => undefined);
      await database.close();
    },
  };
}
