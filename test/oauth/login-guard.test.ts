import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../src/backends.ts';
import { CookieBrowser, inputValue } from './browser.ts';
import { PASSWORD, registerClient, signUpUser, startOAuthService, type OAuthService } from './oauth-fixture.ts';
import { authorizeUrl, pkce, type RpClient } from './flow-helpers.ts';

/**
 * Password guessing on the sign-in forms (oauth/src/accounts/login-guard.ts): 5 failures per
 * email address in a 15-minute window, then 429 with Retry-After and no password check, even
 * for the right password; other accounts from elsewhere are not affected.
 */
describe.each(BACKENDS)('sign-in throttling ($name)', (backend) => {
  let svc: OAuthService;
  let rp: RpClient;

  beforeAll(async () => {
    svc = await startOAuthService(backend);
    rp = await registerClient(svc);
  });
  afterAll(() => svc?.close());

  const portalLogin = (email: string, password: string) => new CookieBrowser().post(`${svc.issuer}/auth/portal/login`, { email, password });

  it('the portal refuses an account after 5 failures, the right password included; another account still signs in', async () => {
    const victim = await signUpUser(svc);
    const other = await signUpUser(svc);
    for (let i = 0; i < 5; i++) expect((await portalLogin(victim.email, `wrong-password-${i}`)).status).toBe(401);
    const refused = await portalLogin(victim.email, PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toContain('Too many sign-in attempts');
    expect((await portalLogin(other.email, PASSWORD)).status).toBe(303);
  });

  it('unknown email addresses are counted alike (no hint which accounts exist)', async () => {
    const ghost = `nobody-${Date.now()}@example.org`;
    for (let i = 0; i < 5; i++) expect((await portalLogin(ghost, 'whatever-password')).status).toBe(401);
    expect((await portalLogin(ghost, 'whatever-password')).status).toBe(429);
  });

  it("the consent screen's sign-in form is throttled the same way, in the user's language", async () => {
    const victim = await signUpUser(svc);
    const p = pkce();
    const browser = new CookieBrowser();
    const start = await browser.follow(authorizeUrl(svc, rp, { code_challenge: p.challenge, code_challenge_method: 'S256', ui_locales: 'de' }), svc.issuer);
    const session = inputValue(await start.res.text(), 'session');
    const post = (password: string) => browser.post(`${svc.issuer}/auth/consent/login`, { session, email: victim.email, password });
    for (let i = 0; i < 5; i++) expect((await post(`wrong-${i}`)).status).toBe(200);
    const refused = await post(PASSWORD);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain('Zu viele Anmeldeversuche');
  });
});
