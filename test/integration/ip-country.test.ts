import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, init, startTestService, type TestService } from '../src/index.ts';

/** The version core/package.json pins the bundled IP-to-country database at. */
const PINNED = (JSON.parse(readFileSync(new URL('../../core/package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> }).dependencies[
  '@ip-location-db/geo-whois-asn-country-mmdb'
];

/**
 * ip_country out of the box (docs/decisions/path-selection.md, docs/operations.md): no
 * IP_COUNTRY_DB, so the bundled database answers; the client address comes from X-Forwarded-For
 * only when the peer is a trusted proxy (TRUST_PROXY). The tests' requests come from loopback, so
 * "behind a proxy" is loopback listed in TRUST_PROXY, and the forwarded address is the visitor's.
 */
describe.each(BACKENDS)('the visitor country by default on $name', (backend) => {
  let behindProxy: TestService;
  let direct: TestService;

  beforeAll(async () => {
    behindProxy = await startTestService(backend, { TRUST_PROXY: '127.0.0.1,::1' });
    direct = await startTestService(backend);
  });
  afterAll(async () => {
    await behindProxy?.close();
    await direct?.close();
  });

  /** Starts the widget of a fresh session with the given X-Forwarded-For; what core recorded. */
  async function visit(svc: TestService, key: string, forwardedFor?: string) {
    const i = await init(svc, key);
    const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
    const s = await svc.http('POST', '/verify/v1/widget/sessions', { body: { token: i.body.data.token }, headers });
    expect(s.status).toBe(200);
    const row = await svc.core.container.repositories.sessions.findByWidgetTokenHash(createHash('sha256').update(s.body.data.widget_session).digest('hex'));
    return { path: s.body.data.path as string, rule: row?.pathRule, ipCountry: row?.ipCountry ?? null };
  }

  it('ip_country by default: a public IPv4 and an IPv6 address resolve to their country without IP_COUNTRY_DB', async () => {
    const { secret_key } = await behindProxy.createTenant();
    expect((await visit(behindProxy, secret_key, '8.8.8.8')).ipCountry).toBe('US');
    expect((await visit(behindProxy, secret_key, '211.234.0.1')).ipCountry).toBe('KR');
    expect((await visit(behindProxy, secret_key, '2003:e0::1')).ipCountry).toBe('DE');
    expect((await visit(behindProxy, secret_key, '240e::1')).ipCountry).toBe('CN');
    // Loopback itself has no country.
    expect((await visit(behindProxy, secret_key)).ipCountry).toBeNull();
  });

  it('TRUST_PROXY: X-Forwarded-For from a trusted proxy is honoured, only up to the first address it did not add', async () => {
    const { secret_key } = await behindProxy.createTenant();
    // The client wrote the left part; our proxy appended the address it saw: that one counts.
    expect((await visit(behindProxy, secret_key, '8.8.8.8, 2003:e0::1')).ipCountry).toBe('DE');
  });

  it('TRUST_PROXY: X-Forwarded-For from an untrusted peer is ignored (default: trust none)', async () => {
    const { secret_key } = await direct.createTenant();
    for (const forged of ['8.8.8.8', '2003:e0::1', '211.234.0.1, 8.8.8.8']) expect((await visit(direct, secret_key, forged)).ipCountry, forged).toBeNull();
  });

  it('path C: a visitor from a restricted country takes the document path; elsewhere the on-device one', async () => {
    const { secret_key } = await behindProxy.createTenant();
    const rules = (body: Record<string, unknown>) => behindProxy.http('PUT', '/verify/v1/rules', { body, headers: { 'x-api-key': secret_key } });
    expect((await rules({ content_category: 'adult' })).status).toBe(200);
    expect(await visit(behindProxy, secret_key, '8.8.8.8')).toEqual({ path: 'C', rule: 'restricted_country:US@default:adult', ipCountry: 'US' });
    expect(await visit(behindProxy, secret_key, '2003:e0::1')).toEqual({ path: 'A', rule: 'default:on_device', ipCountry: 'DE' });
    expect((await rules({ content_category: 'gambling' })).status).toBe(200);
    expect(await visit(behindProxy, secret_key, '2003:e0::1')).toEqual({ path: 'C', rule: 'restricted_country:DE@default:gambling', ipCountry: 'DE' });
    // The same visitor, not behind a trusted proxy: its forged header cannot steer the path either way.
    const other = await direct.createTenant();
    await direct.http('PUT', '/verify/v1/rules', { body: { content_category: 'gambling' }, headers: { 'x-api-key': other.secret_key } });
    expect(await visit(direct, other.secret_key, '2003:e0::1')).toEqual({ path: 'A', rule: 'default:on_device', ipCountry: null });
  });

  it('GET /metrics names the IP-to-country database and its version', async () => {
    const text = (await behindProxy.http('GET', '/metrics')).text;
    const line = text.split('\n').find((l) => l.startsWith('idgate_ip_country_database_info{'));
    expect(line).toMatch(
      new RegExp(`^idgate_ip_country_database_info\\{source="package",format="mmdb",version="${PINNED.replace(/\./g, '\\.')}",built="[0-9T:.-]+Z"\\} 1$`),
    );
  });
});
