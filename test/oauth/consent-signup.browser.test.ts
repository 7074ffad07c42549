import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { BACKENDS } from '../src/backends.ts';
import { ensureChromium, answerRelyingParty, launchChromium } from './chromium.ts';
import { PASSWORD, REDIRECT_URI, registerClient, startOAuthService, type OAuthService } from './oauth-fixture.ts';
import { authorizeUrl, pkce, type RpClient } from './flow-helpers.ts';

const SHOTS = fileURLToPath(new URL('../../test-output/oauth/', import.meta.url));
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const chromiumState = ensureChromium();
if (!chromiumState.ok && process.env.CI === 'true') throw new Error(chromiumState.reason);
if (!chromiumState.ok) console.warn(`[oauth consent sign-up] skipped: ${chromiumState.reason}`);

/** Every axe-core finding (WCAG 2.0–2.2 A/AA rules, any impact) on the page, as `rule: help`. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<{ violations: { id: string; help: string }[] }> } }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return r.violations.map((v) => `${v.id}: ${v.help}`);
  });
}

/** "Create one" on the consent screen in a real headless Chromium, ending at the relying party with a code. */
describe.skipIf(!chromiumState.ok)('"create one" from the consent screen in Chromium', () => {
  let svc: OAuthService;
  let context: BrowserContext;
  let page: Page;
  let client: RpClient;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    svc = await startOAuthService(BACKENDS[0]);
    client = await registerClient(svc);
    context = await launchChromium({ locale: 'en-US', colorScheme: 'light' });
    await answerRelyingParty(context);
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
  });
  afterAll(async () => {
    await context?.close();
    await svc?.close();
  });

  it('signs up from the login step, consents and lands on the redirect_uri with a code; no axe findings on the way', async () => {
    await page.goto(authorizeUrl(svc, client, { state: 'create-one', code_challenge: pkce().challenge, code_challenge_method: 'S256' }));
    await page.getByRole('heading', { name: 'Sign in to continue to Wine Shop' }).waitFor({ state: 'visible' });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Create one' }).click();

    await page.getByRole('heading', { name: 'Create your service ID' }).waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/auth/consent/signup');
    await page.getByLabel('Display name').fill('Robin');
    await page.getByLabel('Email address').fill(`create-one-${Date.now()}@example.org`);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.screenshot({ path: `${SHOTS}consent-signup.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create account' }).click();

    // Signed in by the sign-up: the consent step of the same authorization, no password asked.
    await page.getByRole('heading', { name: 'Wine Shop asks to access your service ID' }).waitFor({ state: 'visible' });
    await page.screenshot({ path: `${SHOTS}consent-after-signup.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((u) => u.href.startsWith(REDIRECT_URI));
    const back = new URL(page.url());
    expect(back.searchParams.get('code')).toMatch(/^xoac_/);
    expect(back.searchParams.get('state')).toBe('create-one');

    // The portal knows the browser already (one sign-in).
    await page.goto(`${svc.issuer}/auth/portal`);
    await page.getByRole('heading', { name: 'Connected apps' }).waitFor({ state: 'visible' });
    await page.screenshot({ path: `${SHOTS}portal-after-consent-signup.png`, fullPage: true });
  });
});
