import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isForbiddenAddress, parseEndpointUrl, resolvePublic, guardedLookup, type Resolver } from './ssrf-guard.ts';
import { DeliveryClient } from './delivery-client.ts';
import { WebhookEndpointService } from './endpoint.service.ts';

const fakeDns =
  (table: Record<string, string[]>): Resolver =>
  async (host) => {
    const found = table[host];
    if (!found) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('SSRF guard (C-WH-11)', () => {
  it('classifies private, loopback, link-local, metadata, CGNAT, mapped and reserved addresses as forbidden', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a00:1',
      'not-an-ip',
    ])
      expect(isForbiddenAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) expect(isForbiddenAddress(a), a).toBe(false);
  });

  it('URL shape: https only; http://localhost only outside production; no credentials', () => {
    expect(parseEndpointUrl('https://hooks.example/a', true).hostname).toBe('hooks.example');
    expect(parseEndpointUrl('http://localhost:3000/hook', false).port).toBe('3000');
    expect(parseEndpointUrl('http://127.0.0.1:3000/hook', false).port).toBe('3000');
    for (const [url, prod] of [
      ['http://localhost:3000/hook', true],
      ['http://hooks.example/', false],
      ['ftp://hooks.example/', false],
      ['https://u:p@hooks.example/', false],
      ['nope', false],
    ] as const) {
      expect(() => parseEndpointUrl(url, prod), url).toThrow(expect.objectContaining({ code: 'WEBHOOK_URL_INVALID' }));
    }
  });

  it('refuses a host when any of its addresses is internal, or when it does not resolve', async () => {
    const dns = fakeDns({ 'ok.example': ['93.184.216.34'], 'mixed.example': ['93.184.216.34', '10.0.0.5'], 'meta.example': ['169.254.169.254'] });
    await expect(resolvePublic('ok.example', dns)).resolves.toHaveLength(1);
    await expect(resolvePublic('mixed.example', dns)).rejects.toMatchObject({ code: 'WEBHOOK_URL_FORBIDDEN' });
    await expect(resolvePublic('meta.example', dns)).rejects.toMatchObject({ code: 'WEBHOOK_URL_FORBIDDEN' });
    await expect(resolvePublic('[::1]', dns)).rejects.toMatchObject({ code: 'WEBHOOK_URL_FORBIDDEN' });
    await expect(resolvePublic('gone.example', dns)).rejects.toMatchObject({ code: 'WEBHOOK_URL_UNRESOLVABLE' });
  });

  it('at registration: production refuses internal targets before touching storage; development allows localhost', async () => {
    const service = (production: boolean) =>
      new WebhookEndpointService({ production, resolve: fakeDns({ 'intranet.example': ['10.0.0.7'] }), brand: 'Service', onQueued: () => undefined } as never);
    await expect(service(true).create({ tenantId: 't', url: 'https://intranet.example/hook' })).rejects.toMatchObject({ code: 'WEBHOOK_URL_FORBIDDEN' });
    await expect(service(true).create({ tenantId: 't', url: 'https://127.0.0.1/hook' })).rejects.toMatchObject({ code: 'WEBHOOK_URL_FORBIDDEN' });
    await expect(service(true).create({ tenantId: 't', url: 'http://localhost/hook' })).rejects.toMatchObject({ code: 'WEBHOOK_URL_INVALID' });
    // Development passes the URL checks and gets as far as storage (absent here).
    await expect(service(false).create({ tenantId: 't', url: 'http://localhost/hook' })).rejects.toBeInstanceOf(TypeError);
  });

  it('at send time: a name that now resolves to loopback (DNS rebinding) is refused without connecting', async () => {
    let hits = 0;
    const server = http.createServer((_q, s) => {
      hits++;
      s.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const client = new DeliveryClient({
      timeoutMs: 1000,
      maxResponseBytes: 1024,
      userAgent: 'ua',
      maxSockets: 2,
      lookup: guardedLookup(fakeDns({ 'hooks.example': ['127.0.0.1'] })),
    });
    const r = await client.send({ url: `http://hooks.example:${port}/h`, body: '{}', headers: {} });
    client.close();
    server.close();
    expect(r.error).toBe('ssrf_blocked');
    expect(hits).toBe(0);
  });
});
