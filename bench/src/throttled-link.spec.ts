import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrottledLink, UNTHROTTLED } from './throttled-link.ts';

describe('startThrottledLink', () => {
  let server: Server;
  let port: number;
  const body = Buffer.alloc(250_000, 7);

  beforeAll(async () => {
    server = createServer((_req, res) => res.end(body));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('relays the bytes unchanged and counts them, headers included', async () => {
    const link = await startThrottledLink({ host: '127.0.0.1', port }, UNTHROTTLED);
    const got = Buffer.from(await (await fetch(link.url, { headers: { connection: 'close' } })).arrayBuffer());
    expect(got.equals(body)).toBe(true);
    expect(link.bytes().down).toBeGreaterThan(body.length);
    expect(link.bytes().up).toBeGreaterThan(0);
    link.reset();
    expect(link.bytes()).toEqual({ down: 0, up: 0 });
    await link.close();
  });

  it('paces a download at the link bandwidth: 250 kB over 10 Mbit/s takes at least 200 ms', async () => {
    const link = await startThrottledLink({ host: '127.0.0.1', port }, { bitsPerSecond: 10e6, rttMs: 40 });
    const t0 = performance.now();
    const got = Buffer.from(await (await fetch(link.url, { headers: { connection: 'close' } })).arrayBuffer());
    expect(got.equals(body)).toBe(true);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(200);
    await link.close();
  });
});
