import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ScreeningEngine, ScreeningRefreshError, type ScreeningLogger } from '../../src/screening/index.ts';
import { DERIVED, entityFile, steppingClock, T1, tempDir, THARWAT } from './fixtures.ts';

/** A logger that keeps every call, to check that no name ever reaches the logs. */
function capturingLogger(): ScreeningLogger & { lines: string[] } {
  const lines: string[] = [];
  const keep = (obj: object, msg?: string) => {
    lines.push(JSON.stringify([obj, msg]));
  };
  return { lines, info: keep, warn: keep, error: keep };
}

const derived = readFileSync(entityFile(DERIVED), 'utf8');

/** Serves `body` under /list.json; `reset` drops the connection halfway through. */
function listServer(body: Buffer, mode: 'ok' | 'reset'): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-length': body.length });
    if (mode === 'ok') {
      res.end(body);
      return;
    }
    res.write(body.subarray(0, Math.floor(body.length / 2)));
    setTimeout(() => res.destroy(), 20);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/list.json`, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

describe('a refresh that fails keeps the old index serving', () => {
  const tmp = tempDir();
  let engine: ScreeningEngine;
  let logger: ReturnType<typeof capturingLogger>;
  afterAll(() => tmp.cleanup());

  beforeEach(async () => {
    logger = capturingLogger();
    engine = new ScreeningEngine({ now: steppingClock(), logger, minRetainedRatio: 0 });
    await engine.refresh(entityFile(DERIVED));
  });

  async function expectFailedRefresh(source: string, reason: RegExp): Promise<void> {
    const before = engine.status();
    await expect(engine.refresh(source)).rejects.toThrow(ScreeningRefreshError);
    const after = engine.status();
    expect(after).toMatchObject({ version: before.version, personCount: before.personCount, lastRefreshAt: before.lastRefreshAt, refreshFailures: 1 });
    expect(after.lastError).toMatch(reason);
    expect(engine.refreshFailures).toBe(1);
    expect(engine.screen(THARWAT)[0]?.entityId).toBe(THARWAT.id);
    expect(logger.lines.join('\n')).not.toMatch(/tharwat|shihata|salah/i);
  }

  it('when the file is truncated in the middle of its last line', async () => {
    const cut = derived.slice(0, derived.length - 300);
    await expectFailedRefresh(tmp.write('truncated.json', cut), /not valid JSON at truncated\.json:\d+/);
  });

  it('when a line in the middle is not valid JSON', async () => {
    const lines = derived.split('\n');
    lines[500] = lines[500].slice(0, 40);
    await expectFailedRefresh(tmp.write('corrupt.json', lines.join('\n')), /not valid JSON at corrupt\.json:501/);
  });

  it('when a gzip download is cut short', async () => {
    const gz = gzipSync(Buffer.from(derived));
    await expectFailedRefresh(tmp.write('cut.json.gz', gz.subarray(0, gz.length - 1000)), /Z_BUF_ERROR/);
  });

  it('when the source does not exist', async () => {
    await expectFailedRefresh('/nonexistent/entities.ftm.json', /not found/);
  });

  it('when a download delivers fewer bytes than its Content-Length announced', async () => {
    const full = Buffer.from(derived);
    const fetchShort = async () => new Response(full.subarray(0, 100_000), { headers: { 'content-length': String(full.length) } });
    const short = new ScreeningEngine({ fetch: fetchShort, minRetainedRatio: 0 });
    await short.refresh(entityFile(DERIVED));
    await expect(short.refresh('https://lists.example/entities.ftm.json')).rejects.toThrow(/download ended after 100000 of \d+ bytes/);
    expect(short.status()).toMatchObject({ personCount: 451, refreshFailures: 1 });
    expect(short.screen(THARWAT)[0]?.entityId).toBe(THARWAT.id);
  });

  it('when the connection drops in the middle of the download (IO error)', async () => {
    const server = await listServer(Buffer.from(derived), 'reset');
    try {
      await expectFailedRefresh(server.url, /terminated/);
    } finally {
      await server.close();
    }
  });

  it('when the new list is far smaller than the current one', async () => {
    const guarded = new ScreeningEngine();
    await guarded.refresh(entityFile(DERIVED));
    await expect(guarded.refresh(entityFile(T1))).rejects.toThrow(/under 0.5/);
    expect(guarded.status()).toMatchObject({ personCount: 451, refreshFailures: 1 });
  });
});

describe('refreshing from a URL', () => {
  let server: Awaited<ReturnType<typeof listServer>>;
  beforeAll(async () => {
    server = await listServer(Buffer.from(derived), 'ok');
  });
  afterAll(() => server.close());

  it('streams an http list and swaps it in', async () => {
    const engine = new ScreeningEngine({ now: steppingClock() });
    await engine.refresh(server.url);
    expect(engine.status()).toMatchObject({ personCount: 451, refreshFailures: 0, lastError: null });
    expect(engine.screen(THARWAT)[0]?.entityId).toBe(THARWAT.id);
  });
});
