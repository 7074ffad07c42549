import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isForbiddenAddress } from './address-policy.ts';
import { parseEndpointUrl, resolvePublic, targetPolicy, type Resolver } from './ssrf-guard.ts';
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
      targets: targetPolicy(true, fakeDns({ 'hooks.example': ['127.0.0.1'] })),
    });
    const r = await client.send({ url: `https://hooks.example:${port}/h`, body: '{}', headers: {} });
    client.close();
    server.close();
    expect(r.error).toBe('ssrf_blocked');
    expect(hits).toBe(0);
  });
});

describe('IPv6 forms that carry an IPv4 address (C-WH-11)', () => {
  it('are judged by the IPv4 address inside: internal ones are forbidden in every form', () => {
    for (const a of [
      '::ffff:7f00:1', // IPv4-mapped 127.0.0.1, as new URL() writes [::ffff:127.0.0.1]
      '0:0:0:0:0:ffff:a9fe:a9fe', // mapped metadata address, uncompressed
      '::ffff:0:a00:1', // IPv4-translated (SIIT) 10.0.0.1
      '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
      '64:ff9b::192.168.1.1',
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      '2002:a9fe:a9fe::', // 6to4 of 169.254.169.254
      '2001:0:808:808:0:0:80ff:fffe', // Teredo: public server, client 127.0.0.1 (stored inverted)
      '2001:0:a00:1::', // Teredo: server 10.0.0.1
    ])
      expect(isForbiddenAddress(a), a).toBe(true);
  });

  it('refuses the deprecated IPv4-compatible range whole, [::127.0.0.1] (stored as [::7f00:1]) included', () => {
    expect(new URL('https://[::127.0.0.1]/').hostname).toBe('[::7f00:1]');
    for (const a of ['::7f00:1', '::808:808', '::a00:1', '::']) expect(isForbiddenAddress(a), a).toBe(true);
  });

  it('lets the same forms through when the IPv4 address inside is public', () => {
    for (const a of ['::ffff:808:808', '64:ff9b::808:808', '2002:808:808::1', '2001:0:808:808:0:0:f7f7:f7f7', '2a00:1450:4001::200e'])
      expect(isForbiddenAddress(a), a).toBe(false);
  });

  it('forbids the other special-purpose IPv6 ranges', () => {
    for (const a of ['64:ff9b:1::a00:1', '2001:2::1', '2001:10::1', '2001:20::1', '3fff::1', '5f00::1', 'fec0::1', 'ff02::1', '100::1'])
      expect(isForbiddenAddress(a), a).toBe(true);
  });

  it('at registration: every internal IPv6 form is refused before storage', async () => {
    const service = new WebhookEndpointService({ production: true, resolve: fakeDns({}), brand: 'Service', onQueued: () => undefined } as never);
    for (const host of ['[::127.0.0.1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[64:ff9b::127.0.0.1]', '[2002:7f00:1::]', '[2001:0:808:808::80ff:fffe]'])
      await expect(service.create({ tenantId: 't', url: `https://${host}:8443/hook` }), host).rejects.toMatchObject({ code: 'WEBHOOK_URL_FORBIDDEN' });
  });
});

describe('the URL policy at send time (C-WH-11)', () => {
  let server: http.Server;
  let port = 0;
  let connections = 0;
  beforeAll(async () => {
    server = http.createServer((_q, s) => s.end('ok'));
    server.on('connection', () => connections++);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const send = async (production: boolean, url: string) => {
    const client = new DeliveryClient({
      timeoutMs: 1000,
      maxResponseBytes: 1024,
      userAgent: 'ua',
      maxSockets: 2,
      targets: targetPolicy(production, fakeDns({})),
    });
    try {
      return await client.send({ url, body: '{}', headers: {} });
    } finally {
      client.close();
    }
  };

  it('in production, IP literals (which never reach the DNS lookup) and http are refused without a connection', async () => {
    const refused: [string, string][] = [
      [`http://127.0.0.1:${port}/h`, 'url_refused'],
      [`https://u:p@example.com:${port}/h`, 'url_refused'],
      ['not a url', 'url_refused'],
      [`https://127.0.0.1:${port}/h`, 'ssrf_blocked'],
      [`https://2130706433:${port}/h`, 'ssrf_blocked'],
      [`https://[::ffff:127.0.0.1]:${port}/h`, 'ssrf_blocked'],
      [`https://[::127.0.0.1]:${port}/h`, 'ssrf_blocked'],
      [`https://[64:ff9b::127.0.0.1]:${port}/h`, 'ssrf_blocked'],
      [`https://[::1]:${port}/h`, 'ssrf_blocked'],
    ];
    for (const [url, error] of refused) expect(await send(true, url), url).toEqual({ error, durationMs: 0 });
    expect(connections).toBe(0);
  });

  it('outside production the development rules still hold at send time: http only to localhost', async () => {
    expect(await send(false, `http://10.0.0.1:${port}/h`)).toEqual({ error: 'url_refused', durationMs: 0 });
    expect(await send(false, `http://127.0.0.1:${port}/h`)).toMatchObject({ statusCode: 200 });
    expect(connections).toBe(1);
  });
});
