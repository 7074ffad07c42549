import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { BACKENDS } from '../src/backends.ts';
import { ensureChromium, answerRelyingParty, launchChromium } from './chromium.ts';
import { PASSWORD, REDIRECT_URI, registerClient, startOAuthService, type OAuthService } from './oauth-fixture.ts';
import { authorizeUrl, pkce, type RpClient } from './flow-helpers.ts';

const SHOTS = fileURLToPath(new URL('../../test-output/oauth/', import.meta.url));
const chromiumState = ensureChromium();
if (!chromiumState.ok && process.env.CI === 'true') throw new Error(chromiumState.reason);
if (!chromiumState.ok) console.warn(`[oauth pages] skipped: ${chromiumState.reason}`);

/** Login, consent, deny and portal revocation in a real headless Chromium; screenshots in test-output/oauth. */
describe.skipIf(!chromiumState.ok)('login, consent and portal pages in Chromium', () => {
  let svc: OAuthService;
  let context: BrowserContext;
  let page: Page;
  let a: RpClient;
  let b: RpClient;
  const email = `browser-${Date.now()}@example.org`;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    svc = await startOAuthService(BACKENDS[0]);
    a = await registerClient(svc);
    b = await registerClient(svc, { name: 'Cinema Club' });
    context = await launchChromium({ locale: 'en-US', colorScheme: 'light' });
    await answerRelyingParty(context);
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
  });
  afterAll(async () => {
    await context?.close();
    await svc?.close();
  });

  it('signs up in the portal, signs out, then logs in and allows consent for client A', async () => {
    await page.goto(`${svc.issuer}/auth/signup`);
    await page.getByLabel('Display name').fill('Robin');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Your service ID', exact: true }).waitFor({ state: 'visible' });
    // Signed in to the portal = signed in for the consent screen (one sign-in): sign out to see the login step.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ state: 'visible' });

    await page.goto(authorizeUrl(svc, a, { state: 'browser-a', code_challenge: pkce().challenge, code_challenge_method: 'S256' }));
    await page.screenshot({ path: `${SHOTS}login.png`, fullPage: true });
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Wine Shop asks to access your service ID' }).waitFor({ state: 'visible' });
    await page.screenshot({ path: `${SHOTS}consent.png`, fullPage: true });
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((u) => u.href.startsWith(REDIRECT_URI));
    const back = new URL(page.url());
    expect(back.searchParams.get('code')).toMatch(/^xoac_/);
    expect(back.searchParams.get('state')).toBe('browser-a');
  });

  it('denies consent for client B', async () => {
    await page.goto(authorizeUrl(svc, b, { state: 'browser-b', code_challenge: pkce().challenge, code_challenge_method: 'S256' }));
    await page.getByRole('heading', { name: 'Cinema Club asks to access your service ID' }).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL((u) => u.href.startsWith(REDIRECT_URI));
    const back = new URL(page.url());
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('browser-b');
  });

  it('revokes client A in the portal; the page is localised (ar, right to left) and themed (dark)', async () => {
    await page.goto(`${svc.issuer}/auth/portal`);
    await page.getByText('Wine Shop').waitFor({ state: 'visible' });
    expect(await page.getByText('Cinema Club').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}portal.png`, fullPage: true });
    await page.getByRole('button', { name: 'Revoke access: Wine Shop' }).click();
    expect((await page.getByRole('status').textContent())?.trim()).toBe('Access revoked.');
    expect(await page.getByText('Wine Shop').count()).toBe(0);
    await page.goto(`${svc.issuer}/auth/portal?ui_locales=ar&theme=dark`);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    await page.getByRole('heading', { name: 'معرّف الخدمة الخاص بك' }).waitFor({ state: 'visible' });
    await page.screenshot({ path: `${SHOTS}portal-ar-dark.png`, fullPage: true });
  });
});
