import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { BACKENDS } from '../src/backends.ts';
import { ensureChromium, answerRelyingParty, launchChromium } from './chromium.ts';
import { PASSWORD, REDIRECT_URI, registerClient, startOAuthService, type OAuthService } from './oauth-fixture.ts';
import { authorizeUrl, pkce } from './flow-helpers.ts';

const SHOTS = fileURLToPath(new URL('../../test-output/oauth/', import.meta.url));
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const chromiumState = ensureChromium();
if (!chromiumState.ok && process.env.CI === 'true') throw new Error(chromiumState.reason);
if (!chromiumState.ok) console.warn(`[passkey pages] skipped: ${chromiumState.reason}`);

/** Every axe-core finding (WCAG 2.0-2.2 A/AA rules, any impact) on the current page. */
async function axeViolations(page: Page): Promise<{ id: string; impact: string; nodes: number }[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> } })
      .axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
  });
}

async function capture(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });
  expect(await axeViolations(page), name).toEqual([]);
}

/**
 * The portal's passkeys in Debian Chromium with a CDP virtual authenticator (ctap2, internal,
 * resident keys, user verification): add one, sign out, sign in with it, remove it. WebAuthn needs
 * a secure context and a domain RP ID, so the service is visited at http://localhost.
 */
describe.skipIf(!chromiumState.ok)('passkeys in the portal in Chromium', () => {
  let svc: OAuthService;
  let context: BrowserContext;
  let page: Page;
  let clearAuthenticator: () => Promise<unknown>;
  const email = `passkey-${Date.now()}@example.org`;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    svc = await startOAuthService(BACKENDS[0], {}, undefined, 'localhost');
    context = await launchChromium({ locale: 'en-US', colorScheme: 'light' });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    clearAuthenticator = () => cdp.send('WebAuthn.clearCredentials', { authenticatorId });
  });
  afterAll(async () => {
    await context?.close();
    await svc?.close();
  });

  it('adds a passkey, signs out, signs in with it and removes it', async () => {
    await page.goto(`${svc.issuer}/auth/signup`);
    await page.getByLabel('Display name').fill('Robin');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Passkeys' }).waitFor({ state: 'visible' });
    await page.getByText('You have not added a passkey yet.').waitFor({ state: 'visible' });

    await page.getByLabel('Name of the new passkey (optional)').fill('Work laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Passkey added.').waitFor({ state: 'visible' });
    await page.getByText('Work laptop').waitFor({ state: 'visible' });
    await capture(page, 'portal-passkeys');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor({ state: 'visible' });
    await capture(page, 'portal-login-passkey');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByText(email).waitFor({ state: 'visible' });
    expect(await page.getByText(/last used/).count()).toBe(1);

    await page.getByRole('button', { name: 'Remove: Work laptop' }).click();
    await page.getByText('Passkey removed.').waitFor({ state: 'visible' });
    await page.getByText('You have not added a passkey yet.').waitFor({ state: 'visible' });
    expect(await page.getByText('Work laptop').count()).toBe(0);

    // The removed passkey (still in the authenticator) no longer signs in: the page says so.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('alert').filter({ hasText: 'The passkey sign-in did not work' }).waitFor({ state: 'visible' });
    await capture(page, 'portal-login-passkey-failed');
  });

  it('signs in with a passkey at the consent screen and completes the authorization', async () => {
    // The first test's removed passkey is still on the device: forget it, as a user would.
    await clearAuthenticator();
    const client = await registerClient(svc);
    await answerRelyingParty(context);
    await page.goto(`${svc.issuer}/auth/portal`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByLabel('Name of the new passkey (optional)').fill('Phone');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Passkey added.').waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Sign out' }).click();

    await page.goto(authorizeUrl(svc, client, { state: 'passkey', code_challenge: pkce().challenge, code_challenge_method: 'S256', ui_locales: 'de' }));
    await page.getByRole('button', { name: 'Mit einem Passkey anmelden' }).waitFor({ state: 'visible' });
    await capture(page, 'consent-login-passkey-de');
    await page.getByRole('button', { name: 'Mit einem Passkey anmelden' }).click();
    await page.getByRole('button', { name: 'Erlauben' }).click();
    await page.waitForURL((u) => u.href.startsWith(REDIRECT_URI));
    expect(new URL(page.url()).searchParams.get('code')).toMatch(/^xoac_/);
  });
});
