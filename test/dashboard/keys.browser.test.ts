import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { devMailbox } from '@idgate/oauth';
import { BACKENDS } from '../src/backends.ts';
import { startTestService, type TestService } from '../src/harness.ts';
import { invitationLinkIn } from '../src/dashboard-client.ts';
import { freePort } from '../oauth/browser.ts';
import { ensureChromium, launchChromium } from '../oauth/chromium.ts';
import { seriousViolations } from '../widget/a11y.ts';

const SHOTS = fileURLToPath(new URL('../../test-output/dashboard/', import.meta.url));
const PASSWORD = 'correct horse battery';
const chromiumState = ensureChromium();
if (!chromiumState.ok && process.env.CI === 'true') throw new Error(chromiumState.reason);

/** The API keys page in Debian Chromium, light and dark: create a restricted key, roll the secret key. */
describe.skipIf(!chromiumState.ok)('dashboard keys page in Chromium', () => {
  let svc: TestService;
  let base: string;
  let tenant: { tenant_id: string; project_id: string };
  const contexts: BrowserContext[] = [];
  const ownerEmail = `owner-keys-${Date.now()}@shop.example`;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    svc = await startTestService(BACKENDS[0], { PORT: String(port), BASE_URL: base });
    tenant = await svc.createTenant();
    await svc.admin('POST', `/admin/v1/tenants/${tenant.tenant_id}/team/owners`, { email: ownerEmail });
  }, 60_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await svc?.close();
  });

  async function signedIn(colorScheme: 'light' | 'dark', join: boolean): Promise<Page> {
    const context = await launchChromium({ locale: 'en-US', colorScheme });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    if (join) {
      await page.goto(invitationLinkIn(devMailbox.lastTo(ownerEmail)?.text)!);
      await page.getByLabel('New password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Join the team' }).click();
    } else {
      await page.goto(`${base}/dashboard/sign-in`);
      await page.getByLabel('Email').fill(ownerEmail);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
    }
    await page.getByRole('heading', { name: 'Team' }).waitFor();
    return page;
  }

  async function shot(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });
    expect(await seriousViolations(page), name).toEqual([]);
  }

  it('creates a restricted key that is shown once, and rolls the secret key', async () => {
    const page = await signedIn('light', true);
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'Projects and API keys' }).waitFor();
    await shot(page, 'keys-light');
    await page.getByRole('checkbox', { name: 'verify:status' }).check();
    await page.getByRole('checkbox', { name: 'verify:result' }).check();
    await page.getByRole('button', { name: 'Create restricted key' }).click();
    await page.getByRole('heading', { name: 'Restricted key created' }).waitFor();
    const key = await page.locator('dl.keys code').innerText();
    expect(key).toMatch(/^ak_live_/);
    await shot(page, 'key-created-light');
    await page.getByRole('link', { name: 'Back to API keys' }).click();
    expect(await page.content()).not.toContain(key);
    await page.getByLabel('The old key stops').selectOption('1');
    await page.getByRole('button', { name: 'Roll key' }).click();
    await page.getByRole('heading', { name: 'Secret key rolled' }).waitFor();
    expect(await page.getByText('The old key keeps working until').count()).toBe(1);
    await page.getByRole('link', { name: 'Back to API keys' }).click();
    expect(await page.getByRole('row').filter({ hasText: 'Expires' }).count()).toBe(1);
  });

  it('the keys page in dark', async () => {
    const page = await signedIn('dark', false);
    await page.goto(`${base}/dashboard/keys`);
    await shot(page, 'keys-dark');
  });
});
