import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oidc from 'openid-client';
import { runAdmin } from '@idgate/deploy';
import { BACKENDS } from '../src/backends.ts';
import { TEST_ADMIN_TOKEN } from '../src/harness.ts';
import { startSmtpRelay, unfoldQuotedPrintable, type SmtpRelay } from '../src/smtp-relay.ts';
import { CookieBrowser, inputValue } from './browser.ts';
import { PASSWORD, REDIRECT_URI, registerClient, startOAuthService, type OAuthService } from './oauth-fixture.ts';

/**
 * The whole "create one" path with real parts at both ends: openid-client as the relying party,
 * a local smtp-server as the mail relay (SMTP_URL). Sign-up from the consent screen, the code at
 * the redirect_uri, the confirmation link read from the mail the relay received, and userinfo
 * of the token from that flow turning `email_verified` from false to true.
 */
describe.each(BACKENDS)('"create one" from the consent screen, mail through SMTP, openid-client RP ($name)', (backend) => {
  let svc: OAuthService;
  let relay: SmtpRelay;
  let client: { client_id: string; client_secret: string };

  beforeAll(async () => {
    relay = await startSmtpRelay();
    svc = await startOAuthService(backend, { SMTP_URL: relay.url, MAIL_FROM: 'idgate <no-reply@idgate.test>' });
    client = await registerClient(svc);
  });
  afterAll(async () => {
    await svc?.close();
    await relay?.close();
  });

  it('signs up at the consent screen, gets a code, and email_verified turns true once the mailed link is opened', async () => {
    const config = await oidc.discovery(new URL(svc.issuer), client.client_id, undefined, oidc.ClientSecretBasic(client.client_secret), {
      execute: [oidc.allowInsecureRequests],
    });
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });

    const browser = new CookieBrowser();
    const login = await browser.follow(url.href, svc.issuer);
    const loginHtml = await login.res.text();
    const signUpHref = /href="([^"]*\/consent\/signup\?session=[^"]+)"/.exec(loginHtml)![1];
    const session = inputValue(await (await browser.get(svc.issuer + signUpHref)).text(), 'session');
    const email = `rp-${Date.now()}@example.org`;
    const posted = await browser.post(`${svc.issuer}/auth/consent/signup`, { session, display_name: 'Noa', email, password: PASSWORD });
    expect(posted.status).toBe(303);
    const consent = await browser.follow(new URL(posted.headers.get('location')!, svc.issuer).href, svc.issuer, posted);
    const allowed = await browser.post(`${svc.issuer}/auth/consent/confirm`, { session: inputValue(await consent.res.text(), 'session') });
    const back = await browser.follow(new URL(allowed.headers.get('location')!, svc.issuer).href, svc.issuer, allowed);
    expect(back.url.startsWith(REDIRECT_URI)).toBe(true);

    const tokens = await oidc.authorizationCodeGrant(config, new URL(back.url), {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    const sub = tokens.claims()!.sub;
    // Decision (docs/oauth.md): the first consent may finish before the address is confirmed; the claim tells the truth.
    expect(tokens.claims()).toMatchObject({ email, email_verified: false });
    expect(await oidc.fetchUserInfo(config, tokens.access_token, sub)).toMatchObject({ email, email_verified: false, display_name: 'Noa' });

    const mail = relay.received.find((m) => m.to.includes(email))!;
    expect(mail.raw).toContain('Subject: Confirm your email address');
    // quoted-printable undone, as a mail client would
    const link = /https?:\/\/\S+verify-email\?token=[A-Za-z0-9_%-]+/.exec(unfoldQuotedPrintable(mail.raw))![0];
    const opened = await fetch(link);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('role="status"');
    expect(await oidc.fetchUserInfo(config, tokens.access_token, sub)).toMatchObject({ sub, email, email_verified: true });
  });

  it('with SMTP_URL set there is no development mailbox: the admin route is absent and the CLI says why', async () => {
    const res = await fetch(`${svc.issuer}/admin/v1/oauth/mailbox`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
    expect(res.status).toBe(404);
    const out = await runAdmin(['mailbox', '--json'], { BASE_URL: svc.issuer, ADMIN_TOKEN: TEST_ADMIN_TOKEN });
    expect(out.exitCode).toBe(1);
    expect((out.output as { error: { message: string } }).error.message).toContain('SMTP_URL');
  });
});
