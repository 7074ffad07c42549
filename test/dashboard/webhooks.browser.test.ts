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
import { Receiver } from '../webhooks/support/receiver.ts';
import { waitForDeliveries } from '../webhooks/support/webhooks.ts';

const SHOTS = fileURLToPath(new URL('../../test-output/dashboard/', import.meta.url));
const PASSWORD = 'correct horse battery';
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
  let tenant: { tenant_id: string; project_id: string };
  let endpointId = '';
  const contexts: BrowserContext[] = [];
  const ownerEmail = `owner-webhooks-${Date.now()}@shop.example`;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    svc = await startTestService(BACKENDS[0], { PORT: String(port), BASE_URL: base, WEBHOOK_POLL_MS: '10' });
    receiver = await Receiver.start();
    // The first request fails, so the log shows a failed attempt, a retry and a success.
    receiver.behaviour = (_r, i) => ({ status: i === 0 ? 500 : 200 });
    await svc.core.container.webhooks.dispatcher().start();
    tenant = await svc.createTenant();
    await svc.admin('POST', `/admin/v1/tenants/${tenant.tenant_id}/team/owners`, { email: ownerEmail });
  }, 60_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await svc?.core.container.webhooks.dispatcher().stop();
    await receiver?.close();
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

  it('creates an endpoint, sends a test event and shows its delivery log', async () => {
    const page = await signedIn('light', true);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByLabel('URL', { exact: true }).fill(`${receiver.url}/hooks`);
    await page.getByRole('checkbox', { name: 'session.completed' }).check();
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    await page.getByRole('heading', { name: 'Endpoint created' }).waitFor();
    const secret = await page.locator('dl.keys code').nth(1).innerText();
    expect(secret).toMatch(/^whsec_/);
    await shot(page, 'webhook-created-light');
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
    await shot(page, 'webhooks-light');
    await page.goto(`${base}/dashboard/webhooks/${endpointId}`);
    expect(await page.getByText('HTTP 500').count()).toBe(1);
    expect(await page.getByText('HTTP 200').count()).toBe(1);
    await shot(page, 'webhook-deliveries-light');
  });

  it('the webhooks page and the delivery log in dark', async () => {
    const page = await signedIn('dark', false);
    await page.goto(`${base}/dashboard/webhooks`);
    await shot(page, 'webhooks-dark');
    await page.goto(`${base}/dashboard/webhooks/${endpointId}`);
    await shot(page, 'webhook-deliveries-dark');
  });
});
