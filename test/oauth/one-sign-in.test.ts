import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '@idgate/deploy';
import { devMailbox } from '@idgate/oauth';
import { BACKENDS } from '../src/backends.ts';
import { TEST_ADMIN_TOKEN } from '../src/harness.ts';
import { CookieBrowser, inputValue } from './browser.ts';
import { PASSWORD, REDIRECT_URI, registerClient, signUpUser, startOAuthService, type OAuthService } from './oauth-fixture.ts';
import { authorizeUrl, exchange, pkce, userinfo, type RpClient } from './flow-helpers.ts';

/**
 * "Create one" on the consent screen goes on with the authorization; one sign-in for the consent
 * screen and the portal; the development mailbox an operator reads (DATA_DIR/mailbox, admin CLI).
 */
describe.each(BACKENDS)('sign-up from the consent screen and one sign-in ($name)', (backend) => {
  let svc: OAuthService;
  let client: RpClient;
  const dataDir = mkdtempSync(join(tmpdir(), 'idgate-oauth-flow-'));

  beforeAll(async () => {
    svc = await startOAuthService(backend, { DATA_DIR: dataDir });
    client = await registerClient(svc);
  });
  afterAll(async () => {
    await svc?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = (browser: CookieBrowser, params: Record<string, string> = {}) =>
    browser.follow(authorizeUrl(svc, client, { state: 'st-one', code_challenge: pkce().challenge, code_challenge_method: 'S256', ...params }), svc.issuer);
  /** Follows a form post's 303 through the provider to the next page or to the relying party. */
  const after = (browser: CookieBrowser, posted: Response) =>
    browser.follow(new URL(posted.headers.get('location') ?? '', svc.issuer).href, svc.issuer, posted);
  const newEmail = () => `flow-${randomBytes(5).toString('hex')}@example.org`;

  it('"create one" keeps the authorization: sign-up, then consent, then the redirect_uri with a code; the email is unverified until confirmed', async () => {
    const browser = new CookieBrowser();
    const login = await start(browser);
    const loginHtml = await login.res.text();
    const session = inputValue(loginHtml, 'session');
    const signUpHref = /href="([^"]*\/consent\/signup\?session=[^"]+)"/.exec(loginHtml)![1].replace(/&amp;/g, '&');
    expect(signUpHref).toBe(`/auth/consent/signup?session=${session}`);
    const form = await browser.get(svc.issuer + signUpHref);
    expect(form.status).toBe(200);
    const formHtml = await form.text();
    expect(inputValue(formHtml, 'session')).toBe(session);
    expect(formHtml).toContain('action="/auth/consent/signup"');

    const email = newEmail();
    // Refused input stays on the form with the authorization (400), nothing made.
    const bad = await browser.post(`${svc.issuer}/auth/consent/signup`, { session, display_name: 'Kim', email, password: 'short' });
    expect(bad.status).toBe(400);
    expect(inputValue(await bad.text(), 'session')).toBe(session);

    const posted = await browser.post(`${svc.issuer}/auth/consent/signup`, { session, display_name: 'Kim', email, password: PASSWORD });
    expect(posted.status).toBe(303);
    const consent = await after(browser, posted);
    const consentHtml = await consent.res.text();
    expect(consentHtml).toContain('Wine Shop asks to access your service ID');
    const allowed = await browser.post(`${svc.issuer}/auth/consent/confirm`, { session: inputValue(consentHtml, 'session') });
    const back = await after(browser, allowed);
    const callback = new URL(back.url);
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe('st-one');
    expect(callback.searchParams.get('code')).toMatch(/^xoac_/);

    // Signed up at the consent screen = signed in to the portal too.
    expect(await (await browser.get(`${svc.issuer}/auth/portal`)).text()).toContain(email);
    // The first consent is allowed before the email is confirmed; the claim says so, then changes.
    expect(devMailbox.lastTo(email)?.text).toMatch(/verify-email\?token=/);
    const verifier = pkce();
    const again = await start(browser, { code_challenge: verifier.challenge });
    const code = new URL(again.url).searchParams.get('code')!; // granted already: straight back, no password
    const tokens = (await exchange(svc, client, code, verifier.verifier)).body;
    expect((await userinfo(svc, tokens.access_token)).body).toMatchObject({ email, email_verified: false });
    const link = /https?:\/\/\S+/.exec(devMailbox.lastTo(email)!.text)![0];
    expect((await fetch(link)).status).toBe(200);
    expect((await userinfo(svc, tokens.access_token)).body).toMatchObject({ email, email_verified: true });
  });

  it('a sign-in at the consent screen signs the browser in to the portal', async () => {
    const { email } = await signUpUser(svc);
    const browser = new CookieBrowser();
    const login = await start(browser);
    const posted = await browser.post(`${svc.issuer}/auth/consent/login`, {
      session: inputValue(await login.res.text(), 'session'),
      email,
      password: PASSWORD,
    });
    expect(posted.status).toBe(303);
    const cookie = posted.headers.getSetCookie().find((c) => c.startsWith('idg_portal='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const portal = await (await browser.get(`${svc.issuer}/auth/portal`)).text();
    expect(portal).toContain(email);
    expect(portal).not.toContain('name="password"');
  });

  it('a portal sign-in counts at the consent screen; prompt=login still asks; portal sign-out ends both', async () => {
    const { email } = await signUpUser(svc);
    const browser = new CookieBrowser();
    expect((await browser.post(`${svc.issuer}/auth/portal/login`, { email, password: PASSWORD })).status).toBe(303);
    // No password prompt: straight to the consent step.
    const consent = await start(browser);
    const consentHtml = await consent.res.text();
    expect(consentHtml).not.toContain('name="password"');
    expect(consentHtml).toContain('Wine Shop asks to access your service ID');
    const back = await after(browser, await browser.post(`${svc.issuer}/auth/consent/confirm`, { session: inputValue(consentHtml, 'session') }));
    expect(new URL(back.url).searchParams.get('code')).toMatch(/^xoac_/);

    // A client that asks for a fresh sign-in gets the password form although both sessions exist.
    expect(await (await start(browser, { prompt: 'login' })).res.text()).toContain('name="password"');
    // So does one whose max_age the portal's sign-in has passed (max_age=0 counts every second).
    await new Promise((r) => setTimeout(r, 1100));
    expect(await (await start(browser, { max_age: '0' })).res.text()).toContain('name="password"');

    const portal = await (await browser.get(`${svc.issuer}/auth/portal`)).text();
    const out = await browser.post(`${svc.issuer}/auth/portal/logout`, { csrf: inputValue(portal, 'csrf') });
    expect(out.status).toBe(303);
    expect(await (await browser.get(`${svc.issuer}/auth/portal`)).text()).toContain('name="password"');
    // The provider's session ended too, not only the portal's: the next authorization asks again.
    expect(await (await start(browser)).res.text()).toContain('name="password"');
  });

  it('a portal sign-in as another account replaces the provider session of the first', async () => {
    const first = await signUpUser(svc);
    const second = await signUpUser(svc);
    const browser = new CookieBrowser();
    const login = await start(browser);
    await after(
      browser,
      await browser.post(`${svc.issuer}/auth/consent/login`, {
        session: inputValue(await login.res.text(), 'session'),
        email: first.email,
        password: PASSWORD,
      }),
    );
    await browser.post(`${svc.issuer}/auth/portal/login`, { email: second.email, password: PASSWORD });
    const verifier = pkce();
    const consent = await start(browser, { code_challenge: verifier.challenge });
    const back = await after(browser, await browser.post(`${svc.issuer}/auth/consent/confirm`, { session: inputValue(await consent.res.text(), 'session') }));
    const tokens = (await exchange(svc, client, new URL(back.url).searchParams.get('code')!, verifier.verifier)).body;
    expect((await userinfo(svc, tokens.access_token)).body.sub).toBe(second.userId);
  });

  it('a portal session whose account was deleted from another browser lends the consent screen nothing', async () => {
    const { email, browser: deleting } = await signUpUser(svc);
    const other = new CookieBrowser();
    expect((await other.post(`${svc.issuer}/auth/portal/login`, { email, password: PASSWORD })).status).toBe(303);
    const portal = await (await deleting.get(`${svc.issuer}/auth/portal`)).text();
    expect((await deleting.post(`${svc.issuer}/auth/portal/delete`, { csrf: inputValue(portal, 'csrf'), confirm: 'yes' })).status).toBe(303);
    const step = await start(other);
    expect(step.res.status).toBe(200);
    expect(await step.res.text()).toContain('name="password"');
  });

  it('without SMTP_URL the mails are .eml files in DATA_DIR/mailbox, listed by the admin CLI', async () => {
    const { email } = await signUpUser(svc, { verifyEmail: false });
    const dir = join(dataDir, 'mailbox');
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    const file = files.find((f) => readFileSync(join(dir, f), 'utf8').includes(`To: ${email}`))!;
    expect(file).toBeDefined();
    expect(statSync(join(dir, file)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const eml = readFileSync(join(dir, file), 'utf8');
    expect(eml).toMatch(/^Date: .+\r\nFrom: .+\r\nTo: /);
    expect(eml).toContain('Subject: Confirm your email address');

    const env = { BASE_URL: svc.issuer, ADMIN_TOKEN: TEST_ADMIN_TOKEN, DATA_DIR: dataDir };
    const listed = await runAdmin(['mailbox', '--to', email.toUpperCase(), '--json'], env);
    expect(listed.exitCode).toBe(0);
    const { mails } = listed.output as { mails: { to: string; subject: string; text: string; file: string; sent_at: string }[] };
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: email, subject: 'Confirm your email address', file });
    expect(mails[0].text).toBe(devMailbox.lastTo(email)!.text);
    // The listed link works.
    expect((await fetch(/https?:\/\/\S+/.exec(mails[0].text)![0])).status).toBe(200);

    expect((await runAdmin(['mailbox', '--limit', '1', '--json'], env)).output).toMatchObject({ mails: [{ file: expect.any(String) }] });
    expect((await runAdmin(['mailbox', '--limit', '500', '--json'], env)).output).toMatchObject({ error: { code: 'REQUEST_INVALID' } });
    const unauthorised = await fetch(`${svc.issuer}/admin/v1/oauth/mailbox`);
    expect(unauthorised.status).toBe(401);
  });
});
