import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../src/harness.ts';
import { ensureChromium } from '../oauth/chromium.ts';
import { DashboardBrowsers, screenshotWithAxe, startDashboardTestbed } from './dashboard-browser.ts';
import { Receiver } from '../webhooks/support/receiver.ts';
import { waitForDeliveries } from '../webhooks/support/webhooks.ts';
import { sql } from '../src/document-flows.ts';

const chromiumState = ensureChromium();
if (!chromiumState.ok && process.env.CI === 'true') throw new Error(chromiumState.reason);

/**
 * The webhooks page and a delivery log in Debian Chromium, light and dark: create an endpoint (secret
 * shown once), send a test event that fails once and then is delivered, disable an endpoint.
 */
describe.skipIf(!chromiumState.ok)('dashboard webhooks pages in Chromium', () => {
  let svc: TestService;
  let base: string;
  let receiver: Receiver;
  let endpointId = '';
  let browsers: DashboardBrowsers;
  let ownerEmail: string;

  beforeAll(async () => {
    ({ svc, base, browsers, ownerEmail } = await startDashboardTestbed('webhooks', { env: { WEBHOOK_POLL_MS: '10' } }));
    receiver = await Receiver.start();
    // The first request fails, so the log shows a failed attempt, a retry and a success.
    receiver.behaviour = (_r, i) => ({ status: i === 0 ? 500 : 200 });
    await svc.core.container.webhooks.dispatcher().start();
  }, 60_000);
  afterAll(async () => {
    await browsers?.close();
    await svc?.core.container.webhooks.dispatcher().stop();
    await receiver?.close();
    await svc?.close();
  });

  it('creates an endpoint, sends a test event and shows its delivery log', async () => {
    const page = await browsers.signedIn(ownerEmail, { colorScheme: 'light', join: true });
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByLabel('URL', { exact: true }).fill(`${receiver.url}/hooks`);
    await page.getByRole('checkbox', { name: 'session.completed' }).check();
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    await page.getByRole('heading', { name: 'Endpoint created' }).waitFor();
    const secret = await page.locator('dl.keys code').nth(1).innerText();
    expect(secret).toMatch(/^whsec_/);
    await screenshotWithAxe(page, 'webhook-created-light');
    // A reload GETs the reveal page again: no second endpoint, and the secret is not shown twice.
    const endpointsBefore = await sql(svc, 'select id from webhook_endpoints order by id');
    expect((await page.reload())!.status()).toBe(410);
    await page.getByRole('heading', { name: 'This signing secret was already shown' }).waitFor();
    expect(await page.content()).not.toContain(secret);
    await screenshotWithAxe(page, 'webhook-already-shown-light');
    expect(await sql(svc, 'select id from webhook_endpoints order by id')).toEqual(endpointsBefore);
    await page.getByRole('link', { name: 'Back to webhooks' }).click();
    expect(await page.content()).not.toContain(secret);
    endpointId = /\/dashboard\/webhooks\/(we_[\w-]+)/.exec(await page.content())![1]!;

    await page.getByRole('button', { name: /^Send test event/ }).click();
    await page.getByRole('heading', { name: 'Deliveries', level: 1 }).waitFor();
    const [first] = await waitForDeliveries(svc, endpointId, (l) => l[0]?.attempts.length === 1);
    svc.clock.set(new Date(Date.parse(first.next_attempt_at) + 1));
    await waitForDeliveries(svc, endpointId, (l) => l[0]?.status === 'delivered');
    // A second endpoint, disabled, so the page shows both states.
    await page.goto(`${base}/dashboard/webhooks`);
    await page.getByLabel('URL', { exact: true }).fill(`${receiver.url}/paused`);
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    await page.getByRole('link', { name: 'Back to webhooks' }).click();
    await page.getByRole('button', { name: `Disable ${receiver.url}/paused` }).click();
    await page.getByText('Endpoint disabled').waitFor();
    await screenshotWithAxe(page, 'webhooks-light');
    await page.goto(`${base}/dashboard/webhooks/${endpointId}`);
    expect(await page.getByText('HTTP 500').count()).toBe(1);
    expect(await page.getByText('HTTP 200').count()).toBe(1);
    await screenshotWithAxe(page, 'webhook-deliveries-light');
  });

  it('the webhooks page and the delivery log in dark', async () => {
    const page = await browsers.signedIn(ownerEmail, { colorScheme: 'dark', join: false });
    await page.goto(`${base}/dashboard/webhooks`);
    await screenshotWithAxe(page, 'webhooks-dark');
    await page.goto(`${base}/dashboard/webhooks/${endpointId}`);
    await screenshotWithAxe(page, 'webhook-deliveries-dark');
  });
});
