import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../src/harness.ts';
import { ensureChromium } from '../oauth/chromium.ts';
import { sql } from '../src/document-flows.ts';
import { DashboardBrowsers, screenshotWithAxe, startDashboardTestbed } from './dashboard-browser.ts';

const chromiumState = ensureChromium();
if (!chromiumState.ok && process.env.CI === 'true') throw new Error(chromiumState.reason);

/** The API keys page in Debian Chromium, light and dark: create a restricted key, roll the secret key. */
describe.skipIf(!chromiumState.ok)('dashboard keys page in Chromium', () => {
  let svc: TestService;
  let base: string;
  let browsers: DashboardBrowsers;
  let ownerEmail: string;

  beforeAll(async () => {
    ({ svc, base, browsers, ownerEmail } = await startDashboardTestbed('keys'));
  }, 60_000);
  afterAll(async () => {
    await browsers?.close();
    await svc?.close();
  });

  it('creates a restricted key that is shown once, and rolls the secret key', async () => {
    const page = await browsers.signedIn(ownerEmail, { colorScheme: 'light', join: true });
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'Projects and API keys' }).waitFor();
    await screenshotWithAxe(page, 'keys-light');
    await page.getByRole('checkbox', { name: 'verify:status' }).check();
    await page.getByRole('checkbox', { name: 'verify:result' }).check();
    await page.getByRole('button', { name: 'Create restricted key' }).click();
    await page.getByRole('heading', { name: 'Restricted key created' }).waitFor();
    const key = await page.locator('dl.keys code').innerText();
    expect(key).toMatch(/^ak_live_/);
    expect(new URL(page.url()).pathname).toMatch(/^\/dashboard\/keys\/reveal\/[\w-]{32}$/);
    await screenshotWithAxe(page, 'key-created-light');
    // A reload GETs the reveal page again: no new key, and the key is not shown twice.
    const keysBefore = await sql(svc, 'select id from api_keys order by id');
    expect((await page.reload())!.status()).toBe(410);
    await page.getByRole('heading', { name: 'This key was already shown' }).waitFor();
    expect(await page.content()).not.toContain(key);
    await screenshotWithAxe(page, 'key-already-shown-light');
    expect(await sql(svc, 'select id from api_keys order by id')).toEqual(keysBefore);
    await page.getByRole('link', { name: 'Back to API keys' }).click();
    expect(await page.content()).not.toContain(key);
    // Back and forward come to the reveal page again, never to the post.
    await page.goBack();
    await page.getByRole('heading', { name: 'This key was already shown' }).waitFor();
    await page.goForward();
    await page.getByRole('heading', { name: 'Projects and API keys' }).waitFor();
    expect(await sql(svc, 'select id from api_keys order by id')).toEqual(keysBefore);
    await page.getByLabel('The old key stops').selectOption('1');
    await page.getByRole('button', { name: 'Roll key' }).click();
    await page.getByRole('heading', { name: 'Secret key rolled' }).waitFor();
    expect(await page.getByText('The old key keeps working until').count()).toBe(1);
    await page.getByRole('link', { name: 'Back to API keys' }).click();
    expect(await page.getByRole('row').filter({ hasText: 'Expires' }).count()).toBe(1);
  });

  it('the keys page in dark', async () => {
    const page = await browsers.signedIn(ownerEmail, { colorScheme: 'dark', join: false });
    await page.goto(`${base}/dashboard/keys`);
    await screenshotWithAxe(page, 'keys-dark');
  });
});
