import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryClient } from './delivery-client.ts';
import { systemResolver, targetPolicy } from './ssrf-guard.ts';

describe('delivery client', () => {
  let server: http.Server;
  let base = '';
  const seen: http.IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.headers);
      req.resume();
      if (req.url === '/huge') {
        res.writeHead(200);
        const chunk = Buffer.alloc(64 * 1024, 120);
        const pump = () => {
          while (res.write(chunk));
        };
        res.on('drain', pump);
        pump();
        return;
      }
      if (req.url === '/redirect') return res.writeHead(301, { location: '/elsewhere' }).end();
      res.writeHead(req.url === '/slow' ? 200 : 204);
      if (req.url === '/slow') setTimeout(() => res.end(), 1000);
      else res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  // Development rules: http to 127.0.0.1 is allowed, as for a receiver on the developer's machine.
  const client = () =>
    new DeliveryClient({
      timeoutMs: 300,
      maxResponseBytes: 4096,
      userAgent: 'idgate-webhooks/test',
      maxSockets: 4,
      targets: targetPolicy(false, systemResolver),
    });

  it('sends the stored bytes with a User-Agent and reports the status', async () => {
    const c = client();
    const r = await c.send({ url: `${base}/ok`, body: '{"a":1}', headers: { 'X-Service-Event': 'test' } });
    c.close();
    expect(r.statusCode).toBe(204);
    expect(seen.at(-1)).toMatchObject({ 'user-agent': 'idgate-webhooks/test', 'x-service-event': 'test', 'content-length': '7' });
  });

  it('caps the response body it reads (an endless body does not hold the attempt)', async () => {
    const c = client();
    const r = await c.send({ url: `${base}/huge`, body: '{}', headers: {} });
    c.close();
    expect(r).toMatchObject({ statusCode: 200 });
    expect(r.durationMs).toBeLessThan(300);
  });

  it('does not follow redirects and times out slow receivers (C-WH-6)', async () => {
    const c = client();
    expect((await c.send({ url: `${base}/redirect`, body: '{}', headers: {} })).statusCode).toBe(301);
    const slow = await c.send({ url: `${base}/slow`, body: '{}', headers: {} });
    c.close();
    expect(slow).toMatchObject({ error: 'timeout' });
    expect(slow.statusCode).toBeUndefined();
  });
});
