import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../src/backends.ts';
import { inputValue } from './browser.ts';
import { PASSWORD, registerClient, signUpUser, startOAuthService, type OAuthService } from './oauth-fixture.ts';
import { authorizeUrl, exchange, getCode, introspect, pkce, tokenRequest, userinfo, type RpClient } from './flow-helpers.ts';

/** The user portal (spec §1 "User control"): consent grants only, revocation, deletion. */
describe.each(BACKENDS)('user portal ($name)', (backend) => {
  let svc: OAuthService;
  let a: RpClient;
  let b: RpClient;

  beforeAll(async () => {
    svc = await startOAuthService(backend);
    a = await registerClient(svc);
    b = await registerClient(svc, { name: 'Cinema Club' });
  });
  afterAll(() => svc?.close());

  it('sign-up, sign-in and page queries with U+0000 are 400 REQUEST_INVALID naming the field, never a 500', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const cases: [string, RequestInit, string[]][] = [
      ['/auth/signup', { method: 'POST', headers: form, body: 'display_name=a%00b&email=z%00@x.com&password=1234567890ab' }, ['body', 'display_name']],
      ['/auth/portal/login', { method: 'POST', headers: form, body: 'email=a%00@x.com&password=1234567890' }, ['body', 'email']],
      ['/auth/consent?uid=a%00b', {}, ['query', 'uid']],
    ];
    for (const [path, init, loc] of cases) {
      const res = await fetch(svc.issuer + path, { ...init, redirect: 'manual' });
      expect(res.status, path).toBe(400);
      const body = (await res.json()) as { error: { code: string; details: { fields: { loc: string[] }[] } } };
      expect(body.error.code).toBe('REQUEST_INVALID');
      expect(body.error.details.fields[0].loc).toEqual(loc);
    }
  });

  const portal = async (browser: Awaited<ReturnType<typeof signUpUser>>['browser']) => (await browser.get(`${svc.issuer}/auth/portal`)).text();

  it('C-CON-1: the portal lists consent grants only; revoking one stops its tokens at once', async () => {
    const { email, browser } = await signUpUser(svc);
    const { code, verifier } = await getCode(svc, a, email, { browser });
    const tokens = (await exchange(svc, a, code, verifier)).body;
    const page = await portal(browser);
    expect(page).toContain('Wine Shop');
    expect(page).not.toContain('Cinema Club');
    expect(page).not.toMatch(/verif(y|ication) (history|session)|xtk_|xit_/i);
    const clientId = inputValue(page, 'client_id');
    expect(clientId).toBe(a.client_id);
    const forged = await browser.post(`${svc.issuer}/auth/portal/grants/revoke`, { client_id: clientId, csrf: 'wrong' });
    expect(forged.status).toBe(303);
    expect((await introspect(svc, a, tokens.access_token)).body.active).toBe(true);
    const res = await browser.post(`${svc.issuer}/auth/portal/grants/revoke`, { client_id: clientId, csrf: inputValue(page, 'csrf') });
    expect(res.status).toBe(303);
    expect(await introspect(svc, a, tokens.access_token)).toEqual({ status: 200, body: { active: false } });
    expect((await userinfo(svc, tokens.access_token)).body.error).toBe('invalid_token');
    expect((await tokenRequest(svc, a, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).body.error).toBe('invalid_grant');
    expect(await portal(browser)).not.toContain('Wine Shop');
  });

  it('C-CON-1: two authorizations of one app from two browsers are one portal entry; revoking it stops both sets of tokens', async () => {
    const { email, browser: portalBrowser } = await signUpUser(svc);
    // Two separate sign-ins (no shared provider session), the second asking for more scopes.
    const first = await getCode(svc, a, email, { scope: 'openid profile' });
    const second = await getCode(svc, a, email, { scope: 'openid email' });
    const t1 = (await exchange(svc, a, first.code, first.verifier)).body;
    const t2 = (await exchange(svc, a, second.code, second.verifier)).body;
    expect(t2.scope).toBe('openid email');
    // A third sign-in asks for what is already granted: no consent screen, straight to the code.
    const third = await getCode(svc, a, email, { scope: 'openid profile email' });
    const t3 = (await exchange(svc, a, third.code, third.verifier)).body;
    const grants = await svc.sql.query<{ n: string }>(
      "SELECT count(*) AS n FROM oidc_payloads WHERE kind = 'Grant' AND client_id = $1 AND account_id = (SELECT id FROM oauth_users WHERE email = $2)",
      [a.client_id, email],
    );
    expect(Number(grants.rows[0].n)).toBe(1);

    const page = await portal(portalBrowser);
    expect(page.match(/Revoke access: Wine Shop/g)).toHaveLength(1);
    expect(page).toContain('Your display name'); // profile
    expect(page).toContain('Your email address'); // email
    const res = await portalBrowser.post(`${svc.issuer}/auth/portal/grants/revoke`, {
      client_id: inputValue(page, 'client_id'),
      csrf: inputValue(page, 'csrf'),
    });
    expect(res.status).toBe(303);
    for (const t of [t1, t2, t3]) {
      expect(await introspect(svc, a, t.access_token)).toEqual({ status: 200, body: { active: false } });
      expect(await introspect(svc, a, t.refresh_token)).toEqual({ status: 200, body: { active: false } });
      expect((await userinfo(svc, t.access_token)).status).toBe(401);
      expect((await tokenRequest(svc, a, { grant_type: 'refresh_token', refresh_token: t.refresh_token })).body.error).toBe('invalid_grant');
    }
    expect(await portal(portalBrowser)).not.toContain('Wine Shop');
  });

  it('C-CON-1: grants made before grants were reused (one per sign-in) show as one entry and are revoked together', async () => {
    const { email, userId, browser } = await signUpUser(svc);
    const first = await getCode(svc, a, email);
    const t1 = (await exchange(svc, a, first.code, first.verifier)).body;
    // Split the grant in two, as separate sign-ins made them before: the copy gets the second sign-in.
    const [grant] = (await svc.sql.query<{ id: string }>("SELECT id FROM oidc_payloads WHERE kind = 'Grant' AND account_id = $1", [userId])).rows;
    await svc.sql.query(
      "INSERT INTO oidc_payloads (id, kind, payload, grant_id, account_id, client_id, expires_at) SELECT 'legacy-' || id, kind, jsonb_set(payload, '{jti}', to_jsonb('legacy-' || id)), grant_id, account_id, client_id, expires_at - interval '1 day' FROM oidc_payloads WHERE kind = 'Grant' AND id = $1",
      [grant.id],
    );
    const page = await portal(browser);
    expect(page.match(/Revoke access: Wine Shop/g)).toHaveLength(1);
    await browser.post(`${svc.issuer}/auth/portal/grants/revoke`, { client_id: a.client_id, csrf: inputValue(page, 'csrf') });
    const left = await svc.sql.query<{ n: string }>('SELECT count(*) AS n FROM oidc_payloads WHERE account_id = $1', [userId]);
    expect(Number(left.rows[0].n)).toBe(0);
    expect((await introspect(svc, a, t1.access_token)).body).toEqual({ active: false });
  });

  it('C-CON-2: deleting the service ID removes the account, every grant, token and session', async () => {
    const { email, userId, browser } = await signUpUser(svc);
    const fromA = await getCode(svc, a, email, { browser });
    const fromB = await getCode(svc, b, email, { browser });
    const ta = (await exchange(svc, a, fromA.code, fromA.verifier)).body;
    const tb = (await exchange(svc, b, fromB.code, fromB.verifier)).body;
    const page = await portal(browser);
    expect(page).toContain('Wine Shop');
    expect(page).toContain('Cinema Club');
    const res = await browser.post(`${svc.issuer}/auth/portal/delete`, { csrf: inputValue(page, 'csrf'), confirm: 'yes' });
    expect(res.status).toBe(303);
    for (const [client, t] of [
      [a, ta],
      [b, tb],
    ] as const) {
      expect((await introspect(svc, client, t.access_token)).body).toEqual({ active: false });
      expect((await userinfo(svc, t.access_token)).status).toBe(401);
      expect((await tokenRequest(svc, client, { grant_type: 'refresh_token', refresh_token: t.refresh_token })).body.error).toBe('invalid_grant');
    }
    const left = await svc.sql.query<{ n: string }>(
      'SELECT (SELECT count(*) FROM oauth_users WHERE id = $1) + (SELECT count(*) FROM oidc_payloads WHERE account_id = $1) AS n',
      [userId],
    );
    expect(Number(left.rows[0].n)).toBe(0);
    // the browser's provider session is gone too: authorizing asks for a login again
    const again = await browser.follow(authorizeUrl(svc, a, { code_challenge: pkce().challenge, code_challenge_method: 'S256' }), svc.issuer);
    expect(new URL(again.url).pathname).toBe('/auth/consent');
    expect(await again.res.text()).toContain('name="password"');
    const login = await browser.post(`${svc.issuer}/auth/portal/login`, { email, password: PASSWORD });
    expect(login.status).toBe(401);
  });
});
