import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, init, startTestService, type TestService } from '../src/index.ts';
import { TEST_IP_COUNTRY_DB } from '../src/document-flows.ts';

/**
 * The rule engine (docs/decisions/path-selection.md) over HTTP: the spec's order
 * D → E → C → A, per-request overrides, the project's rules endpoint, and sessions.path_rule.
 * Requests come from loopback, which the test IP database places in the US.
 */
describe.each(BACKENDS)('path selection on $name', (backend) => {
  let svc: TestService;
  let tenant: { secret_key: string; public_key: string; tenant_id: string };

  beforeAll(async () => {
    svc = await startTestService(backend, { IP_COUNTRY_DB: TEST_IP_COUNTRY_DB });
    tenant = await svc.createTenant();
  });
  afterAll(() => svc?.close());

  async function start(key: string, initBody: Record<string, unknown> = {}, hints: Record<string, unknown> = {}) {
    const i = await init(svc, key, initBody);
    const s = await svc.http('POST', '/verify/v1/widget/sessions', { body: { token: i.body.data.token, ...hints } });
    const row = await svc.core.container.repositories.sessions.findByWidgetTokenHash(createHash('sha256').update(s.body.data.widget_session).digest('hex'));
    return { state: s.body.data, rule: row?.pathRule, ipCountry: row?.ipCountry };
  }

  it('a general-audience project: the on-device path, with the visitor country recorded', async () => {
    expect(await start(tenant.secret_key)).toMatchObject({ state: { path: 'A', step: 'face_capture' }, rule: 'default:on_device', ipCountry: 'US' });
  });

  it('service ID → D before wallet → E before restricted country → C; the wallet hint counts only where path E is configured', async () => {
    await svc.http('PUT', '/verify/v1/rules', { body: { content_category: 'adult' }, headers: { 'x-api-key': tenant.secret_key } });
    expect(await start(tenant.secret_key, {}, { service_id: true, wallet_available: true })).toMatchObject({
      state: { path: 'D', step: 'service_id_required' },
      rule: 'service_id',
    });
    // This service has no wallet trust source (WALLET_NOT_CONFIGURED): the hint is ignored (routing to E with a
    // trust source: test/integration/wallet-path-e.test.ts).
    expect(await start(tenant.secret_key, {}, { wallet_available: true })).toMatchObject({
      state: { path: 'C', step: 'liveness_required', wallet_offered: false },
      rule: 'restricted_country:US@default:adult',
    });
    expect(await start(tenant.secret_key)).toMatchObject({ state: { path: 'C', step: 'liveness_required' }, rule: 'restricted_country:US@default:adult' });
    expect(await start(tenant.secret_key, { verification_mode: 'facial' })).toMatchObject({ state: { path: 'A' }, rule: 'verification_mode:facial' });
    expect(await start(tenant.secret_key, { purpose: 'id_verification', min_age: undefined })).toMatchObject({
      state: { path: 'B' },
      rule: 'purpose:id_verification',
    });
  });

  it('a project list replaces the category default', async () => {
    const put = await svc.http('PUT', '/verify/v1/rules', {
      body: { content_category: 'adult', restricted_countries: ['fr', 'DE'] },
      headers: { 'x-api-key': tenant.secret_key },
    });
    expect(put.body.data).toEqual({
      content_category: 'adult',
      restricted_countries: ['DE', 'FR'],
      default_list: false,
      server_side_checks: false,
      token_methods: ['document', 'wallet', 'facial_estimate'],
      token_max_age_days: 365,
    });
    expect((await start(tenant.secret_key)).state.path).toBe('A');
    const back = await svc.http('PUT', '/verify/v1/rules', {
      body: { content_category: 'adult', restricted_countries: null },
      headers: { 'x-api-key': tenant.secret_key },
    });
    expect(back.body.data).toMatchObject({ default_list: true, restricted_countries: ['KR', 'US'] });
  });

  it("rules are the secret key's; bad values are refused per field", async () => {
    expect((await svc.http('GET', '/verify/v1/rules', { headers: { 'x-api-key': tenant.public_key } })).body.error.code).toBe('AUTH_SECRET_KEY_REQUIRED');
    const bad = await svc.http('PUT', '/verify/v1/rules', { body: { content_category: 'casino' }, headers: { 'x-api-key': tenant.secret_key } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields[0].loc).toEqual(['body', 'content_category']);
    expect((await svc.http('PUT', '/verify/v1/rules', { body: { restricted_countries: ['USA'] }, headers: { 'x-api-key': tenant.secret_key } })).status).toBe(
      400,
    );
  });
});

/** TRUST_PROXY (docs/configuration.md): the visitor country comes from X-Forwarded-For only behind a trusted proxy. */
describe('the client address behind a load balancer (TRUST_PROXY)', () => {
  async function countryOf(overrides: Record<string, string>, forwardedFor: string) {
    const svc = await startTestService(BACKENDS[0], { IP_COUNTRY_DB: TEST_IP_COUNTRY_DB, ...overrides });
    try {
      const { secret_key } = await svc.createTenant();
      const i = await init(svc, secret_key);
      const s = await svc.http('POST', '/verify/v1/widget/sessions', { body: { token: i.body.data.token }, headers: { 'x-forwarded-for': forwardedFor } });
      const row = await svc.core.container.repositories.sessions.findByWidgetTokenHash(createHash('sha256').update(s.body.data.widget_session).digest('hex'));
      return row?.ipCountry;
    } finally {
      await svc.close();
    }
  }

  it('trusted proxy (loopback here): the forwarded address decides, 81.2.3.4 → DE', async () => {
    expect(await countryOf({ TRUST_PROXY: '127.0.0.1,::1' }, '81.2.3.4')).toBe('DE');
    expect(await countryOf({ TRUST_PROXY: '127.0.0.0/8,::1' }, '1.0.0.9')).toBe('AU');
  });

  it('no TRUST_PROXY: a client cannot choose its country with X-Forwarded-For (the socket decides: loopback → US)', async () => {
    expect(await countryOf({}, '81.2.3.4')).toBe('US');
  });
});
