import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeProtectedHeader } from 'jose';
import { BACKENDS } from '../src/backends.ts';
import { authorizeInBrowser, REDIRECT_URI, startWithTwoClients, type OAuthService } from './oauth-fixture.ts';
import { authorizeUrl, exchange, getCode, introspect, pkce, revoke, tokenRequest, userinfo, type RpClient } from './flow-helpers.ts';

/** Negative tests from RFC 9700 and the OpenID conformance suite (RELIABILITY.md §1-2). */
describe.each(BACKENDS)('OAuth security checks ($name)', (backend) => {
  let svc: OAuthService;
  let a: RpClient;
  let b: RpClient;
  let email: string;

  beforeAll(async () => {
    ({ svc, a, b, email } = await startWithTwoClients(backend));
  });
  afterAll(() => svc?.close());
  afterEach(() => vi.useRealTimers());

  const expectOAuthError = (body: Record<string, unknown>, error: string) =>
    expect(body).toEqual(expect.objectContaining({ error, error_description: expect.any(String) }));

  it('C-OIDF-2, C-OIDF-3: a reused code is 400 invalid_grant (JSON) and revokes what the first exchange issued', async () => {
    const { code, verifier } = await getCode(svc, a, email);
    const first = await exchange(svc, a, code, verifier);
    expect(first.status).toBe(200);
    expect((await userinfo(svc, first.body.access_token)).status).toBe(200);
    const second = await exchange(svc, a, code, verifier);
    expect(second.status).toBe(400);
    expect(second.headers.get('content-type')).toMatch(/^application\/json/);
    expectOAuthError(second.body, 'invalid_grant');
    const after = await userinfo(svc, first.body.access_token);
    expect(after.status).toBe(401);
    expectOAuthError(after.body, 'invalid_token');
    expect((await tokenRequest(svc, a, { grant_type: 'refresh_token', refresh_token: first.body.refresh_token })).body.error).toBe('invalid_grant');
  });

  it('C-OIDF-2 race: one code redeemed in parallel gives one token response; the others are invalid_grant and revoke it', async () => {
    const { code, verifier } = await getCode(svc, a, email);
    const answers = await Promise.all(Array.from({ length: 4 }, () => exchange(svc, a, code, verifier)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    for (const r of answers.filter((x) => x.status === 400)) expectOAuthError(r.body, 'invalid_grant');
    const winner = answers.find((r) => r.status === 200)!.body;
    // a lost race is a reuse like a late one: what the winner got stops working
    expect((await userinfo(svc, winner.access_token)).status).toBe(401);
    expect((await introspect(svc, a, winner.access_token)).body).toEqual({ active: false });
    expect((await tokenRequest(svc, a, { grant_type: 'refresh_token', refresh_token: winner.refresh_token })).body.error).toBe('invalid_grant');
  });

  it('C-BCP-7 race: one refresh token used in parallel rotates once; the others are invalid_grant and revoke the grant', async () => {
    const { code, verifier } = await getCode(svc, a, email);
    const first = (await exchange(svc, a, code, verifier)).body;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => tokenRequest(svc, a, { grant_type: 'refresh_token', refresh_token: first.refresh_token })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    for (const r of answers.filter((x) => x.status === 400)) expectOAuthError(r.body, 'invalid_grant');
    const winner = answers.find((r) => r.status === 200)!.body;
    expect((await userinfo(svc, winner.access_token)).status).toBe(401);
    expect((await tokenRequest(svc, a, { grant_type: 'refresh_token', refresh_token: winner.refresh_token })).body.error).toBe('invalid_grant');
  });

  it('C-OIDF-7, C-BCP-4: wrong or missing code_verifier is invalid_grant', async () => {
    const wrong = await getCode(svc, a, email);
    expectOAuthError((await exchange(svc, a, wrong.code, pkce().verifier)).body, 'invalid_grant');
    const missing = await getCode(svc, a, email);
    const res = await exchange(svc, a, missing.code, undefined);
    expect(res.status).toBe(400);
    expectOAuthError(res.body, 'invalid_grant');
  });

  it('C-BCP-5: authorization requests without PKCE, with plain, or without a method are refused; state comes back', async () => {
    const { challenge } = pkce();
    for (const params of [{}, { code_challenge: challenge, code_challenge_method: 'plain' }, { code_challenge: challenge }]) {
      const res = await fetch(authorizeUrl(svc, a, { state: 'keep-me', ...params }), { redirect: 'manual' });
      expect(res.status).toBe(303);
      const to = new URL(res.headers.get('location')!);
      expect(to.origin + to.pathname).toBe(REDIRECT_URI);
      expect(to.searchParams.get('error')).toBe('invalid_request');
      expect(to.searchParams.get('error_description')).toBeTruthy();
      expect(to.searchParams.get('state')).toBe('keep-me');
    }
  });

  it('an age_verification request without openid is invalid_scope that names openid, never an internal client setting', async () => {
    const { challenge } = pkce();
    for (const scope of ['age_verification', 'profile email']) {
      const res = await fetch(authorizeUrl(svc, a, { state: 'keep-me', scope, code_challenge: challenge, code_challenge_method: 'S256' }), {
        redirect: 'manual',
      });
      expect(res.status).toBe(303);
      const to = new URL(res.headers.get('location')!);
      expect(to.origin + to.pathname).toBe(REDIRECT_URI);
      expect(to.searchParams.get('error')).toBe('invalid_scope');
      expect(to.searchParams.get('error_description')).toContain('openid scope is required');
      expect(to.searchParams.get('error_description')).not.toContain('require_auth_time');
      expect(to.searchParams.get('state')).toBe('keep-me');
      expect(to.searchParams.get('iss')).toBe(svc.issuer);
    }
  });

  it('C-OIDF-4, C-BCP-1, C-BCP-3: redirect_uri variants and unknown clients get an error page, never a redirect', async () => {
    const variants = [
      'https://rp.example/callback/',
      'https://rp.example/Callback',
      'https://rp.example/callback?x=1',
      'https://rp.example/callback#f',
      'https://rp.example:8443/callback',
      'http://rp.example/callback',
      'https://evil.rp.example/callback',
      'https://attacker.example/steal',
    ];
    const { challenge } = pkce();
    for (const redirect_uri of variants) {
      const res = await fetch(authorizeUrl(svc, a, { redirect_uri, code_challenge: challenge, code_challenge_method: 'S256' }), {
        redirect: 'manual',
        headers: { accept: 'text/html' },
      });
      expect(res.status, redirect_uri).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toContain('redirect_uri');
    }
    const unknown = await fetch(
      authorizeUrl(
        svc,
        { client_id: 'xoc_unknown', client_secret: '' },
        { redirect_uri: 'https://attacker.example/steal', code_challenge: challenge, code_challenge_method: 'S256' },
      ),
      { redirect: 'manual' },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('location')).toBeNull();
  });

  it('redirect_uri at the token endpoint must match the one of the authorization request', async () => {
    const { code, verifier } = await getCode(svc, a, email);
    expectOAuthError((await exchange(svc, a, code, verifier, 'https://rp.example/other')).body, 'invalid_grant');
  });

  it('C-BCP-10: a code of client A cannot be redeemed by client B; a token of A is inactive for B (C-REV-3: B cannot revoke it)', async () => {
    const { code, verifier } = await getCode(svc, a, email);
    const stolen = await exchange(svc, b, code, verifier);
    expect(stolen.status).toBe(400);
    expectOAuthError(stolen.body, 'invalid_grant');
    const mine = await getCode(svc, a, email);
    const tokens = (await exchange(svc, a, mine.code, mine.verifier)).body;
    expect(await introspect(svc, b, tokens.access_token)).toEqual({ status: 200, body: { active: false } });
    expect(await revoke(svc, b, tokens.access_token)).toEqual({ status: 200, body: { status: 'ok' } });
    expect((await introspect(svc, a, tokens.access_token)).body.active).toBe(true);
    expect((await userinfo(svc, tokens.access_token)).status).toBe(200);
  });

  it('C-BCP-11: an ID token or a forged JWT is not an access token at userinfo', async () => {
    const { code, verifier } = await getCode(svc, a, email);
    const tokens = (await exchange(svc, a, code, verifier)).body;
    // The bare jti inside a valid access token is not a bearer credential either.
    const jti = JSON.parse(Buffer.from(tokens.access_token.split('.')[1], 'base64url').toString('utf8')).jti as string;
    expect(typeof jti).toBe('string');
    for (const bad of [tokens.id_token, `${tokens.access_token.split('.').slice(0, 2).join('.')}.${'A'.repeat(342)}`, 'not-a-token', jti]) {
      const res = await userinfo(svc, bad);
      expect(res.status).toBe(401);
      expectOAuthError(res.body, 'invalid_token');
    }
  });

  it('C-BCP-8: password grant and implicit response types are refused', async () => {
    const pw = await tokenRequest(svc, a, { grant_type: 'password', username: email, password: 'x' });
    expect(pw.status).toBe(400);
    expectOAuthError(pw.body, 'unsupported_grant_type');
    const { challenge } = pkce();
    const implicit = await fetch(authorizeUrl(svc, a, { response_type: 'token', state: 's9', code_challenge: challenge, code_challenge_method: 'S256' }), {
      redirect: 'manual',
    });
    const to = new URL(implicit.headers.get('location')!);
    // errors of a token response type travel in the fragment (response_mode=fragment)
    const answer = new URLSearchParams(to.hash.slice(1) || to.search);
    expect(answer.get('error')).toBe('unsupported_response_type');
    expect(answer.get('state')).toBe('s9');
  });

  it('C-BCP-9: no CORS at the authorization endpoint; discovery and JWKS allow it', async () => {
    const pre = await fetch(`${svc.issuer}/oauth/authorize`, {
      method: 'OPTIONS',
      headers: { origin: 'https://rp.example', 'access-control-request-method': 'GET' },
    });
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    const disco = await fetch(`${svc.issuer}/.well-known/openid-configuration`, { headers: { origin: 'https://any.example' } });
    expect(disco.headers.get('access-control-allow-origin')).toBe('https://any.example');
    const jwks = await fetch(`${svc.issuer}/.well-known/jwks.json`, { headers: { origin: 'https://any.example' } });
    expect(jwks.headers.get('access-control-allow-origin')).toBe('https://any.example');
  });

  it('deny on the consent screen → error=access_denied with error_description and state', async () => {
    const { challenge } = pkce();
    const url = authorizeUrl(svc, b, { state: 'deny-state', code_challenge: challenge, code_challenge_method: 'S256' });
    const { location } = await authorizeInBrowser(svc, url, { email, decision: 'deny' });
    const to = new URL(location);
    expect(to.origin + to.pathname).toBe(REDIRECT_URI);
    expect(to.searchParams.get('error')).toBe('access_denied');
    expect(to.searchParams.get('error_description')).toBeTruthy();
    expect(to.searchParams.get('state')).toBe('deny-state');
  });

  it('expired authorization code, access token and refresh token are refused (moved clock)', async () => {
    const stale = await getCode(svc, a, email);
    const live = await getCode(svc, a, email);
    const tokens = (await exchange(svc, a, live.code, live.verifier)).body;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 60_000); // codes live 60 s
    expectOAuthError((await exchange(svc, a, stale.code, stale.verifier)).body, 'invalid_grant');
    vi.setSystemTime(Date.now() + 2 * 3600_000); // access tokens live 3600 s
    const expired = await userinfo(svc, tokens.access_token);
    expect(expired.status).toBe(401);
    expectOAuthError(expired.body, 'invalid_token');
    expect((await introspect(svc, a, tokens.access_token)).body).toEqual({ active: false });
    vi.setSystemTime(Date.now() + 31 * 24 * 3600_000); // refresh tokens live 30 days
    expectOAuthError((await tokenRequest(svc, a, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).body, 'invalid_grant');
  });

  it('C-BCP-2: the admin API refuses non-loopback http, fragments and unknown tenants', async () => {
    const tenant = await svc.createTenant();
    const post = (body: Record<string, unknown>) =>
      svc.http('POST', '/admin/v1/oauth-clients', {
        body: { tenant_id: tenant.tenant_id, name: 'X', ...body },
        headers: { authorization: 'Bearer adm_test_token_0123456789abcdef' },
      });
    for (const uri of ['http://rp.example/cb', 'https://rp.example/cb#frag', 'javascript:alert(1)', 'rp.example/cb']) {
      const res = await post({ redirect_uris: [uri] });
      expect([res.status, res.body.error.code], uri).toEqual([400, 'OAUTH_REDIRECT_URI_INVALID']);
    }
    expect((await post({ redirect_uris: ['http://127.0.0.1:7000/cb'] })).status).toBe(200);
    const unknown = await svc.http('POST', '/admin/v1/oauth-clients', {
      body: { tenant_id: 'ten_nope', name: 'X', redirect_uris: ['https://a.example/cb'] },
      headers: { authorization: 'Bearer adm_test_token_0123456789abcdef' },
    });
    expect(unknown.status).toBe(404);
    const created = await post({ redirect_uris: ['https://a.example/cb'] });
    expect(Object.keys(created.body).sort()).toEqual(['client_id', 'client_secret']);
    expect(created.body.client_id).toMatch(/^xoc_/);
    expect(created.body.client_secret).toMatch(/^xocs_/);
  });

  it('C-OIDF-8: after key rotation new tokens use the new key, the old key stays published and its tokens still verify', async () => {
    const before = await getCode(svc, a, email);
    const old = (await exchange(svc, a, before.code, before.verifier)).body;
    const oldKid = decodeProtectedHeader(old.id_token).kid;
    const { kid } = await svc.admin('POST', '/admin/v1/oauth/signing-keys/rotate');
    expect(kid).not.toBe(oldKid);
    const after = await getCode(svc, a, email);
    const fresh = (await exchange(svc, a, after.code, after.verifier)).body;
    expect(decodeProtectedHeader(fresh.id_token).kid).toBe(kid);
    expect(decodeProtectedHeader(fresh.access_token).kid).toBe(kid);
    const { keys } = await (await fetch(`${svc.issuer}/.well-known/jwks.json`)).json();
    expect(keys.map((k: { kid: string }) => k.kid)).toEqual([kid, oldKid]);
    expect((await userinfo(svc, old.access_token)).status).toBe(200);
  });

  // Last: it leaves client a blocked from this address for the rest of the minute.
  it('the token endpoint is rate limited against client-secret brute force (429 with Retry-After), per address and client id', async () => {
    const wrong = { ...a, client_secret: 'xocs_wrong' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await tokenRequest(svc, wrong, { grant_type: 'refresh_token', refresh_token: 'x' })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    const limited = await tokenRequest(svc, a, { grant_type: 'refresh_token', refresh_token: 'x' }, 'basic');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expectOAuthError(limited.body, 'temporarily_unavailable');
    // Client b behind the same address is not locked out (it gets to the grant check).
    expectOAuthError((await tokenRequest(svc, b, { grant_type: 'refresh_token', refresh_token: 'x' })).body, 'invalid_grant');
  });
});
