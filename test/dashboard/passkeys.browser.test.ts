import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { devMailbox } from '@idgate/oauth';
import { BACKENDS } from '../src/backends.ts';
import { startTestService, type TestService } from '../src/harness.ts';
import { invitationLinkIn } from '../src/dashboard-client.ts';
import { freePort } from '../oauth/browser.ts';
import { ensureChromium, launchChromium } from '../oauth/chromium.ts';
import { MEMBER_PASSWORD, screenshotWithAxe } from './dashboard-browser.ts';

const chromiumState = ensureChromium();
if (!chromiumState.ok && process.env.CI === 'true') throw new Error(chromiumState.reason);
if (!chromiumState.ok) console.warn(`[dashboard passkeys] skipped: ${chromiumState.reason}`);

/**
 * A member's passkey in Debian Chromium with its virtual authenticator (CDP WebAuthn): added on the team
 * page, sign out, signed in with it from the sign-in page, removed. The service runs on `localhost`
 * (an IP address is not a valid RP ID). Pages in light and dark, axe clean.
 */
describe.skipIf(!chromiumState.ok)('dashboard passkeys in Chromium', () => {
  let svc: TestService;
  let base: string;
  const contexts: BrowserContext[] = [];
  const email = `owner-${Date.now()}@shop.example`;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://localhost:${port}`;
    svc = await startTestService(BACKENDS[0], { PORT: String(port), BASE_URL: base });
    const tenant = await svc.createTenant();
    await svc.admin('POST', `/admin/v1/tenants/${tenant.tenant_id}/team/owners`, { email });
  }, 60_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await svc?.close();
  });

  async function browser(colorScheme: 'light' | 'dark'): Promise<Page> {
    const context = await launchChromium({ locale: 'en-US', colorScheme });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    return page;
  }

  it('adds a passkey, signs out, signs in with it and removes it, light and dark', async () => {
    const page = await browser('light');
    await page.goto(invitationLinkIn(devMailbox.lastTo(email)?.text)!.replace('127.0.0.1', 'localhost'));
    await page.getByLabel('New password').fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: 'Join the team' }).click();
    await page.getByRole('heading', { name: 'Your passkeys' }).waitFor();
    await screenshotWithAxe(page, 'passkeys-none-light');
    await page.getByLabel('Passkey name').fill('Work laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Passkey added: you can sign in with it now.').waitFor();
    expect(await page.getByRole('row', { name: /Work laptop/ }).count()).toBe(1);
    await screenshotWithAxe(page, 'passkeys-team-light');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You are signed out.').waitFor();
    await screenshotWithAxe(page, 'passkeys-sign-in-light');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('heading', { name: 'Team' }).waitFor();
    expect(await page.getByText(email).count()).toBeGreaterThan(0);

    // The same page in dark, with the session's cookie: its passkeys table as the member sees it.
    const dark = await browser('dark');
    await dark.context().addCookies(await page.context().cookies());
    await dark.goto(`${base}/dashboard/team`);
    await dark.getByRole('heading', { name: 'Your passkeys' }).waitFor();
    await screenshotWithAxe(dark, 'passkeys-team-dark');
    await dark.goto(`${base}/dashboard/sign-in`);
    await dark.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    await screenshotWithAxe(dark, 'passkeys-sign-in-dark');

    await page.getByRole('button', { name: /Remove passkey Work laptop/ }).click();
    await page.getByText('Passkey removed: it no longer signs you in.').waitFor();
    expect(await page.getByRole('row', { name: /Work laptop/ }).count()).toBe(0);
  });
});
