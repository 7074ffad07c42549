import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { devMailbox } from '@idgate/oauth';
import { BACKENDS } from '../src/backends.ts';
import { startTestService, type TestService } from '../src/harness.ts';
import { freePort } from '../oauth/browser.ts';
import { ensureChromium, launchChromium } from '../oauth/chromium.ts';
import { axeViolations } from '../widget/a11y.ts';

const SHOTS = fileURLToPath(new URL('../../test-output/dashboard/', import.meta.url));
const PASSWORD = 'correct horse battery';
const chromiumState = ensureChromium();
if (!chromiumState.ok && process.env.CI === 'true') throw new Error(chromiumState.reason);
if (!chromiumState.ok) console.warn(`[dashboard pages] skipped: ${chromiumState.reason}`);

const linkIn = (text: string | undefined) => /https?:\/\/\S+\/dashboard\/invitations\/xdi_[\w-]+/.exec(text ?? '')?.[0];

/**
 * The dashboard's team pages in Debian Chromium: the operator's invitation, joining, inviting a developer
 * and a reviewer, what a reviewer sees, the audit log; every page screenshotted in light and dark
 * (test-output/dashboard/) with axe reporting no violation of any impact.
 */
describe.skipIf(!chromiumState.ok)('dashboard team pages in Chromium', () => {
  let svc: TestService;
  let base: string;
  const contexts: BrowserContext[] = [];
  const stamp = Date.now();
  const ownerEmail = `owner-${stamp}@shop.example`;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    svc = await startTestService(BACKENDS[0], { PORT: String(port), BASE_URL: base });
    const tenant = await svc.createTenant();
    await svc.admin('POST', `/admin/v1/tenants/${tenant.tenant_id}/team/owners`, { email: ownerEmail });
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
    return page;
  }

  /** Screenshot in this page's scheme, then axe: no finding of any impact. */
  async function shot(page: Page, name: string, scheme: 'light' | 'dark'): Promise<void> {
    await page.screenshot({ path: `${SHOTS}${name}-${scheme}.png`, fullPage: true });
    expect(await axeViolations(page), `${name} (${scheme})`).toEqual([]);
  }

  it('the owner joins from the mailed link and invites a developer and a reviewer', async () => {
    const page = await browser('light');
    await page.goto(linkIn(devMailbox.lastTo(ownerEmail)?.text)!);
    await shot(page, 'join', 'light');
    await page.getByLabel('New password').fill('too short');
    await page.getByRole('button', { name: 'Join the team' }).click();
    // The browser's own minlength check stops the form; the server checks too (dashboard-team.test.ts).
    expect(page.url()).toContain('/dashboard/invitations/');
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Join the team' }).click();
    await page.getByRole('heading', { name: 'Team' }).waitFor();
    expect(await page.getByRole('status').innerText()).toBe('Welcome to your team.');

    for (const [email, role] of [
      [`dev-${stamp}@shop.example`, 'Developer'],
      [`rev-${stamp}@shop.example`, 'Reviewer'],
    ] as const) {
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Role', { exact: true }).selectOption({ label: role });
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByText('Invitation sent.').waitFor();
      expect(linkIn(devMailbox.lastTo(email)?.text)).toBeDefined();
    }
    const rows = await page.getByRole('row').allInnerTexts();
    expect(rows.some((r) => r.includes(`dev-${stamp}@shop.example`) && r.includes('Developer') && r.includes('Invited'))).toBe(true);
    await shot(page, 'team-owner', 'light');
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    expect(await page.getByRole('row').count()).toBeGreaterThanOrEqual(5);
    await shot(page, 'audit', 'light');
  });

  it('a reviewer joins and sees no invitation form; the pages in dark', async () => {
    const page = await browser('dark');
    await page.goto(linkIn(devMailbox.lastTo(`rev-${stamp}@shop.example`)?.text)!);
    await shot(page, 'join', 'dark');
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Join the team' }).click();
    await page.getByRole('heading', { name: 'Team' }).waitFor();
    expect(await page.getByRole('button', { name: 'Send invitation' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Change role' }).count()).toBe(0);
    await shot(page, 'team-reviewer', 'dark');
    await page.getByRole('link', { name: 'Audit log' }).click();
    await shot(page, 'audit', 'dark');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You are signed out.').waitFor();
    await shot(page, 'sign-in', 'dark');
  });

  it('signs in, changes a role and shows a refusal page, light and dark', async () => {
    const page = await browser('light');
    await page.goto(`${base}/dashboard/sign-in`);
    await shot(page, 'sign-in', 'light');
    await page.getByLabel('Password').fill('wrong password!!');
    await page.getByLabel('Email').fill(ownerEmail);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').innerText()).toBe('The email address or the password is wrong.');
    await shot(page, 'sign-in-failed', 'light');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Team' }).waitFor();
    // The only owner cannot demote themself: core refuses, the page says why.
    const dark = await browser('dark');
    await dark.goto(`${base}/dashboard/sign-in`);
    await dark.getByLabel('Email').fill(ownerEmail);
    await dark.getByLabel('Password').fill(PASSWORD);
    await dark.getByRole('button', { name: 'Sign in', exact: true }).click();
    await dark.getByRole('heading', { name: 'Team' }).waitFor();
    await shot(dark, 'team-owner', 'dark');
    const rev = page.getByRole('row').filter({ hasText: `rev-${stamp}@shop.example` });
    await rev.getByRole('combobox').selectOption({ label: 'Owner' });
    await rev.getByRole('button', { name: 'Change role' }).click();
    await page.getByText('Role changed.').waitFor();
    // The new owner is an owner now; the first demotes the second: allowed, one owner stays.
    const demoteSelf = page.getByRole('row').filter({ hasText: `rev-${stamp}@shop.example` });
    await demoteSelf.getByRole('combobox').selectOption({ label: 'Reviewer' });
    await demoteSelf.getByRole('button', { name: 'Change role' }).click();
    await page.getByText('Role changed.').waitFor();
    // A forged removal of a member of another tenant: the server's refusal page.
    await page.goto(`${base}/dashboard/team`);
    const form = await page.evaluateHandle(() => document.querySelector('form[action$="/remove"]') as HTMLFormElement);
    await page.evaluate((f) => {
      f.action = '/dashboard/team/tm_not_in_this_team/remove';
      f.submit();
    }, form);
    await page.getByRole('heading', { name: 'That did not work' }).waitFor();
    await shot(page, 'refused', 'light');
  });
});
