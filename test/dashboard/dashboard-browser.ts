// A signed-in dashboard member in Debian Chromium, and screenshots checked with axe: what every dashboard
// browser test needs. Pages join from the invitation mailed to the member, or sign in with the password.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { devMailbox } from '@idgate/oauth';
import { BACKENDS } from '../src/backends.ts';
import { invitationLinkIn } from '../src/dashboard-client.ts';
import { startTestService, type TestService } from '../src/harness.ts';
import { freePort } from '../oauth/browser.ts';
import { launchChromium } from '../oauth/chromium.ts';
import { axeViolations } from '../widget/a11y.ts';

export const DASHBOARD_SHOTS = fileURLToPath(new URL('../../test-output/dashboard/', import.meta.url));
export const MEMBER_PASSWORD = 'correct horse battery';

/** Browser contexts of one test file, closed together in afterAll. */
export class DashboardBrowsers {
  private readonly contexts: BrowserContext[] = [];
  private readonly base: string;

  constructor(base: string) {
    this.base = base;
    mkdirSync(DASHBOARD_SHOTS, { recursive: true });
  }

  /**
   * A page on the team page, signed in as `email`: `join` accepts the last invitation mailed to it (choosing
   * the password), otherwise the sign-in form is used.
   */
  async signedIn(email: string, o: { colorScheme: 'light' | 'dark'; join: boolean }): Promise<Page> {
    const context = await launchChromium({ locale: 'en-US', colorScheme: o.colorScheme });
    this.contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    if (o.join) {
      await page.goto(invitationLinkIn(devMailbox.lastTo(email)?.text)!);
      await page.getByLabel('New password').fill(MEMBER_PASSWORD);
      await page.getByRole('button', { name: 'Join the team' }).click();
    } else {
      await page.goto(`${this.base}/dashboard/sign-in`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(MEMBER_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    }
    await page.getByRole('heading', { name: 'Team' }).waitFor();
    return page;
  }

  /** A page with no member signed in, on the sign-in page. */
  async anonymous(colorScheme: 'light' | 'dark'): Promise<Page> {
    const context = await launchChromium({ locale: 'en-US', colorScheme });
    this.contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${this.base}/dashboard/sign-in`);
    return page;
  }

  async close(): Promise<void> {
    for (const c of this.contexts) await c.close();
  }
}

/** A full-page screenshot in test-output/dashboard/, then axe: no finding of any impact (minor ones too). */
export async function screenshotWithAxe(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${DASHBOARD_SHOTS}${name}.png`, fullPage: true });
  expect(await axeViolations(page), name).toEqual([]);
}

/**
 * The page as it is now in light and in dark (the scheme is switched in place, no reload, so a page that
 * answered a post is shot as shown): a full-page screenshot of each in test-output/dashboard/
 * (`{name}-light.png`, `{name}-dark.png`), and axe finding nothing in either, whatever the impact.
 */
export async function screenshotBothSchemesWithFullAxe(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${DASHBOARD_SHOTS}${name}-${colorScheme}.png`, fullPage: true });
    expect(await axeViolations(page), `${name} (${colorScheme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * Adds a form to the page and submits it, as any page's own form would be sent (or a forged one injected
 * into it): a top-level navigation with the page's cookies, its origin and the given fields.
 */
export async function submitInjectedForm(page: Page, action: string, fields: Record<string, string>): Promise<void> {
  await page.evaluate(
    ({ action, fields }) => {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = action;
      for (const [name, value] of Object.entries(fields)) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    },
    { action, fields },
  );
}

/** What a dashboard page test starts from: the service on a free port, one tenant, and its owner's address. */
export interface DashboardTestbed {
  svc: TestService;
  /** The service's origin, also its BASE_URL (links and cookies name it). */
  base: string;
  tenant: Awaited<ReturnType<TestService['createTenant']>>;
  browsers: DashboardBrowsers;
  /** Invited as the tenant's owner through the admin API: `browsers.signedIn(ownerEmail, { join: true })` joins. */
  ownerEmail: string;
}

export async function startDashboardTestbed(
  name: string,
  o: { env?: Record<string, string>; plan?: string; service?: Parameters<typeof startTestService>[3] } = {},
): Promise<DashboardTestbed> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const svc = await startTestService(BACKENDS[0], { PORT: String(port), BASE_URL: base, ...o.env }, undefined, o.service);
  const tenant = await svc.createTenant(o.plan);
  const ownerEmail = `owner-${name}-${Date.now()}@shop.example`;
  await svc.admin('POST', `/admin/v1/tenants/${tenant.tenant_id}/team/owners`, { email: ownerEmail });
  return { svc, base, tenant, browsers: new DashboardBrowsers(base), ownerEmail };
}
