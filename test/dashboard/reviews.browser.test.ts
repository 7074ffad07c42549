import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ScreeningEngine } from '@idgate/core';
import { SHARED_DIR } from '@idgate/inference/testing';
import type { TestService } from '../src/harness.ts';
import { documentSession, sql } from '../src/document-flows.ts';
import { startScriptedInference, type ScriptedInferenceNode } from '../src/scripted-inference.ts';
import { ensureChromium } from '../oauth/chromium.ts';
import { DashboardBrowsers, screenshotWithAxe, startDashboardTestbed, type DashboardTestbed } from './dashboard-browser.ts';

const LIST = join(SHARED_DIR, 'fixtures/sanctions/entities/yente_t1.entities.ftm.json');
const LISTED = { status: 'ok' as const, surname: 'KUZMENKO', givenNames: 'VITALY YURIEVICH', dateOfBirth: '1971-01-22', documentNumber: 'K71012245' };
const MISMATCH = { status: 'ok' as const, surname: 'EXAMPLE', givenNames: 'ANNA', dateOfBirth: '1990-01-02', documentNumber: 'D4477120X' };
const CLAIMS = { expected: { last_name: 'Example', date_of_birth: '1990-01-01' }, mismatch_policy: 'review' };
const chromiumState = ensureChromium();
if (!chromiumState.ok && process.env.CI === 'true') throw new Error(chromiumState.reason);

/**
 * The review queue and a review in Debian Chromium, light and dark, checked with axe. The reviews are made in
 * beforeAll through HTTP (screening on real list data, a scripted inference node): one aml_match, one
 * data_mismatch. The owner approves the aml_match review in the browser and sees who decided.
 */
describe.skipIf(!chromiumState.ok)('dashboard review queue pages in Chromium', () => {
  let svc: TestService;
  let node: ScriptedInferenceNode;
  let base: string;
  let tenant: DashboardTestbed['tenant'];
  const reviews: Record<string, string> = {};
  let browsers: DashboardBrowsers;
  let ownerEmail: string;

  beforeAll(async () => {
    const engine = new ScreeningEngine();
    await engine.refresh(LIST);
    node = await startScriptedInference();
    ({ svc, base, tenant, browsers, ownerEmail } = await startDashboardTestbed('reviews', {
      plan: 'starter',
      service: { inferenceNodes: [node.address], screening: engine },
    }));
    for (let i = 0; i < 50 && !svc.core.container.inference?.ready(); i++) await new Promise((r) => setTimeout(r, 100));
    for (const [reason, reading, initBody] of [
      ['aml_match', LISTED, { verification_mode: 'document' }],
      ['data_mismatch', MISMATCH, CLAIMS],
    ] as const) {
      node.readings = [reading];
      await documentSession(svc, tenant.secret_key, { selfie: Buffer.from('selfie'), document: Buffer.from('document'), initBody });
      const [row] = await sql(svc, 'select id from reviews where project_id = $1 and reason = $2', [tenant.project_id, reason]);
      reviews[reason] = row.id;
    }
  }, 120_000);
  afterAll(async () => {
    await browsers?.close();
    await svc?.close();
    await node?.close();
  });

  async function shot(page: Page, name: string): Promise<void> {
    await screenshotWithAxe(page, name);
    const html = await page.content();
    for (const value of ['1971-01-22', 'K71012245', '1990-01-02', 'D4477120X']) expect(html, name).not.toContain(value);
  }

  it('the queue, an aml_match review, and approving it (light)', async () => {
    const page = await browsers.signedIn(ownerEmail, { colorScheme: 'light', join: true });
    await page.getByRole('link', { name: 'Review queue' }).click();
    await page.getByRole('heading', { name: 'Review queue', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: /^Open review/ }).count()).toBe(2);
    await shot(page, 'reviews-light');
    await page.getByRole('link', { name: `Open review ${reviews.aml_match}` }).click();
    await page.getByRole('heading', { name: 'List matches' }).waitFor();
    await shot(page, 'review-aml-light');
    await page.getByLabel('Note (optional, kept with the review)').fill('Namesake: different birth year on file.');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(`Approved by ${ownerEmail} at`).waitFor();
    await shot(page, 'review-approved-light');
    const [row] = await sql(svc, 'select status from reviews where id = $1', [reviews.aml_match]);
    expect(row.status).toBe('approved');
  });

  it('the queue and a data_mismatch review (dark)', async () => {
    const page = await browsers.signedIn(ownerEmail, { colorScheme: 'dark', join: false });
    await page.goto(`${base}/dashboard/reviews`);
    await shot(page, 'reviews-dark');
    await page.goto(`${base}/dashboard/reviews/${reviews.data_mismatch}`);
    await page.getByRole('heading', { name: 'Data match' }).waitFor();
    await shot(page, 'review-mismatch-dark');
    await page.goto(`${base}/dashboard/reviews/${reviews.aml_match}`);
    await shot(page, 'review-approved-dark');
  });

  it('a queue of more than 100 pages by its later and earlier links (light)', async () => {
    // 120 clones of the open data_mismatch review and its session, two to a timestamp.
    await sql(
      svc,
      `insert into sessions select (jsonb_populate_record(null::sessions, to_jsonb(s) || jsonb_build_object(
         'id', 'ses_br' || lpad(g::text, 4, '0'), 'init_token_hash', md5('i' || g), 'result_token_hash', md5('r' || g),
         'widget_token_hash', null))).* from sessions s, generate_series(1, 120) g
       where s.id = (select session_id from reviews where id = $1)`,
      [reviews.data_mismatch],
    );
    await sql(
      svc,
      `insert into reviews select (jsonb_populate_record(null::reviews, to_jsonb(r) || jsonb_build_object(
         'id', 'rev_br' || substr(md5(g::text), 1, 12), 'session_id', 'ses_br' || lpad(g::text, 4, '0'),
         'created_at', timestamptz '2026-01-01 00:00:00+00' + ((g / 2) || ' seconds')::interval))).*
       from reviews r, generate_series(1, 120) g where r.id = $1`,
      [reviews.data_mismatch],
    );
    const page = await browsers.signedIn(ownerEmail, { colorScheme: 'light', join: false });
    await page.goto(`${base}/dashboard/reviews`);
    const opened = page.getByRole('link', { name: /^Open review/ });
    expect(await opened.count()).toBe(100);
    const firstOnPage1 = await opened.first().getAttribute('href');
    expect(await page.getByRole('link', { name: 'Earlier reviews' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Later reviews' }).click();
    await page.waitForURL(/after=/);
    expect(await opened.count()).toBe(21);
    expect(await page.getByRole('link', { name: 'Later reviews' }).count()).toBe(0);
    await shot(page, 'reviews-page-2-light');
    await page.getByRole('link', { name: 'Earlier reviews' }).click();
    await page.waitForURL(/before=/);
    expect(await opened.count()).toBe(100);
    expect(await opened.first().getAttribute('href')).toBe(firstOnPage1);
  });
});
