import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { devMailbox } from '@idgate/oauth';
import { BACKENDS } from '../src/backends.ts';
import { startTestService, type TestService } from '../src/harness.ts';
import { sql } from '../src/document-flows.ts';
import { invitationLinkIn } from '../src/dashboard-client.ts';
import { init } from '../src/flows.ts';
import { freePort } from '../oauth/browser.ts';
import { axeViolations } from '../widget/a11y.ts';
import { ensureChromium } from '../oauth/chromium.ts';
import { DashboardBrowsers, MEMBER_PASSWORD, screenshotWithAxe, submitInjectedForm } from './dashboard-browser.ts';

const chromiumState = ensureChromium();
if (!chromiumState.ok && process.env.CI === 'true') throw new Error(chromiumState.reason);

type Scheme = 'light' | 'dark';

/**
 * Every dashboard page in Debian Chromium, light and dark, each screenshotted (test-output/dashboard/page-*.png)
 * and checked with axe: no finding of any impact. Besides the section pages this covers the answers of a
 * form: the refusal page of a role, a failed sign-in, a key or signing secret shown once, the Face 2FA
 * deletion confirmation, each review's detail (aml_match, data_mismatch, decided, a retake), an invitation
 * accepted and one expired, and an expired form. Reviews, a blacklist entry and an enrolled face are written
 * as their flows write them (the flows themselves are tested in test/integration).
 */
describe.skipIf(!chromiumState.ok)('every dashboard page in Chromium, light and dark', () => {
  let svc: TestService;
  let base: string;
  let tenant: { tenant_id: string; project_id: string; secret_key: string };
  let browsers: DashboardBrowsers;
  let endpointId: string;
  const stamp = Date.now();
  const ownerEmail = `owner-pages-${stamp}@shop.example`;
  const reviews: Record<string, string> = {};

  /** A form post from the page's own origin with its CSRF token, as the page's forms send it. */
  async function postForm(page: Page, path: string, fields: Record<string, string>, csrf?: string): Promise<void> {
    const token = csrf ?? (await page.locator('input[name="csrf"]').first().inputValue());
    await Promise.all([page.waitForLoadState('load'), page.waitForURL(() => true), submitInjectedForm(page, path, { csrf: token, ...fields })]);
    await page.waitForLoadState('load');
  }

  async function review(scheme: Scheme, reason: 'aml_match' | 'data_mismatch', n: number): Promise<string> {
    const i = await init(svc, tenant.secret_key);
    expect(i.status, i.text).toBe(200);
    const [session] = await sql(svc, 'select id from sessions where project_id = $1 and id not in (select session_id from reviews) limit 1', [
      tenant.project_id,
    ]);
    await sql(svc, "update sessions set status = 'pending_tenant_review' where id = $1", [session.id]);
    const id = `rev_pages_${scheme}_${reason}_${n}`;
    const context =
      reason === 'aml_match'
        ? { aml: [{ matched_name: 'Vitaly Kuzmenko', matched_name_latin: 'Vitaly Kuzmenko', score: 0.92, source_lists: ['un_sc', 'eu_fsf'] }] }
        : { data_match: { fields: { last_name: 'match', date_of_birth: 'mismatch', first_name: 'not_on_document' } } };
    await sql(svc, 'insert into reviews (id, session_id, project_id, reason, context, status, created_at) values ($1, $2, $3, $4, $5, $6, $7)', [
      id,
      session.id,
      tenant.project_id,
      reason,
      JSON.stringify(context),
      'open',
      svc.clock.now(),
    ]);
    return id;
  }

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    browsers = new DashboardBrowsers(base);
    svc = await startTestService(BACKENDS[0], { PORT: String(port), BASE_URL: base });
    tenant = await svc.createTenant();
    await svc.admin('POST', `/admin/v1/tenants/${tenant.tenant_id}/team/owners`, { email: ownerEmail });
    for (const scheme of ['light', 'dark'] as const) {
      reviews[`${scheme}-aml`] = await review(scheme, 'aml_match', 1);
      reviews[`${scheme}-mismatch`] = await review(scheme, 'data_mismatch', 2);
      reviews[`${scheme}-retake`] = await review(scheme, 'aml_match', 3);
    }
    const at = svc.clock.now();
    await sql(
      svc,
      'insert into blacklist_entries (id, account_id, project_id, source, reason, status, embedding_sealed, created_at, processed_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $8)',
      [`bl_pages_${stamp}`, tenant.tenant_id, tenant.project_id, 'session', 'Chargeback fraud ring', 'active', 'sealed', at],
    );
    for (const user of ['user-light', 'user-dark'])
      await sql(svc, 'insert into face_enrollments (project_id, external_user_id, embedding_sealed, created_at) values ($1, $2, $3, $4)', [
        tenant.project_id,
        user,
        'sealed',
        at,
      ]);
  }, 180_000);
  afterAll(async () => {
    await browsers?.close();
    await svc?.close();
  });

  it('axe runs on the page and reports findings of every impact (the check can fail)', async () => {
    const page = await browsers.anonymous('light');
    await page.setContent('<!doctype html><html><head><title>t</title></head><body><main><img src="x.png"><h3>Skipped levels</h3></main></body></html>');
    const ids = (await axeViolations(page)).map((v) => v.id);
    expect(ids).toEqual(expect.arrayContaining(['html-has-lang', 'image-alt']));
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`the owner's pages and the answers of their forms (${scheme})`, async () => {
      const page = await browsers.signedIn(ownerEmail, { colorScheme: scheme, join: scheme === 'light' });
      const shot = (name: string) => screenshotWithAxe(page, `page-${name}-${scheme}`);
      const go = async (path: string, name: string) => {
        const res = await page.goto(`${base}${path}`);
        expect(res?.status(), path).toBe(200);
        await shot(name);
      };
      await go('/dashboard/team', 'team');
      await go('/dashboard/audit', 'audit');

      await go('/dashboard/keys', 'keys');
      await postForm(page, '/dashboard/keys/projects', { name: `Staging ${scheme}` });
      await page.getByRole('heading', { name: 'Project created' }).waitFor();
      await shot('project-created');
      await page.goto(`${base}/dashboard/keys`);
      await postForm(page, `/dashboard/keys/projects/${tenant.project_id}/restricted`, { 'scope:verify:init': '1' });
      await page.getByRole('heading', { name: 'Restricted key created' }).waitFor();
      await shot('key-created');
      await page.goto(`${base}/dashboard/keys`);
      await postForm(page, `/dashboard/keys/projects/${tenant.project_id}/roll`, { kind: 'public', overlap_hours: '24' });
      await page.getByRole('heading', { name: 'Public key rolled' }).waitFor();
      await shot('key-rolled');

      await go('/dashboard/webhooks', 'webhooks');
      await postForm(page, `/dashboard/webhooks/projects/${tenant.project_id}`, { url: `http://127.0.0.1:9/${scheme}`, 'event:session.success': '1' });
      await page.getByRole('heading', { name: 'Endpoint created' }).waitFor();
      await shot('webhook-created');
      const [row] = await sql(svc, 'select id from webhook_endpoints where url = $1', [`http://127.0.0.1:9/${scheme}`]);
      endpointId = row.id;
      await postForm(page, `/dashboard/webhooks/${endpointId}/rotate`, { overlap_hours: '24' });
      await page.getByRole('heading', { name: 'Signing secret rotated' }).waitFor();
      await shot('webhook-rotated');
      await postForm(page, `/dashboard/webhooks/${endpointId}/test`, {});
      await page.getByText('Test event queued').waitFor();
      await shot('webhook-deliveries');
      await postForm(page, `/dashboard/webhooks/${endpointId}/disable`, {});
      await page.getByText('Endpoint disabled').waitFor();
      await shot('webhooks-disabled');

      await go('/dashboard/reviews', 'reviews');
      await go(`/dashboard/reviews/${reviews[`${scheme}-aml`]}`, 'review-aml');
      await go(`/dashboard/reviews/${reviews[`${scheme}-mismatch`]}`, 'review-mismatch');
      await postForm(page, `/dashboard/reviews/${reviews[`${scheme}-aml`]}/decide`, { decision: 'approve', note: 'Namesake: different birth year.' });
      await page.getByText(`Approved by ${ownerEmail}`).waitFor();
      await shot('review-approved');
      await page.goto(`${base}/dashboard/reviews/${reviews[`${scheme}-retake`]}`);
      await postForm(page, `/dashboard/reviews/${reviews[`${scheme}-retake`]}/decide`, { decision: 'retake' });
      await shot('review-retake');
      await go('/dashboard/reviews?status=approved', 'reviews-approved');

      await go('/dashboard/rules', 'rules');
      await postForm(page, `/dashboard/rules/projects/${tenant.project_id}`, {
        content_category: 'gambling',
        countries_mode: 'custom',
        countries: 'us, gb',
        server_side_checks: '1',
        'method:document': '1',
        token_max_age_days: '90',
      });
      await page.getByText('Rules saved').waitFor();
      await shot('rules-saved');
      await go('/dashboard/blacklist', 'blacklist');
      await go('/dashboard/face-2fa', 'face-2fa');
      await postForm(page, '/dashboard/face-2fa/confirm', { project: tenant.project_id, user_id: `user-${scheme}` });
      await page.getByRole('heading', { name: 'Delete a Face 2FA user?' }).waitFor();
      await shot('face-2fa-confirm');
      await page.getByRole('button', { name: 'Delete user' }).click();
      await page.getByText("The user's enrolled face and challenges are deleted.").waitFor();
      await shot('face-2fa-deleted');

      await go('/dashboard/usage', 'usage');
      await go('/dashboard/sessions', 'sessions');
      await go(`/dashboard/sessions?status=pending_tenant_review&project=${tenant.project_id}`, 'sessions-filtered');

      // A form whose CSRF token is not this session's: the refusal page of an expired form.
      await page.goto(`${base}/dashboard/usage`);
      await postForm(page, '/dashboard/usage/budget', { enabled: '0' }, 'not-this-sessions-token');
      await page.getByText('This form has expired').waitFor();
      await shot('form-expired');
    }, 360_000);

    it(`a reviewer's joining, the page refused to the role, a failed sign-in, an expired invitation (${scheme})`, async () => {
      const owner = await browsers.signedIn(ownerEmail, { colorScheme: scheme, join: false });
      const invite = async (email: string, role: string) => {
        await owner.getByLabel('Email', { exact: true }).fill(email);
        await owner.getByLabel('Role', { exact: true }).selectOption({ value: role });
        await owner.getByRole('button', { name: 'Send invitation' }).click();
        await owner.getByText('Invitation sent.').waitFor();
      };
      const reviewerEmail = `rev-pages-${scheme}-${stamp}@shop.example`;
      await invite(reviewerEmail, 'reviewer');
      const reviewer = await browsers.signedIn(reviewerEmail, { colorScheme: scheme, join: true });
      expect(await reviewer.getByRole('status').innerText()).toBe('Welcome to your team.');
      await screenshotWithAxe(reviewer, `page-invitation-accepted-${scheme}`);
      const refused = await reviewer.goto(`${base}/dashboard/keys`);
      expect(refused?.status()).toBe(403);
      await reviewer.getByRole('heading', { name: 'Not allowed' }).waitFor();
      await screenshotWithAxe(reviewer, `page-refused-${scheme}`);

      const anonymous = await browsers.anonymous(scheme);
      await screenshotWithAxe(anonymous, `page-sign-in-${scheme}`);
      await anonymous.getByLabel('Email').fill(reviewerEmail);
      await anonymous.getByLabel('Password').fill('not the password at all');
      await anonymous.getByRole('button', { name: 'Sign in', exact: true }).click();
      await anonymous.getByRole('alert').waitFor();
      await screenshotWithAxe(anonymous, `page-sign-in-failed-${scheme}`);
      await anonymous.goto(`${base}/dashboard/sign-in?signed_out=1`);
      await screenshotWithAxe(anonymous, `page-signed-out-${scheme}`);

      const lateEmail = `late-pages-${scheme}-${stamp}@shop.example`;
      await invite(lateEmail, 'developer');
      await sql(svc, 'update team_invitations set expires_at = $2 where member_id = (select id from team_members where email = $1)', [
        lateEmail,
        new Date(svc.clock.now().getTime() - 60_000),
      ]);
      await anonymous.goto(invitationLinkIn(devMailbox.lastTo(lateEmail)?.text)!);
      await screenshotWithAxe(anonymous, `page-invitation-${scheme}`);
      await anonymous.getByLabel('New password').fill(MEMBER_PASSWORD);
      await anonymous.getByRole('button', { name: 'Join the team' }).click();
      await anonymous.getByRole('alert').waitFor();
      await screenshotWithAxe(anonymous, `page-invitation-expired-${scheme}`);
    }, 360_000);
  }
});
