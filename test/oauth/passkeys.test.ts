import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PasskeyService, type RelyingPartySettings } from '@idgate/oauth';
import { BACKENDS } from '../src/backends.ts';
import { SoftAuthenticator } from '../src/soft-authenticator.ts';
import { CookieBrowser, inputValue } from './browser.ts';
import { PASSWORD, registerClient, signUpUser, startOAuthService, type OAuthService } from './oauth-fixture.ts';
import { authorizeUrl, exchange, pkce, type RpClient } from './flow-helpers.ts';

/**
 * Passkeys of service IDs (docs/oauth.md "Passkeys") through the JSON endpoints and the pages'
 * forms, with a software authenticator: registration, discoverable sign-in at the portal and at
 * the consent screen, removal, and the refusals (replay, another binding, parallel replays,
 * counter regression, malformed input, the sign-in throttle).
 */
describe.each(BACKENDS)('passkeys ($name)', (backend) => {
  let svc: OAuthService;
  let rp: RpClient;
  let origin: string;
  let rpId: string;

  beforeAll(async () => {
    // Each test signs in from its own client address (X-Forwarded-For) so their failures do not share the throttle.
    svc = await startOAuthService(backend, { TRUST_PROXY: '127.0.0.1' });
    rp = await registerClient(svc);
    origin = new URL(svc.issuer).origin;
    rpId = new URL(svc.issuer).hostname;
  });
  afterAll(() => svc?.close());

  const address = () => `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
  const authenticator = () => new SoftAuthenticator({ origin, rpId });

  /**
   * A signed-up user with a portal session, its CSRF token and `count` passkeys, each on its own
   * authenticator (one refuses a second credential for the same account: excludeCredentials).
   */
  async function userWithPasskeys(count = 1) {
    const user = await signUpUser(svc);
    const csrf = inputValue(await (await user.browser.get(`${svc.issuer}/auth/portal`)).text(), 'csrf');
    const added = [];
    const auths = Array.from({ length: count }, authenticator);
    for (const [i, auth] of auths.entries()) {
      const options = await user.browser.json('POST', `${svc.issuer}/auth/passkeys/register/options`, {}, { 'x-csrf-token': csrf });
      expect(options.status).toBe(200);
      expect(options.body.data.rp.id).toBe(rpId);
      const created = await user.browser.json(
        'POST',
        `${svc.issuer}/auth/passkeys/register`,
        { response: auth.register(options.body.data), name: `Key ${i + 1}` },
        { 'x-csrf-token': csrf },
      );
      expect(created.status).toBe(201);
      added.push(created.body.data as { id: string; name: string });
    }
    return { ...user, csrf, auths, auth: auths[0], added };
  }

  /** A portal passkey sign-in in a fresh browser: options (sets the binding cookie), then the assertion. */
  async function portalSignIn(auth: SoftAuthenticator, ip = address()) {
    const browser = new CookieBrowser();
    const headers = { 'x-forwarded-for': ip };
    const options = await browser.json('POST', `${svc.issuer}/auth/passkeys/login/options`, {}, headers);
    expect(options.status).toBe(200);
    const response = auth.assert(options.body.data);
    const result = await browser.json('POST', `${svc.issuer}/auth/passkeys/login`, { response }, headers);
    return { browser, options: options.body.data, response, result, headers };
  }

  it('registers several passkeys, lists them, and signs in to the portal with each', async () => {
    const user = await userWithPasskeys(2);
    const listed = await user.browser.json('GET', `${svc.issuer}/auth/passkeys`);
    expect(listed.body.data.map((p: { name: string }) => p.name)).toEqual(['Key 1', 'Key 2']);
    expect(listed.body.data[0]).not.toHaveProperty('publicKey');
    const portal = await (await user.browser.get(`${svc.issuer}/auth/portal`)).text();
    expect(portal).toContain('Key 1');
    expect(portal).toContain('Remove: Key 2');

    for (const auth of user.auths) {
      const browser = new CookieBrowser();
      const options = await browser.json('POST', `${svc.issuer}/auth/passkeys/login/options`, {});
      expect(options.body.data.allowCredentials).toEqual([]);
      expect(options.body.data.userVerification).toBe('preferred');
      const signedIn = await browser.json('POST', `${svc.issuer}/auth/passkeys/login`, { response: auth.assert(options.body.data) });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.data.redirect_to).toBe('/auth/portal');
      expect(await (await browser.get(`${svc.issuer}/auth/portal`)).text()).toContain(user.email);
    }
    const after = await user.browser.json('GET', `${svc.issuer}/auth/passkeys`);
    expect(after.body.data.every((p: { lastUsedAt: string | null }) => p.lastUsedAt !== null)).toBe(true);
  });

  it('a removed passkey can no longer sign in; the other one still can', async () => {
    const user = await userWithPasskeys(2);
    const removed = await user.browser.post(`${svc.issuer}/auth/portal/passkeys/remove`, { csrf: user.csrf, passkey_id: user.added[1].id });
    expect(removed.status).toBe(303);
    expect(removed.headers.get('location')).toBe('/auth/portal?notice=passkeyRemoved');
    // Someone else's session cannot remove it (no CSRF token, or another account): nothing happens.
    const other = await userWithPasskeys(0);
    await other.browser.post(`${svc.issuer}/auth/portal/passkeys/remove`, { csrf: other.csrf, passkey_id: user.added[0].id });

    const refused = await portalSignIn(user.auths[1]);
    expect(refused.result.status).toBe(401);
    expect(refused.result.body.error.code).toBe('PASSKEY_INVALID');
    expect((await portalSignIn(user.auths[0])).result.status).toBe(200);
    expect((await user.browser.json('GET', `${svc.issuer}/auth/passkeys`)).body.data.map((p: { name: string }) => p.name)).toEqual(['Key 1']);
  });

  it('deleting the service ID deletes its passkeys', async () => {
    const user = await userWithPasskeys(1);
    const deleted = await user.browser.post(`${svc.issuer}/auth/portal/delete`, { csrf: user.csrf, confirm: 'yes' });
    expect(deleted.headers.get('location')).toBe('/auth/portal?notice=deleted');
    const rows = await svc.sql.query('SELECT id FROM service_id_passkeys WHERE user_id = $1', [user.userId]);
    expect(rows.rows).toEqual([]);
    expect((await portalSignIn(user.auth)).result.body.error.code).toBe('PASSKEY_INVALID');
  });

  it('refuses a replayed assertion and an assertion answered in another browser', async () => {
    const user = await userWithPasskeys(1);
    const first = await portalSignIn(user.auth);
    expect(first.result.status).toBe(200);
    const replay = await first.browser.json('POST', `${svc.issuer}/auth/passkeys/login`, { response: first.response }, first.headers);
    expect(replay.status).toBe(400);
    expect(replay.body.error.code).toBe('PASSKEY_CHALLENGE_INVALID');

    // Options fetched in browser A, the assertion posted from browser B (its own binding cookie).
    const a = new CookieBrowser();
    const b = new CookieBrowser();
    const options = await a.json('POST', `${svc.issuer}/auth/passkeys/login/options`, {});
    await b.json('POST', `${svc.issuer}/auth/passkeys/login/options`, {});
    const stolen = await b.json('POST', `${svc.issuer}/auth/passkeys/login`, { response: user.auth.assert(options.body.data) });
    expect(stolen.body.error.code).toBe('PASSKEY_CHALLENGE_INVALID');
  });

  it('of 20 parallel submissions of one assertion exactly one signs in', async () => {
    const user = await userWithPasskeys(1);
    const browser = new CookieBrowser();
    const headers = { 'x-forwarded-for': address() };
    const options = await browser.json('POST', `${svc.issuer}/auth/passkeys/login/options`, {}, headers);
    const response = user.auth.assert(options.body.data);
    const results = await Promise.all(Array.from({ length: 20 }, () => browser.json('POST', `${svc.issuer}/auth/passkeys/login`, { response }, headers)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400 && r.body.error.code === 'PASSKEY_CHALLENGE_INVALID')).toHaveLength(19);
  });

  it('refuses a signature counter that went backwards (a cloned authenticator)', async () => {
    const user = await userWithPasskeys(1);
    expect((await portalSignIn(user.auth)).result.status).toBe(200);
    expect((await portalSignIn(user.auth)).result.status).toBe(200); // counter 2 stored
    const clone = user.auth.credentials[0];
    clone.counter = 0; // the clone signs 1
    const refused = await portalSignIn(user.auth);
    expect(refused.result.status).toBe(401);
    expect(refused.result.body.error.code).toBe('PASSKEY_INVALID');
  });

  it('answers bad input with catalogue 4xx codes, never a 500', async () => {
    const user = await userWithPasskeys(1);
    const url = `${svc.issuer}/auth/passkeys/login`;
    const browser = new CookieBrowser();
    const options = await browser.json('POST', `${url}/options`, {});
    const good = user.auth.assert(options.body.data);
    const cases: [unknown, number, string][] = [
      ['{"response":', 400, 'BODY_INVALID_JSON'],
      [{}, 400, 'REQUEST_INVALID'],
      [{ response: 'x' }, 400, 'REQUEST_INVALID'],
      [{ response: { ...good, response: { ...good.response, clientDataJSON: 'bm90IGpzb24' } } }, 400, 'REQUEST_INVALID'],
      [{ response: { ...good, id: 'a\u0000b' } }, 400, 'REQUEST_INVALID'],
      [{ response: { ...good, type: 'password' } }, 400, 'REQUEST_INVALID'],
      [{ response: good, extra: 1 }, 400, 'REQUEST_INVALID'],
      [{ response: good, session: 'no-such-interaction' }, 400, 'REQUEST_INVALID'],
    ];
    for (const [body, status, code] of cases) {
      const res = await browser.json('POST', url, body);
      expect([res.status, res.body.error?.code], JSON.stringify(body).slice(0, 80)).toEqual([status, code]);
    }
    // A bad signature (its challenge is spent by the attempt), an unknown credential.
    const options2 = await browser.json('POST', `${url}/options`, {});
    const forged = user.auth.assert(options2.body.data);
    forged.response.signature = Buffer.from(forged.response.signature, 'base64url').reverse().toString('base64url');
    expect((await browser.json('POST', url, { response: forged })).body.error.code).toBe('PASSKEY_INVALID');
    const options3 = await browser.json('POST', `${url}/options`, {});
    const stranger = authenticator();
    stranger.register({
      ...options.body.data,
      rp: { id: rpId, name: 'x' },
      user: { id: 'eA', name: 'x', displayName: 'x' },
      pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
    });
    expect((await browser.json('POST', url, { response: stranger.assert(options3.body.data) })).body.error.code).toBe('PASSKEY_INVALID');
    // Text bodies, a cross-origin page, registration without a signed-in session or its CSRF token.
    expect((await browser.json('POST', url, 'response=1', { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await browser.json('POST', `${url}/options`, {}, { origin: 'https://evil.example' })).body.error.code).toBe('REQUEST_INVALID');
    expect((await new CookieBrowser().json('POST', `${svc.issuer}/auth/passkeys/register/options`, {})).body.error.code).toBe('PASSKEY_SIGN_IN_REQUIRED');
    expect((await user.browser.json('POST', `${svc.issuer}/auth/passkeys/register/options`, {}, { 'x-csrf-token': 'wrong' })).status).toBe(401);
    const regOptions = await user.browser.json('POST', `${svc.issuer}/auth/passkeys/register/options`, {}, { 'x-csrf-token': user.csrf });
    const named = await user.browser.json(
      'POST',
      `${svc.issuer}/auth/passkeys/register`,
      { response: authenticator().register(regOptions.body.data), name: 'bad\u0000name' },
      { 'x-csrf-token': user.csrf },
    );
    expect([named.status, named.body.error.code]).toEqual([400, 'REQUEST_INVALID']);
  });

  it('signs in at the consent screen and completes the authorization like a password does', async () => {
    const user = await userWithPasskeys(1);
    const browser = new CookieBrowser();
    const p = pkce();
    const start = await browser.follow(authorizeUrl(svc, rp, { code_challenge: p.challenge, code_challenge_method: 'S256' }), svc.issuer);
    const html = await start.res.text();
    expect(html).toContain('Sign in with a passkey');
    expect(html).toContain('name="password"'); // the password stays as fallback
    const session = inputValue(html, 'session');

    // An assertion made for the portal is refused for this interaction (another binding).
    const portalOptions = await browser.json('POST', `${svc.issuer}/auth/passkeys/login/options`, {});
    const forPortal = user.auth.assert(portalOptions.body.data);
    const crossed = await browser.json('POST', `${svc.issuer}/auth/consent/passkey`, { response: forPortal, session });
    expect(crossed.body.error.code).toBe('PASSKEY_CHALLENGE_INVALID');
    // Another browser cannot use this interaction at all.
    const elsewhere = await new CookieBrowser().json('POST', `${svc.issuer}/auth/consent/passkey/options`, { session });
    expect([elsewhere.status, elsewhere.body.error.code]).toEqual([404, 'OAUTH_CONSENT_SESSION_NOT_FOUND']);
    // And an assertion for this interaction is refused at the portal.
    const forConsent = user.auth.assert((await browser.json('POST', `${svc.issuer}/auth/consent/passkey/options`, { session })).body.data);
    expect((await browser.json('POST', `${svc.issuer}/auth/passkeys/login`, { response: forConsent })).body.error.code).toBe('PASSKEY_CHALLENGE_INVALID');

    const options = await browser.json('POST', `${svc.issuer}/auth/consent/passkey/options`, { session });
    const signedIn = await browser.json('POST', `${svc.issuer}/auth/consent/passkey`, { response: user.auth.assert(options.body.data), session });
    expect(signedIn.status).toBe(200);
    // One sign-in: the passkey at the consent screen opens the portal too, as a password does.
    expect(await (await browser.get(`${svc.issuer}/auth/portal`)).text()).toContain(user.email);
    const consent = await browser.follow(new URL(signedIn.body.data.redirect_to, svc.issuer).href, svc.issuer);
    const consentHtml = await consent.res.text();
    expect(consentHtml).toContain('Wine Shop asks to access your service ID');
    const allowed = await browser.post(`${svc.issuer}/auth/consent/confirm`, { session: inputValue(consentHtml, 'session') });
    const back = await browser.follow(new URL(allowed.headers.get('location')!, svc.issuer).href, svc.issuer, allowed);
    const code = new URL(back.url).searchParams.get('code');
    expect(code).toBeTruthy();
    const tokens = await exchange(svc, rp, code!, p.verifier);
    expect(tokens.status).toBe(200);
    const sub = JSON.parse(Buffer.from(tokens.body.id_token.split('.')[1], 'base64url').toString()).sub;
    expect(sub).toBe(user.userId);
  });

  it('failed passkey sign-ins count in the per-address sign-in throttle, with failed passwords', async () => {
    const user = await userWithPasskeys(1);
    const ip = address();
    const headers = { 'x-forwarded-for': ip };
    const browser = new CookieBrowser();
    for (let i = 0; i < 30; i++) {
      const options = await browser.json('POST', `${svc.issuer}/auth/passkeys/login/options`, {}, headers);
      const forged = user.auth.assert(options.body.data);
      forged.response.signature = forged.response.signature.slice(0, -4) + 'AAAA';
      expect((await browser.json('POST', `${svc.issuer}/auth/passkeys/login`, { response: forged }, headers)).status).toBe(401);
    }
    const options = await browser.json('POST', `${svc.issuer}/auth/passkeys/login/options`, {}, headers);
    const throttled = await browser.json('POST', `${svc.issuer}/auth/passkeys/login`, { response: user.auth.assert(options.body.data) }, headers);
    expect(throttled.status).toBe(429);
    expect(throttled.body.error.code).toBe('RATE_LIMITED');
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    // The password form from that address is throttled too.
    const res = await fetch(`${svc.issuer}/auth/portal/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ email: user.email, password: PASSWORD }),
      redirect: 'manual',
    });
    expect(res.status).toBe(429);
  });

  describe('PasskeyService', () => {
    let rpSettings: RelyingPartySettings;
    let service: PasskeyService;
    beforeAll(() => {
      rpSettings = { rpId, rpName: 'idgate', origins: [origin] };
      service = new PasskeyService({ sql: svc.sql, kv: svc.kv, rp: rpSettings });
    });

    async function registered() {
      const { userId, email } = await signUpUser(svc);
      const auth = authenticator();
      await service.register(userId, auth.register(await service.registrationOptions({ id: userId, email, displayName: 'Alex' })));
      return { userId, auth };
    }

    it('binds each challenge to its binding: an assertion for widget:X is refused for widget:Y, and spent', async () => {
      const { userId, auth } = await registered();
      const x = `widget:${randomBytes(32).toString('hex')}`;
      const y = `widget:${randomBytes(32).toString('hex')}`;
      const response = auth.assert(await service.authenticationOptions(x));
      await expect(service.authenticate(response, y)).rejects.toMatchObject({ code: 'PASSKEY_CHALLENGE_INVALID' });
      await expect(service.authenticate(response, x)).rejects.toMatchObject({ code: 'PASSKEY_CHALLENGE_INVALID' });
      const fresh = auth.assert(await service.authenticationOptions(x));
      await expect(service.authenticate(fresh, x)).resolves.toMatchObject({ userId });
      expect((await service.list(userId))[0].lastUsedAt).toBeInstanceOf(Date);
    });

    it('20 parallel authenticate calls with one assertion: exactly one succeeds', async () => {
      const { userId, auth } = await registered();
      const response = auth.assert(await service.authenticationOptions('widget:parallel'));
      const settled = await Promise.allSettled(Array.from({ length: 20 }, () => service.authenticate(response, 'widget:parallel')));
      expect(settled.filter((s) => s.status === 'fulfilled').map((s) => (s as PromiseFulfilledResult<{ userId: string }>).value.userId)).toEqual([userId]);
    });

    it('refuses an expired challenge, a wrong origin and a registration for another user; excludes registered keys', async () => {
      const { userId, auth } = await registered();
      const quick = new PasskeyService({ sql: svc.sql, kv: svc.kv, rp: rpSettings, challengeTtlMs: 50 });
      const late = auth.assert(await quick.authenticationOptions('widget:late'));
      await new Promise((r) => setTimeout(r, 120));
      await expect(quick.authenticate(late, 'widget:late')).rejects.toMatchObject({ code: 'PASSKEY_CHALLENGE_INVALID' });

      const elsewhere = new SoftAuthenticator({ origin: 'https://evil.example', rpId });
      elsewhere.credentials.push(...auth.credentials);
      const phished = elsewhere.assert(await service.authenticationOptions('widget:o'));
      await expect(service.authenticate(phished, 'widget:o')).rejects.toMatchObject({ code: 'PASSKEY_INVALID' });

      // A registration made on another site's page (wrong origin in the client data) is refused.
      const foreign = new SoftAuthenticator({ origin: 'https://evil.example', rpId });
      const foreignOptions = await service.registrationOptions({ id: userId, email: 'a@example.org', displayName: 'A' });
      await expect(service.register(userId, foreign.register(foreignOptions))).rejects.toMatchObject({ code: 'PASSKEY_REGISTRATION_INVALID' });

      const other = await signUpUser(svc);
      const options = await service.registrationOptions({ id: userId, email: 'a@example.org', displayName: 'A' });
      await expect(service.register(other.userId, authenticator().register(options))).rejects.toMatchObject({ code: 'PASSKEY_CHALLENGE_INVALID' });
      // excludeCredentials lists the user's passkeys: the same credential cannot be registered twice.
      const again = await service.registrationOptions({ id: userId, email: 'a@example.org', displayName: 'A' });
      expect(again.excludeCredentials?.map((c) => c.id)).toEqual([auth.credentials[0].id]);
      expect(await service.remove(other.userId, (await service.list(userId))[0].id)).toBe(false);
      expect(await service.remove(userId, (await service.list(userId))[0].id)).toBe(true);
      expect(await service.list(userId)).toEqual([]);
    });
  });
});
