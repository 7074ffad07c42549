import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../src/backends.ts';
import { CookieBrowser } from './browser.ts';
import { authorizeInBrowser, REDIRECT_URI, registerClient, startWithTwoClients, type OAuthService } from './oauth-fixture.ts';
import { authorizeUrl, exchange, getCode, introspect, pkce, tokenRequest, userinfo, type RpClient } from './flow-helpers.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const basic = (c: RpClient) => 'Basic ' + Buffer.from(`${encodeURIComponent(c.client_id)}:${encodeURIComponent(c.client_secret)}`).toString('base64');

/**
 * The token, revocation and introspection endpoints as a black box sees them (spec §4.2, §5,
 * §7.1; RELIABILITY C-REV-*, C-OIDF-1, RFC 6749 §5.1/§5.2, RFC 7009, RFC 8414), the
 * authorization endpoint by POST, and the client-secret lockout keyed on (address, client id).
 */
describe.each(BACKENDS)('OAuth endpoint contract ($name)', (backend) => {
  let svc: OAuthService;
  let a: RpClient;
  let b: RpClient;
  let email: string;

  beforeAll(async () => {
    ({ svc, a, b, email } = await startWithTwoClients(backend));
  });
  afterAll(() => svc?.close());

  /** POST /oauth/revoke with the given form and headers; status, headers and JSON. */
  const postRevoke = async (form: Record<string, string>, headers: Record<string, string> = {}) => {
    const res = await fetch(`${svc.issuer}/oauth/revoke`, { method: 'POST', headers: { ...FORM, ...headers }, body: new URLSearchParams(form) });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
  };
  const tokensFor = async (client: RpClient) => {
    const { code, verifier } = await getCode(svc, client, email);
    return (await exchange(svc, client, code, verifier)).body;
  };

  it('C-REV-1, C-REV-2: without client credentials a refresh token is revoked with its grant; the answer is always 200 {status:"ok"}', async () => {
    const t = await tokensFor(a);
    const res = await postRevoke({ token: t.refresh_token, token_type_hint: 'refresh_token' });
    expect([res.status, res.body]).toEqual([200, { status: 'ok' }]);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await introspect(svc, a, t.refresh_token)).toEqual({ status: 200, body: { active: false } });
    expect(await introspect(svc, a, t.access_token)).toEqual({ status: 200, body: { active: false } });
    expect((await userinfo(svc, t.access_token)).status).toBe(401);
    expect((await tokenRequest(svc, a, { grant_type: 'refresh_token', refresh_token: t.refresh_token })).body.error).toBe('invalid_grant');
    // Already revoked, unknown, a forged JWT, garbage: the same answer, nothing learnt.
    for (const token of [t.refresh_token, 'xort_unknown', `${t.access_token.split('.').slice(0, 2).join('.')}.${'A'.repeat(342)}`, 'x']) {
      const again = await postRevoke({ token });
      expect([again.status, again.body], token).toEqual([200, { status: 'ok' }]);
    }
  });

  it('C-REV-1: without client credentials an access token (the JWT) is revoked with its grant, as for an authenticated client', async () => {
    const t = await tokensFor(a);
    expect((await postRevoke({ token: t.access_token })).body).toEqual({ status: 'ok' });
    expect(await introspect(svc, a, t.access_token)).toEqual({ status: 200, body: { active: false } });
    expect((await userinfo(svc, t.access_token)).status).toBe(401);
    // RFC 7009 §2.1 lets revoking an access token revoke its refresh token; we always do (docs/oauth.md).
    expect(await introspect(svc, a, t.refresh_token)).toEqual({ status: 200, body: { active: false } });
    expect((await tokenRequest(svc, a, { grant_type: 'refresh_token', refresh_token: t.refresh_token })).body.error).toBe('invalid_grant');
  });

  it('revoking an access token with client authentication ends its grant too: code and docs agree on one rule', async () => {
    const t = await tokensFor(a);
    const other = await tokensFor(b); // the same user's grant to another app
    expect((await postRevoke({ token: t.access_token, client_id: a.client_id, client_secret: a.client_secret })).body).toEqual({ status: 'ok' });
    expect(await introspect(svc, a, t.access_token)).toEqual({ status: 200, body: { active: false } });
    expect(await introspect(svc, a, t.refresh_token)).toEqual({ status: 200, body: { active: false } });
    expect((await tokenRequest(svc, a, { grant_type: 'refresh_token', refresh_token: t.refresh_token })).body.error).toBe('invalid_grant');
    expect((await introspect(svc, b, other.access_token)).body.active).toBe(true);
    expect((await tokenRequest(svc, b, { grant_type: 'refresh_token', refresh_token: other.refresh_token })).status).toBe(200);
  });

  it('C-REV-1: without client credentials a token that no longer works (a rotated refresh token) changes nothing', async () => {
    const t = await tokensFor(a);
    const rotated = (await tokenRequest(svc, a, { grant_type: 'refresh_token', refresh_token: t.refresh_token })).body;
    expect((await postRevoke({ token: t.refresh_token, token_type_hint: 'refresh_token' })).body).toEqual({ status: 'ok' });
    // A stale copy of a refresh token cannot end the session it was rotated into.
    expect((await introspect(svc, a, rotated.refresh_token)).body.active).toBe(true);
    expect((await tokenRequest(svc, a, { grant_type: 'refresh_token', refresh_token: rotated.refresh_token })).status).toBe(200);
  });

  it("C-REV-3: a client_id sent alone must be the token's client; valid credentials of another client revoke nothing", async () => {
    const t = await tokensFor(a);
    expect((await postRevoke({ token: t.refresh_token, client_id: b.client_id })).body).toEqual({ status: 'ok' });
    expect((await postRevoke({ token: t.refresh_token, client_id: b.client_id, client_secret: b.client_secret })).body).toEqual({ status: 'ok' });
    expect((await postRevoke({ token: t.access_token }, { authorization: basic(b) })).body).toEqual({ status: 'ok' });
    expect((await introspect(svc, a, t.refresh_token)).body.active).toBe(true);
    expect((await introspect(svc, a, t.access_token)).body.active).toBe(true);
    expect((await postRevoke({ token: t.refresh_token, client_id: a.client_id })).status).toBe(200);
    expect((await introspect(svc, a, t.access_token)).body).toEqual({ active: false });
  });

  it('revoke: wrong client credentials are 401 invalid_client with WWW-Authenticate; a missing token is 400 invalid_request', async () => {
    const t = await tokensFor(a);
    for (const [form, headers] of [
      [{ token: t.refresh_token, client_id: a.client_id, client_secret: 'xocs_wrong' }, {}],
      [{ token: t.refresh_token }, { authorization: basic({ ...a, client_secret: 'xocs_wrong' }) }],
      [{ token: t.refresh_token, client_id: 'xoc_unknown', client_secret: 'xocs_wrong' }, {}],
    ] as const) {
      const res = await postRevoke(form, headers);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: 'invalid_client', error_description: expect.any(String) });
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect((await introspect(svc, a, t.refresh_token)).body.active).toBe(true);
    for (const [form, headers] of [
      [{}, {}],
      [{ token_type_hint: 'refresh_token' }, {}],
      [{ client_id: a.client_id, client_secret: a.client_secret }, {}],
      [{}, { authorization: basic(a) }],
    ] as const) {
      const res = await postRevoke(form, headers);
      expect([res.status, res.body.error], JSON.stringify(form)).toEqual([400, 'invalid_request']);
    }
    const twice = await fetch(`${svc.issuer}/oauth/revoke`, { method: 'POST', headers: FORM, body: 'token=a&token=b' });
    expect([twice.status, (await twice.json()).error]).toEqual([400, 'invalid_request']);
  });

  it('every 401 invalid_client carries WWW-Authenticate (client_secret_post, client_id only, none, HTML preferred)', async () => {
    const wrongPost = { client_id: a.client_id, client_secret: 'xocs_wrong' };
    for (const path of ['/oauth/token', '/oauth/introspect']) {
      const fields: Record<string, string> = path === '/oauth/token' ? { grant_type: 'refresh_token', refresh_token: 'xort_x' } : { token: 'xort_x' };
      const cases: [Record<string, string>, Record<string, string>][] = [
        [{ ...fields, ...wrongPost }, {}],
        [{ ...fields, client_id: a.client_id }, {}],
        [fields, {}],
        [{ ...fields, ...wrongPost }, { accept: 'text/html' }],
      ];
      for (const [form, headers] of cases) {
        const res = await fetch(svc.issuer + path, { method: 'POST', headers: { ...FORM, ...headers }, body: new URLSearchParams(form) });
        const what = `${path} ${JSON.stringify(form)} ${JSON.stringify(headers)}`;
        expect(res.status, what).toBe(401);
        expect(res.headers.get('content-type'), what).toMatch(/^application\/json/);
        expect(await res.json(), what).toMatchObject({ error: 'invalid_client', error_description: expect.any(String) });
        expect(res.headers.get('www-authenticate'), what).toMatch(/^Basic realm="/);
        expect(res.headers.get('cache-control'), what).toBe('no-store');
      }
    }
  });

  it('RFC 6749 §5.1: token responses carry Cache-Control: no-store and Pragma: no-cache; introspection and revocation no-store', async () => {
    const { code, verifier } = await getCode(svc, a, email);
    const ok = await exchange(svc, a, code, verifier);
    expect(ok.status).toBe(200);
    const failed = await exchange(svc, a, code, verifier);
    expect(failed.status).toBe(400);
    for (const res of [ok, failed]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('pragma')).toBe('no-cache');
    }
    const intro = await fetch(`${svc.issuer}/oauth/introspect`, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ token: 'x', client_id: a.client_id, client_secret: a.client_secret }),
    });
    expect(intro.headers.get('cache-control')).toBe('no-store');
    const rev = await fetch(`${svc.issuer}/oauth/revoke`, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ token: 'x', client_id: a.client_id, client_secret: a.client_secret }),
    });
    expect([rev.status, rev.headers.get('cache-control')]).toEqual([200, 'no-store']);
  });

  it('C-OIDF-1 (OIDCCEnsurePostRequestSucceeds): an authorization request by POST succeeds, also for a signed-in browser', async () => {
    const p = pkce();
    const params = Object.fromEntries(
      new URL(authorizeUrl(svc, a, { state: 'st-post', nonce: 'n-post', code_challenge: p.challenge, code_challenge_method: 'S256' })).searchParams,
    );
    const browser = new CookieBrowser();
    const posted = await browser.post(`${svc.issuer}/oauth/authorize`, params);
    expect(posted.status).toBe(303);
    const again = new URL(posted.headers.get('location')!);
    expect(again.origin + again.pathname).toBe(`${svc.issuer}/oauth/authorize`);
    expect(Object.fromEntries(again.searchParams)).toEqual(params);
    const { location } = await authorizeInBrowser(svc, again.href, { email, browser });
    const back = new URL(location);
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('st-post');
    expect((await exchange(svc, a, back.searchParams.get('code')!, p.verifier)).status).toBe(200);

    // Signed in (the provider's session cookie): a second POST request goes straight back with a code.
    const q = pkce();
    const second = await browser.post(`${svc.issuer}/oauth/authorize`, { ...params, state: 'st-post-2', code_challenge: q.challenge });
    const done = await browser.follow(
      new URL(second.headers.get('location')!).href,
      svc.issuer,
      await browser.get(new URL(second.headers.get('location')!).href),
    );
    const code = new URL(done.url).searchParams.get('code');
    expect(code).toMatch(/^xoac_/);
    expect((await exchange(svc, a, code!, q.verifier)).status).toBe(200);

    const json = await fetch(`${svc.issuer}/oauth/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
    });
    expect([json.status, (await json.json()).error]).toEqual([400, 'invalid_request']);
  });

  it('U+0000 in an OAuth parameter names nothing and stores nothing: the usual OAuth answer, never a 500, never a code', async () => {
    const post = async (path: string, body: string, headers: Record<string, string> = {}) => {
      const res = await fetch(svc.issuer + path, { method: 'POST', headers: { ...FORM, ...headers }, body });
      return [res.status, (await res.json()) as Record<string, unknown>] as const;
    };
    expect(await post('/oauth/token', 'grant_type=refresh_token&refresh_token=a%00b', { authorization: basic(a) })).toEqual([
      400,
      expect.objectContaining({ error: 'invalid_grant' }),
    ]);
    expect(await post('/oauth/token', 'grant_type=refresh_token&refresh_token=x&client_id=xoc_%00&client_secret=y')).toEqual([
      401,
      expect.objectContaining({ error: 'invalid_client' }),
    ]);
    expect(await post('/oauth/introspect', 'token=a%00b', { authorization: basic(a) })).toEqual([200, { active: false }]);
    expect(await post('/oauth/revoke', 'token=a%00b')).toEqual([200, { status: 'ok' }]);
    // An unknown client (its id holds U+0000): the error page, no redirect.
    const unknown = await fetch(authorizeUrl(svc, a, { client_id: 'xoc_\u0000' }), { redirect: 'manual' });
    expect([unknown.status, unknown.headers.get('location')]).toEqual([400, null]);
    // A nonce that could not be stored: refused at once with the client's redirect, before any code exists.
    const { challenge } = pkce();
    const nonce = await fetch(authorizeUrl(svc, a, { nonce: 'n\u0000n', state: 'st-nul', code_challenge: challenge, code_challenge_method: 'S256' }), {
      redirect: 'manual',
    });
    const back = new URL(nonce.headers.get('location') ?? 'http://none/');
    expect([nonce.status, back.searchParams.get('error'), back.searchParams.get('state'), back.searchParams.get('code')]).toEqual([
      303,
      'invalid_request',
      'st-nul',
      null,
    ]);
  });

  it('a wrong method on an OAuth endpoint is 405 in JSON with the right methods in Allow; a plain OPTIONS is 204 with Allow', async () => {
    for (const [path, method, allow] of [
      ['/oauth/token', 'GET', 'OPTIONS, POST'],
      ['/oauth/token', 'PUT', 'OPTIONS, POST'],
      ['/oauth/revoke', 'GET', 'OPTIONS, POST'],
      ['/oauth/introspect', 'GET', 'OPTIONS, POST'],
      ['/oauth/userinfo', 'DELETE', 'GET, HEAD, OPTIONS, POST'],
    ]) {
      const res = await fetch(svc.issuer + path, { method });
      expect([res.status, res.headers.get('allow')], `${method} ${path}`).toEqual([405, allow]);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('METHOD_NOT_ALLOWED');
    }
    const options = await fetch(`${svc.issuer}/oauth/token`, { method: 'OPTIONS' });
    expect([options.status, options.headers.get('allow')]).toEqual([204, 'POST, OPTIONS']);
    expect((await fetch(`${svc.issuer}/oauth/no-such-endpoint`)).status).toBe(404);
  });

  it('RFC 8414: /.well-known/oauth-authorization-server serves the discovery document', async () => {
    const oidc = await (await fetch(`${svc.issuer}/.well-known/openid-configuration`)).json();
    const res = await fetch(`${svc.issuer}/.well-known/oauth-authorization-server`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(oidc);
  });

  it('/openapi.json documents the OAuth endpoints with their parameters, bodies, responses and error codes', async () => {
    const doc = await (await fetch(`${svc.issuer}/openapi.json`)).json();
    for (const [path, methods] of Object.entries({
      '/oauth/authorize': ['get', 'post'],
      '/oauth/token': ['post'],
      '/oauth/userinfo': ['get', 'post'],
      '/oauth/revoke': ['post'],
      '/oauth/introspect': ['post'],
      '/.well-known/openid-configuration': ['get'],
      '/.well-known/oauth-authorization-server': ['get'],
      '/.well-known/jwks.json': ['get'],
    })) {
      for (const m of methods) expect(doc.paths[path]?.[m], `${m} ${path}`).toMatchObject({ tags: ['oauth'], responses: expect.any(Object) });
    }
    expect(doc.paths['/oauth/authorize'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'nonce', 'code_challenge', 'code_challenge_method']),
    );
    expect(Object.keys(doc.paths['/oauth/authorize'].get.responses)).toEqual(expect.arrayContaining(['302', '303', '400']));
    const token = doc.paths['/oauth/token'].post;
    expect(Object.keys(token.requestBody.content)).toEqual(['application/x-www-form-urlencoded']);
    expect(Object.keys(token.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
    expect(token.responses['400'].content['application/json'].schema.properties.error.enum).toEqual(
      expect.arrayContaining(['invalid_request', 'invalid_grant', 'unsupported_grant_type']),
    );
    expect(token.responses['401'].content['application/json'].schema.properties.error.enum).toEqual(['invalid_client']);
    expect(doc.paths['/oauth/userinfo'].get.responses['401'].content['application/json'].schema.properties.error.enum).toEqual(['invalid_token']);
    expect(doc.paths['/oauth/revoke'].post.requestBody.content['application/x-www-form-urlencoded'].schema.required).toEqual(['token']);
    expect(doc.components.securitySchemes).toHaveProperty('clientBasic');
  });

  // Last: it leaves client `c` blocked from this address for the rest of the minute.
  it('the client-secret lockout keys on (address, client id): other clients and revocations without credentials go on', async () => {
    const c = await registerClient(svc, { name: 'Noisy Shop' });
    const t = await tokensFor(c);
    const wrong = { ...c, client_secret: 'xocs_wrong' };
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await tokenRequest(svc, wrong, { grant_type: 'refresh_token', refresh_token: 'x' })).status);
    expect(statuses).toEqual(Array(10).fill(401));
    for (const res of [
      await tokenRequest(svc, c, { grant_type: 'refresh_token', refresh_token: t.refresh_token }),
      await tokenRequest(svc, c, { grant_type: 'refresh_token', refresh_token: t.refresh_token }, 'basic'),
    ]) {
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ error: 'temporarily_unavailable', error_description: expect.any(String) });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('pragma')).toBe('no-cache');
    }
    const introspectLocked = await fetch(`${svc.issuer}/oauth/introspect`, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ token: t.access_token, client_id: c.client_id, client_secret: c.client_secret }),
    });
    expect([introspectLocked.status, introspectLocked.headers.get('cache-control')]).toEqual([429, 'no-store']);
    const revokeLocked = await postRevoke({ token: t.access_token, client_id: c.client_id, client_secret: c.client_secret });
    expect([revokeLocked.status, revokeLocked.headers.get('cache-control')]).toEqual([429, 'no-store']);
    // Another client behind the same address is not affected.
    const other = await tokensFor(b);
    expect((await tokenRequest(svc, b, { grant_type: 'refresh_token', refresh_token: other.refresh_token })).status).toBe(200);
    expect((await introspect(svc, b, other.access_token)).status).toBe(200);
    // A revocation without client credentials authenticates nothing: never locked out.
    const revoked = await postRevoke({ token: t.refresh_token });
    expect([revoked.status, revoked.body]).toEqual([200, { status: 'ok' }]);
    expect(Number((await svc.sql.query<{ n: string }>('SELECT count(*) AS n FROM oidc_payloads WHERE client_id = $1', [c.client_id])).rows[0].n)).toBe(0);
  });
});
