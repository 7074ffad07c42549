import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { createLogger, loadConfig } from '@idgate/platform';
import { openKeyValueStore } from '@idgate/platform/kv';
import { openDatabase, startCore } from '@idgate/core';
import { hardwareFingerprint, percentile, round } from '../src/stats.ts';

/**
 * bench/webhooks (docs/performance.md): a burst of N session state changes (pending → canceled, each
 * writing its session.canceled event to the outbox in its transaction, as in production) while
 * core's dispatcher delivers to a local receiver in another process. Reports deliveries per
 * second and the lag from state change (outbox created_at) to arrival at the receiver.
 * `--events N` (default 10000), `--backend postgres|pglite` (default postgres when reachable).
 */
const args = process.argv.slice(2);
const arg = (name: string, dflt: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const EVENTS = Number(arg('--events', '10000'));
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BURST_CONCURRENCY = Number(arg('--burst-concurrency', '8'));
const OUT = fileURLToPath(new URL('../results/webhooks.json', import.meta.url));

const reachable = (url: string) =>
  new Promise<boolean>((resolve) => {
    const u = new URL(url);
    const s = net.connect({ host: u.hostname, port: Number(u.port || 5432) }, () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });

function ask<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as T));
    child.send({ type });
  });
}

async function pool<T>(items: T[], width: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

async function main(): Promise<void> {
  const backend = arg('--backend', (await reachable(PG_URL)) ? 'postgres' : 'pglite');
  const schema = `bench_wh_${randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: '/tmp/idgate-bench-unused',
    INFERENCE_ENABLED: 'false',
  });
  const database = await openDatabase(backend === 'postgres' ? { url: PG_URL, schemaName: schema, poolSize: Number(process.env.BENCH_POOL ?? 10) } : {});
  const kv = await openKeyValueStore(undefined);
  const core = await startCore({
    config,
    log: createLogger({ level: 'silent', component: 'bench' }),
    dataKeys: [`k1:${randomBytes(32).toString('base64')}`],
    database,
    kv,
    grpcAddress: '127.0.0.1:0',
    inferenceNodes: [],
  });
  const receiver = fork(fileURLToPath(new URL('./receiver.ts', import.meta.url)), [], {
    execArgv: ['--disable-warning=ExperimentalWarning'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port } = await new Promise<{ port: number }>((resolve) => receiver.once('message', (m) => resolve(m as { port: number })));
  try {
    const c = core.container;
    const tenant = await c.tenancy.createTenant('Bench', 'scale');
    await c.webhooks.service.create({ tenantId: tenant.tenantId, url: `http://127.0.0.1:${port}/hook` });
    process.stdout.write(`creating ${EVENTS} sessions on ${backend}…\n`);
    await pool(Array.from({ length: EVENTS }), 16, () =>
      c.verification.init({ callbackUrl: 'https://shop.example/cb', minAge: 18 }, { apiKey: tenant.secretKey }),
    );
    const ids = ((await database.db.execute(sql`select id from sessions`)) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);

    process.stdout.write('burst…\n');
    const started = Date.now();
    await pool(ids, BURST_CONCURRENCY, (id) => c.lifecycle.change(id, async () => ({ to: 'canceled', patch: { step: 'done' } })));
    const burstMs = Date.now() - started;
    for (;;) {
      const { count } = await ask<{ count: number }>(receiver, 'count');
      if (count >= EVENTS) break;
      if (Date.now() - started > 300_000) throw new Error(`only ${count} of ${EVENTS} delivered in 300 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const { arrivals } = await ask<{ arrivals: [string, number][] }>(receiver, 'report');
    const created = new Map(
      ((await database.db.execute(sql`select id, created_at from outbox_events`)) as unknown as { rows: { id: string; created_at: string | Date }[] }).rows.map(
        (r) => [r.id, new Date(r.created_at).getTime()],
      ),
    );
    const lags = arrivals.map(([id, at]) => at - (created.get(id) ?? Number.NaN)).filter(Number.isFinite);
    const first = Math.min(...arrivals.map((a) => a[1]));
    const last = Math.max(...arrivals.map((a) => a[1]));
    const result = {
      benchmark: 'webhooks',
      date: new Date().toISOString(),
      hardware: hardwareFingerprint(),
      backend,
      events: EVENTS,
      burst: { ms: burstMs, state_changes_per_second: round((EVENTS / burstMs) * 1000, 0), concurrency: BURST_CONCURRENCY },
      deliveries: {
        received: arrivals.length,
        distinct: new Set(arrivals.map((a) => a[0])).size,
        per_second: round((arrivals.length / Math.max(1, last - first)) * 1000, 0),
        drain_ms_after_burst_start: last - started,
      },
      lag_ms: { p50: percentile(lags, 50), p90: percentile(lags, 90), p99: percentile(lags, 99), max: Math.max(...lags) },
      settings: { concurrency: c.webhooks.settings.concurrency, poll_ms: c.webhooks.settings.pollMs, timeout_ms: c.webhooks.settings.timeoutMs },
      note: `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(
          ' ',
        )} at the end (other jobs on the 2 cores make the numbers noisy). Lag = receiver arrival − outbox created_at (state change), one receiver process, keep-alive.`,
    };
    mkdirSync(fileURLToPath(new URL('../results/', import.meta.url)), { recursive: true });
    writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    receiver.kill();
    await core.close();
    await kv.close();
    if (database.pool) await database.pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await database.close();
  }
}

await main();
