import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runAdmin } from '@idgate/deploy';
import { openDatabase } from '@idgate/core';
import { Receiver } from './support/receiver.ts';
import { stripeVerify } from './support/webhooks.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const EVENTS = 1000;

function startService(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'deploy/src/all-in-one.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
}

async function waitReady(url: string, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} not ready in ${ms} ms`);
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

/** One session.canceled event through the public API: init → widget start → cancel. */
async function cancelOne(base: string, key: string): Promise<void> {
  const post = async (path: string, body: unknown, headers: Record<string, string>) => {
    const r = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    if (!r.ok) throw new Error(`${path} → ${r.status} ${await r.text()}`);
    return ((await r.json()) as { data: Record<string, string> }).data;
  };
  const init = await post('/verify/v1/init', { callback_url: 'https://shop.example/cb', min_age: 18 }, { 'x-api-key': key });
  const widget = await post('/verify/v1/widget/sessions', { token: init.token }, {});
  await post('/verify/v1/widget/session/cancel', {}, { 'x-widget-session': widget.widget_session });
}

/**
 * The dispatcher survives a crash (docs/webhooks.md, "Dispatcher"): the service is SIGKILLed in the middle of a burst
 * of 1,000 events, restarted on the same DATA_DIR, and every event still reaches the receiver,
 * each copy with the same delivery id and the same bytes.
 */
describe('webhook delivery across a SIGKILL (embedded mode)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'idgate-wh-crash-'));
  const port = 19_500 + Math.floor(Math.random() * 1000);
  const base = `http://localhost:${port}`;
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    BASE_URL: base,
    CORE_GRPC_ADDRESS: `127.0.0.1:${port + 1}`,
    INFERENCE_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
    ADMIN_TOKEN: '',
    NODE_ENV: 'development',
    RATE_LIMIT_INIT_PER_MINUTE: '1000000',
    RATE_LIMIT_WIDGET_PER_MINUTE: '1000000',
    WEBHOOK_TIMEOUT_MS: '2000',
    WEBHOOK_CONCURRENCY: '8',
  };
  let child: ChildProcess;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await Receiver.start();
    child = startService({ ...env, WEBHOOK_DISPATCHER_ENABLED: 'false' });
    await waitReady(base);
  }, 60_000);
  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('every event is delivered at least once, with the same delivery id and bytes', async () => {
    const tenant = (await runAdmin(['tenant', 'create', '--name', 'Crash', '--plan', 'starter'], env)).output as { tenant_id: string; secret_key: string };
    const created = (await runAdmin(['webhook', 'create', '--tenant', tenant.tenant_id, '--url', `${receiver.url}/hook`, '--events', 'session.canceled'], env))
      .output as { id: string; secret: string };
    expect(created.secret).toMatch(/^whsec_/);
    // The burst: 1,000 state changes land in the outbox while no dispatcher runs (first run)...
    let made = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (made < EVENTS) {
          made++;
          await cancelOne(base, tenant.secret_key);
        }
      }),
    );
    child.kill('SIGTERM');
    await exited(child);
    // ...then a dispatcher starts on them and the process is killed mid-way through the backlog.
    receiver.behaviour = () => ({ status: 200, delayMs: 5 });
    child = startService({ ...env, WEBHOOK_DISPATCHER_ENABLED: 'true' });
    await receiver.waitFor(() => receiver.requests.length >= 200, 30_000, '200 deliveries before the crash');
    child.kill('SIGKILL');
    await exited(child);
    const beforeKill = new Set(receiver.requests.map((r) => r.headers['x-service-delivery'])).size;
    expect(beforeKill).toBeLessThan(EVENTS - 100); // the crash really happened mid-burst

    receiver.behaviour = () => ({ status: 200 });
    child = startService({ ...env, WEBHOOK_DISPATCHER_ENABLED: 'true' });
    await waitReady(base);
    const distinct = () => new Set(receiver.requests.map((r) => r.headers['x-service-delivery'])).size;
    await receiver.waitFor(() => distinct() >= EVENTS, 40_000, 'every event after the restart');
    child.kill('SIGTERM');
    await exited(child);

    const db = await openDatabase({ dataDir });
    const outbox = (await db.db.execute(sql`select id from outbox_events where type = 'session.canceled'`)) as unknown as { rows: { id: string }[] };
    const pending = (await db.db.execute(sql`select count(*)::int as n from webhook_deliveries where status <> 'delivered'`)) as unknown as {
      rows: { n: number }[];
    };
    await db.close();
    expect(outbox.rows).toHaveLength(EVENTS);
    expect(pending.rows[0].n).toBe(0);
    for (const { id } of outbox.rows) {
      const copies = receiver.forEvent(id);
      expect(copies.length, id).toBeGreaterThanOrEqual(1);
      expect(new Set(copies.map((c) => c.raw)).size, id).toBe(1);
      expect(JSON.parse(copies[0].raw).id).toBe(id);
    }
    const sample = receiver.requests[receiver.requests.length - 1];
    const t = Number(/^t=(\d+)/.exec(String(sample.headers['x-service-signature']))![1]);
    expect(stripeVerify(sample.raw, sample.headers['x-service-signature'], created.secret, t * 1000)).toMatchObject({ type: 'session.canceled' });
    console.info(
      `webhook crash test: ${beforeKill} events delivered before SIGKILL, ${receiver.requests.length} requests for ${EVENTS} events in all (${receiver.requests.length - EVENTS} redeliveries)`,
    );
  }, 120_000);
});
