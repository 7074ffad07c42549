import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeExpectedFailure } from '@idgate/protos';
import { loadConfig, resolveSecrets } from '@idgate/platform';
import { openDatabase } from '@idgate/core';
import { startCoreThread, type CoreThread } from '../src/core-thread/index.ts';

function configFor(dataDir: string, env: Record<string, string> = {}) {
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CORE_GRPC_ADDRESS: '127.0.0.1:0', LOG_LEVEL: 'silent', INFERENCE_NODES: '', ...env });
}

function start(dataDir: string, extra: Partial<Parameters<typeof startCoreThread>[0]> = {}, env: Record<string, string> = {}) {
  const config = configFor(dataDir, env);
  return startCoreThread({ config, dataKeys: resolveSecrets(config).dataKeys, inferenceNodes: [], onCrash: () => undefined, ...extra });
}

/**
 * The all-in-one process's core thread (docs/architecture.md "One process: core on a thread of its own"): core
 * on a worker thread, the OAuth adapter's statements on its one PGlite handle, its metrics merged
 * by the gateway, a graceful close, and what the main thread learns when the thread fails.
 */
describe('core on a thread of its own (embedded PGlite)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'idgate-core-thread-'));
  let core: CoreThread;

  beforeAll(async () => {
    core = await start(dataDir);
  });
  afterAll(async () => {
    await core?.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves gRPC on the address it reports', () => {
    expect(core.address).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(core.address).not.toBe('127.0.0.1:0');
  });

  it("runs the OAuth adapter's statements on core's database: the migrated tables are there", async () => {
    const { rows } = await core.sql!.query<{ n: number }>('select count(*)::int as n from sessions');
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('values cross the thread as the driver gives them: dates, bytes, JSON, null', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const bytes = new Uint8Array([0, 1, 254, 255]);
    const { rows } = await core.sql!.query<{ t: Date; b: Uint8Array; j: unknown; n: null }>(
      'select $1::timestamptz as t, $2::bytea as b, $3::jsonb as j, null as n',
      [at, bytes, JSON.stringify({ a: [1, 'x'] })],
    );
    expect(rows[0].t).toBeInstanceOf(Date);
    expect(rows[0].t.toISOString()).toBe(at.toISOString());
    expect(Array.from(rows[0].b)).toEqual([0, 1, 254, 255]);
    expect(rows[0].j).toEqual({ a: [1, 'x'] });
    expect(rows[0].n).toBeNull();
  });

  it('a failing statement rejects with the database error, its SQLSTATE code kept', async () => {
    const err = (await core.sql!.query('select * from no_such_table').catch((e: unknown) => e)) as Error & { code?: string };
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toContain('no_such_table');
    expect(err.code).toBe('42P01');
  });

  it("answers with its metrics registry: core's own metrics, for the gateway to merge", async () => {
    const names = (await core.metrics()).map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(['idgate_webhook_deliveries_total', 'idgate_inference_nodes']));
  });

  it('a second core on the same DATA_DIR fails to start with DATA_DIR_IN_USE, as the operator sees it', async () => {
    const err = await start(dataDir).then(
      async (second) => {
        await second.close();
        return undefined;
      },
      (e: unknown) => e,
    );
    expect(describeExpectedFailure(err)?.code).toBe('DATA_DIR_IN_USE');
  });

  it('close() stops core and releases the database; later requests fail at once', async () => {
    await core.close();
    await expect(core.sql!.query('select 1')).rejects.toThrow('the core thread has stopped');
    await expect(core.metrics()).rejects.toThrow('the core thread has stopped');
    const reopened = await openDatabase({ dataDir });
    await reopened.close();
  });
});

describe('core thread failures', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'idgate-core-thread-fail-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('a database that refuses the connection: start rejects with the one-line operational failure', async () => {
    const err = await start(dataDir, {}, { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' }).catch((e: unknown) => e);
    expect(describeExpectedFailure(err)).toMatchObject({ code: 'ECONNREFUSED', message: expect.stringContaining('127.0.0.1:1') });
  });

  it('an uncaught error in the thread after start-up: onCrash gets it and waiting requests fail', async () => {
    const crashes: Error[] = [];
    const core = await start(dataDir, { workerFile: new URL('./fixtures/crashing-core.worker.ts', import.meta.url), onCrash: (err) => crashes.push(err) });
    await expect(core.metrics()).rejects.toThrow('core blew up');
    expect(crashes.map((e) => e.message)).toEqual(['core blew up']);
  });

  it('the thread ending on its own: onCrash says so with the exit code', async () => {
    const crashes: Error[] = [];
    const core = await start(dataDir, { workerFile: new URL('./fixtures/exiting-core.worker.ts', import.meta.url), onCrash: (err) => crashes.push(err) });
    await expect(core.metrics()).rejects.toThrow('exited unexpectedly (code 3)');
    expect(crashes.map((e) => e.message)).toEqual(['the core thread exited unexpectedly (code 3)']);
  });
});
