import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from '../src/harness.ts';
import { sql } from '../src/document-flows.ts';
import { init } from '../src/flows.ts';
import { ensureChromium } from '../oauth/chromium.ts';
import { DashboardBrowsers, screenshotWithAxe, startDashboardTestbed, type DashboardTestbed } from './dashboard-browser.ts';

const chromiumState = ensureChromium();
if (!chromiumState.ok && process.env.CI === 'true') throw new Error(chromiumState.reason);

/**
 * The usage page and the sessions list in Debian Chromium, light and dark: an owner sets a budget that the
 * month's spend has reached (the page explains the 402), and the sessions of a project with a filter form.
 */
describe.skipIf(!chromiumState.ok)('dashboard usage and sessions pages in Chromium', () => {
  let svc: TestService;
  let base: string;
  let tenant: DashboardTestbed['tenant'];
  let browsers: DashboardBrowsers;
  let ownerEmail: string;

  beforeAll(async () => {
    ({ svc, base, tenant, browsers, ownerEmail } = await startDashboardTestbed('usage'));
    await svc.admin('PATCH', `/admin/v1/tenants/${tenant.tenant_id}`, { plan: 'starter', top_up_checks: 200 });
    for (let i = 0; i < 6; i++) {
      svc.clock.advance(60_000);
      expect((await init(svc, tenant.secret_key, { user_id: `user-${i}` })).status).toBe(200);
    }
    const rows = (await sql(svc, 'select id from sessions where project_id = $1 order by created_at', [tenant.project_id])) as { id: string }[];
    // A few decided sessions, so the table shows completed times, types and paths.
    await sql(
      svc,
      "update sessions set status = 'success', path = 'A', verification_type = 'age_estimation', ip_country = 'DE', completed_at = created_at + interval '40 seconds' where id = any($1)",
      [rows.slice(0, 3).map((r) => r.id)],
    );
    await sql(
      svc,
      "update sessions set status = 'failed', path = 'B', verification_type = 'full', ip_country = 'FR', completed_at = created_at + interval '2 minutes' where id = $1",
      [rows[3]!.id],
    );
    const repo = svc.core.container.repositories.billing;
    for (let i = 0; i < 3; i++)
      await repo.insertOnce({
        id: `bil_shot_${i}`,
        accountId: tenant.tenant_id,
        projectId: tenant.project_id,
        sessionId: null,
        idempotencyKey: `shot-${i}`,
        kind: 'verification',
        month: svc.clock.now().toISOString().slice(0, 7),
        included: 0,
        paidFrom: 'metered',
        amountCents: 80,
        createdAt: svc.clock.now(),
      });
  }, 60_000);
  afterAll(async () => {
    await browsers?.close();
    await svc?.close();
  });

  it('sets a budget the spend has reached: the page explains the 402; the sessions list filters', async () => {
    const page = await browsers.signedIn(ownerEmail, { colorScheme: 'light', join: true });
    await page.getByRole('link', { name: 'Usage' }).click();
    await page.getByRole('heading', { name: 'Usage and billing', level: 1 }).waitFor();
    await page.getByRole('checkbox', { name: /Stop new sessions/ }).check();
    await page.getByLabel('Budget (US dollars a month)').fill('2.40');
    await page.getByRole('button', { name: 'Save budget' }).click();
    await page.getByText('Budget saved').waitFor();
    expect(await page.getByText('402 BUDGET_EXCEEDED', { exact: false }).count()).toBeGreaterThan(0);
    await screenshotWithAxe(page, 'usage-light');

    await page.getByRole('link', { name: 'Sessions' }).click();
    await page.getByRole('heading', { name: 'Sessions', level: 1 }).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(6);
    expect(await page.content()).not.toContain('user-0');
    await screenshotWithAxe(page, 'sessions-light');
    await page.getByLabel('Status').selectOption('success');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/status=success/);
    expect(await page.locator('tbody tr').count()).toBe(3);
  });

  it('the usage page and the sessions list in dark', async () => {
    const page = await browsers.signedIn(ownerEmail, { colorScheme: 'dark', join: false });
    await page.goto(`${base}/dashboard/usage`);
    await screenshotWithAxe(page, 'usage-dark');
    await page.goto(`${base}/dashboard/sessions`);
    await screenshotWithAxe(page, 'sessions-dark');
  });
});
