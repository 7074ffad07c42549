import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, init, pathA, SoftAuthenticator, startWidget, type TestService } from '../src/index.ts';
import { sql } from '../src/document-flows.ts';
import { startOAuthService } from '../oauth/oauth-fixture.ts';

type Tenant = Awaited<ReturnType<TestService['createTenant']>>;

const PASSWORD = 'correct horse battery';

/**
 * Path D end to end through HTTP (docs/decisions/service-ids.md): a pass on path A is saved to a
 * new service ID, which registers a passkey; a later session at another tenant passes with the
 * passkey alone (verification_type token, one billed Check), or steps up when the saved age or its
 * method does not meet the session or the project's reuse policy. The passkey is a software
 * authenticator (test/src/soft-authenticator.ts), the one external boundary.
 */
describe.each(BACKENDS)('service IDs and path D on $name', (backend) => {
  let svc: TestService;
  let shop: Tenant;
  let bar: Tenant;
  let strict: Tenant;
  let authenticator: SoftAuthenticator;
  const cookies: Record<string, string> = {};
  let email: string;

  beforeAll(async () => {
    // The issuer is where the service listens: the passkey's origin and relying party follow it.
    const oauth = await startOAuthService(backend, { RATE_LIMIT_WIDGET_PER_MINUTE: '100000' });
    svc = oauth;
    [shop, bar, strict] = [await svc.createTenant(), await svc.createTenant(), await svc.createTenant()];
    authenticator = new SoftAuthenticator({ origin: oauth.issuer, rpId: new URL(oauth.issuer).hostname });
    email = `pat-${backend.name.replace(/\W/g, '')}@example.org`;
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
  });

  const cookieHeader = () =>
    Object.entries(cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  const keep = (res: { headers: Headers }) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      cookies[pair.slice(0, i)] = pair.slice(i + 1);
    }
  };
  const form = async (path: string, fields: Record<string, string>) => {
    const res = await svc.http('POST', path, {
      rawBody: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader() },
    });
    keep(res);
    return res;
  };
  const widget = (ws: string, path: string, body?: unknown) =>
    svc.http('POST', `/verify/v1/widget/session/service-id/${path}`, { body, headers: { 'x-widget-session': ws, cookie: cookieHeader() } });
  const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1] ?? '';
  const checksBilled = async (t: Tenant) => {
    const ledger = await svc.admin('GET', `/admin/v1/tenants/${t.tenant_id}/ledger?month=2026-06`);
    return ledger.lines.find((l: { kind: string }) => l.kind === 'check')?.count ?? 0;
  };
  /** A fresh age-gated session at `t`, started with the first-party hint: path D first. */
  const tokenSession = async (t: Tenant, initBody: Record<string, unknown> = {}) => {
    const i = await init(svc, t.secret_key, initBody);
    const s = await svc.http('POST', '/verify/v1/widget/sessions', { body: { token: i.body.data.token }, headers: { cookie: cookieHeader() } });
    expect(s.status, s.text).toBe(200);
    return { initToken: i.body.data.token as string, ws: s.body.data.widget_session as string, state: s.body.data };
  };
  const assertion = async (ws: string) => {
    const options = await widget(ws, 'options');
    expect(options.status, options.text).toBe(200);
    return authenticator.assert(options.body.data);
  };

  it('a pass on path A offers its gate as a facial estimate; saving it creates a service ID with only bracket, method and date', async () => {
    const a = await pathA(svc, shop.secret_key);
    expect(a.verdict.body.data).toMatchObject({ session_status: 'success', service_account_offer: true, bracket_method: 'facial_estimate' });
    const resultToken = new URL(a.verdict.body.data.redirect_url).searchParams.get('token')!;

    const offer = await form('/auth/save', { result_token: resultToken });
    expect(offer.status, offer.text).toBe(200);
    expect(offer.text).toContain('Over 18');
    // The forms carry a ticket; the token stays on the server (only the way back to the site names it).
    expect(offer.text).not.toContain(`value="${resultToken}"`);
    const saved = await form('/auth/save/signup', { save: hidden(offer.text, 'save'), email, display_name: 'Pat', password: PASSWORD });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.text).toContain('id="saved"');
    expect(saved.text).toContain('https://shop.example/return');
    expect(cookies.idgate_service_id).toBe('1');

    const [user] = await sql(svc, 'SELECT id FROM oauth_users WHERE email = $1', [email]);
    const proofs = await sql(svc, 'SELECT * FROM service_id_age_proofs WHERE user_id = $1', [user.id]);
    expect(proofs.map(({ method, bracket, next_change_at }) => ({ method, bracket, next_change_at }))).toEqual([
      { method: 'facial_estimate', bracket: 18, next_change_at: null },
    ]);
    expect(Object.keys(proofs[0]).sort()).toEqual(['bracket', 'method', 'next_change_at', 'user_id', 'verified_at']);
    // Saved once: the same offer cannot be saved again, to this account or another.
    const again = await form('/auth/save', { result_token: resultToken });
    expect(again.status).toBe(409);
  });

  it('the service ID registers a passkey from its portal session', async () => {
    const portal = await svc.http('GET', '/auth/portal', { headers: { cookie: cookieHeader() } });
    const csrf = hidden(portal.text, 'csrf');
    expect(csrf).not.toBe('');
    const json = { cookie: cookieHeader(), 'x-csrf-token': csrf };
    const options = await svc.http('POST', '/auth/passkeys/register/options', { body: {}, headers: json });
    expect(options.status, options.text).toBe(200);
    const registered = await svc.http('POST', '/auth/passkeys/register', { body: { response: authenticator.register(options.body.data) }, headers: json });
    expect(registered.status, registered.text).toBe(201);
  });

  it('path D: a session at another tenant passes with the passkey alone, verification_type token, one Check', async () => {
    const before = await checksBilled(bar);
    const s = await tokenSession(bar);
    expect(s.state).toMatchObject({ path: 'D', step: 'service_id_required' });
    const passed = await widget(s.ws, 'assertion', { credential: await assertion(s.ws) });
    expect(passed.status, passed.text).toBe(200);
    expect(passed.body.data).toMatchObject({ session_status: 'success', path: 'D' });
    expect(passed.body.data.service_account_offer).toBeUndefined(); // nothing new to save
    const token = new URL(passed.body.data.redirect_url).searchParams.get('token')!;
    const result = await svc.http('GET', `/verify/v1/result/${token}`, { headers: { 'x-api-key': bar.secret_key } });
    expect(result.body.data).toMatchObject({ status: 'success', verified: true, verification_type: 'token' });
    expect(await checksBilled(bar)).toBe(before + 1);
  });

  it('one assertion passes one session once: a replay and a use at another session are refused', async () => {
    const s1 = await tokenSession(bar);
    const s2 = await tokenSession(bar);
    const credential = await assertion(s1.ws);
    // The challenge is spent by whichever arrives first, and only its own session can pass with it.
    const [other, own] = await Promise.all([widget(s2.ws, 'assertion', { credential }), widget(s1.ws, 'assertion', { credential })]);
    expect([other.status, other.body.error?.code]).toEqual([400, 'PASSKEY_CHALLENGE_INVALID']);
    expect([200, 400]).toContain(own.status);
    const replay = await widget(s1.ws, 'assertion', { credential });
    expect([replay.status, replay.body.error?.code]).toEqual([400, 'PASSKEY_CHALLENGE_INVALID']);
    const still = await svc.http('GET', '/verify/v1/widget/session', { headers: { 'x-widget-session': s2.ws } });
    expect(still.body.data).toMatchObject({ session_status: 'in_progress', step: 'service_id_required' });
  });

  it('20 parallel submissions of one assertion pass the session once and bill one Check', async () => {
    const before = await checksBilled(bar);
    const s = await tokenSession(bar);
    const credential = await assertion(s.ws);
    const answers = await Promise.all(Array.from({ length: 20 }, () => widget(s.ws, 'assertion', { credential })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await checksBilled(bar)).toBe(before + 1);
  });

  it('steps up when the saved age is below the gate, or its method is one the project refuses', async () => {
    const over21 = await tokenSession(bar, { min_age: 21 });
    const low = await widget(over21.ws, 'assertion', { credential: await assertion(over21.ws) });
    expect(low.body.data).toMatchObject({ session_status: 'in_progress', path: 'A', step: 'face_capture', service_id_step_up: 'bracket_below_gate' });
    expect(low.body.data.nonce).toMatch(/^xdn_/); // path A can run at once

    const put = await svc.http('PUT', '/verify/v1/rules', { body: { token_methods: ['wallet', 'document'] }, headers: { 'x-api-key': strict.secret_key } });
    expect(put.body.data).toMatchObject({ token_methods: ['document', 'wallet'], token_max_age_days: 365 });
    const s = await tokenSession(strict);
    const refused = await widget(s.ws, 'assertion', { credential: await assertion(s.ws) });
    expect(refused.body.data).toMatchObject({ session_status: 'in_progress', path: 'A', service_id_step_up: 'method_not_accepted' });
    expect(await checksBilled(strict)).toBe(0);
  });

  it('"verify another way" leaves the service-ID step for the path the rules pick; the hint cookie is what routes to D', async () => {
    const s = await tokenSession(bar);
    const declined = await widget(s.ws, 'decline');
    expect(declined.body.data).toMatchObject({ path: 'A', step: 'face_capture', service_id_step_up: 'declined' });
    const plain = await startWidget(svc, (await init(svc, bar.secret_key)).body.data.token);
    expect(plain.body.data).toMatchObject({ path: 'A' });
  });

  it('the age reaches OIDC and nothing links the service ID to a tenant or a session', async () => {
    const [user] = await sql(svc, 'SELECT * FROM oauth_users WHERE email = $1', [email]);
    expect(Object.keys(user).sort()).toEqual(['created_at', 'display_name', 'email', 'email_verified', 'id', 'password_hash']);
    const linked = await sql(
      svc,
      `SELECT 'sessions' AS t FROM sessions WHERE row_to_json(sessions)::text LIKE $1
       UNION ALL SELECT 'outbox' FROM outbox_events WHERE row_to_json(outbox_events)::text LIKE $1
       UNION ALL SELECT 'decisions' FROM session_decisions WHERE row_to_json(session_decisions)::text LIKE $1
       UNION ALL SELECT 'billing' FROM billing_events WHERE row_to_json(billing_events)::text LIKE $1`,
      [`%${user.id}%`],
    );
    expect(linked).toEqual([]);
    const passkeyColumns = Object.keys((await sql(svc, 'SELECT * FROM service_id_passkeys WHERE user_id = $1', [user.id]))[0]).sort();
    expect(passkeyColumns).toEqual([
      'backed_up',
      'created_at',
      'credential_id',
      'device_type',
      'id',
      'last_used_at',
      'name',
      'public_key',
      'sign_count',
      'transports',
      'user_id',
    ]);
  });

  it('deleting the service ID removes its proofs and passkeys and clears the hint; the passkey passes nothing any more', async () => {
    const [user] = await sql(svc, 'SELECT id FROM oauth_users WHERE email = $1', [email]);
    const portal = await svc.http('GET', '/auth/portal', { headers: { cookie: cookieHeader() } });
    const deleted = await fetch(`${svc.url}/auth/portal/delete`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader() },
      body: new URLSearchParams({ csrf: hidden(portal.text, 'csrf'), confirm: 'yes' }),
    });
    expect(deleted.status).toBe(303);
    expect(deleted.headers.getSetCookie().some((c) => c.startsWith('idgate_service_id=;') && c.includes('Max-Age=0'))).toBe(true);
    for (const table of ['oauth_users', 'service_id_age_proofs', 'service_id_passkeys'])
      expect(await sql(svc, `SELECT 1 FROM ${table} WHERE ${table === 'oauth_users' ? 'id' : 'user_id'} = $1`, [user.id]), table).toEqual([]);
    const s = await tokenSession(bar, {});
    const refused = await widget(s.ws, 'assertion', { credential: await assertion(s.ws) });
    expect([refused.status, refused.body.error?.code]).toEqual([401, 'PASSKEY_INVALID']);
  });
});
