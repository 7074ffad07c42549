import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createLogger } from '@idgate/platform';
import { BACKENDS } from '../src/backends.ts';
import { CookieBrowser } from './browser.ts';
import { authorizeInBrowser, REDIRECT_URI, registerClient, signUpUser, startOAuthService, type OAuthService } from './oauth-fixture.ts';
import { authorizeUrl, exchange, pkce, type RpClient } from './flow-helpers.ts';

/**
 * RELIABILITY C-OIDF-5 (unknown parameters, prompt=none without a session, max_age) and
 * C-BCP-6 (a code_challenge reused across authorization requests is flagged).
 */
describe.each(BACKENDS)('authorization parameters ($name)', (backend) => {
  let svc: OAuthService;
  let rp: RpClient;
  let email: string;
  const logs: string[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write: (chunk, _enc, done) => {
        logs.push(String(chunk));
        done();
      },
    });
    svc = await startOAuthService(backend, {}, createLogger({ level: 'warn', component: 'test', destination: sink }));
    rp = await registerClient(svc);
    ({ email } = await signUpUser(svc));
  });
  afterAll(() => svc?.close());

  const withPkce = (params: Record<string, string> = {}) => {
    const p = pkce();
    return { url: authorizeUrl(svc, rp, { code_challenge: p.challenge, code_challenge_method: 'S256', ...params }), verifier: p.verifier };
  };
  const codeOf = (location: string) => new URL(location).searchParams.get('code');

  it('C-OIDF-5: unknown authorization parameters are ignored', async () => {
    const { url, verifier } = withPkce({ state: 'st-unknown', unknown_param: 'x', 'x-vendor-flag': '1' });
    const { location } = await authorizeInBrowser(svc, url, { email });
    expect(location.startsWith(REDIRECT_URI)).toBe(true);
    expect(new URL(location).searchParams.get('state')).toBe('st-unknown');
    expect((await exchange(svc, rp, codeOf(location)!, verifier)).status).toBe(200);
  });

  it('C-OIDF-5: prompt=none without a session redirects login_required to the registered URI, state kept', async () => {
    const { url } = withPkce({ prompt: 'none', state: 'st-none' });
    const res = await fetch(url, { redirect: 'manual' });
    expect([302, 303]).toContain(res.status);
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('error')).toBe('login_required');
    expect(location.searchParams.get('state')).toBe('st-none');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('C-OIDF-5: max_age=1 asks a signed-in user to log in again, and the ID token carries the new auth_time', async () => {
    const browser = new CookieBrowser();
    const first = withPkce();
    const firstLogin = await authorizeInBrowser(svc, first.url, { email, browser });
    const firstAuthTime = decodeJwt((await exchange(svc, rp, codeOf(firstLogin.location)!, first.verifier)).body.id_token).auth_time as number;

    // Signed in: a plain authorization request shows no login form.
    const plain = await browser.follow(withPkce().url, svc.issuer);
    expect(plain.url.startsWith(svc.issuer) ? await plain.res.text() : '').not.toContain('name="password"');

    await new Promise((r) => setTimeout(r, 2100));
    const again = withPkce({ max_age: '1' });
    const page = await browser.follow(again.url, svc.issuer);
    expect(page.url.startsWith(svc.issuer)).toBe(true);
    expect(await page.res.text()).toContain('name="password"');
    const { location } = await authorizeInBrowser(svc, again.url, { email, browser });
    const idToken = decodeJwt((await exchange(svc, rp, codeOf(location)!, again.verifier)).body.id_token);
    expect(idToken.auth_time).toBeGreaterThanOrEqual(firstAuthTime + 2);
  });

  const reuseWarnings = () => logs.filter((l) => l.includes('pkce.code_challenge_reused'));

  it('C-BCP-6: a code_challenge reused in another authorization request is flagged; one request resumed after login is not', async () => {
    const before = reuseWarnings().length;
    const { url } = withPkce({ state: 'st-once' });
    await authorizeInBrowser(svc, url, { email }); // authorize → login → consent → resume: one request
    await new Promise((r) => setTimeout(r, 100));
    expect(reuseWarnings()).toHaveLength(before);

    const p = pkce();
    for (const state of ['st-a', 'st-b']) {
      const res = await fetch(authorizeUrl(svc, rp, { state, code_challenge: p.challenge, code_challenge_method: 'S256' }), { redirect: 'manual' });
      expect(res.status).toBeLessThan(400); // flagged, not refused
    }
    await expect.poll(() => reuseWarnings().length).toBe(before + 1);
    const line = JSON.parse(reuseWarnings().at(-1)!);
    expect(line).toMatchObject({ clientId: rp.client_id, challengeDigest: expect.any(String) });
    expect(JSON.stringify(line)).not.toContain(p.challenge);
  });

  it("C-BCP-6: requests of an unknown client are not observed: its client_id (anyone's text) never reaches the log", async () => {
    const before = reuseWarnings().length;
    const p = pkce();
    for (const state of ['st-x', 'st-y']) {
      const url = new URL(authorizeUrl(svc, rp, { state, code_challenge: p.challenge, code_challenge_method: 'S256' }));
      url.searchParams.set('client_id', 'xoc_NotARegisteredClientMark');
      expect((await fetch(url, { redirect: 'manual' })).status).toBe(400);
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(reuseWarnings()).toHaveLength(before);
    expect(logs.join('\n')).not.toContain('NotARegisteredClientMark');
  });
});
