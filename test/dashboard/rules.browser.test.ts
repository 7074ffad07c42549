import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InferenceNode } from '@idgate/inference';
import type { TestService } from '../src/harness.ts';
import { sql } from '../src/document-flows.ts';
import { ensureChromium } from '../oauth/chromium.ts';
import { DashboardBrowsers, screenshotWithAxe, startDashboardTestbed, type DashboardTestbed } from './dashboard-browser.ts';
import { FACES_DIR } from '@idgate/inference/testing';
import { inferenceReady, NO_FACE_JPEG, startTestInferenceNode } from '../src/face-fixtures.ts';

const chromiumState = ensureChromium();
if (!chromiumState.ok && process.env.CI === 'true') throw new Error(chromiumState.reason);

/**
 * The Rules section in Debian Chromium, light and dark: save rules with an own country list, the blacklist
 * with an entry of each source (seeded rows: adding by session needs a face the server checked, which
 * test/integration/dashboard-rules.test.ts does with a real inference node) and a delete, and the Face 2FA
 * confirmation step; a photo uploaded through the file input (a real face, embedded by a real inference
 * node) and a photo with no face, refused with its code; the Face 2FA enrolment list leading to the
 * confirmation; axe finds no violation.
 */
describe.skipIf(!chromiumState.ok)('dashboard rules pages in Chromium', () => {
  let svc: TestService;
  let base: string;
  let tenant: DashboardTestbed['tenant'];
  let browsers: DashboardBrowsers;
  let node: InferenceNode;
  let ownerEmail: string;

  beforeAll(async () => {
    node = await startTestInferenceNode();
    ({ svc, base, tenant, browsers, ownerEmail } = await startDashboardTestbed('rules', { service: { inferenceNodes: [node.address] } }));
    await inferenceReady(svc);
    await sql(
      svc,
      `insert into face_enrollments (project_id, external_user_id, embedding_sealed, created_at)
       values ($1, 'user-7', 'sealed-placeholder', now()), ($1, 'user-8', 'sealed-placeholder', now())`,
      [tenant.project_id],
    );
    for (const [id, source, reason, minutes] of [
      ['bl_seededSession01', 'session', 'Chargeback fraud, order 4411', 30],
      ['bl_seededImage0002', 'image', 'Fake account ring', 10],
    ] as const) {
      await sql(
        svc,
        `insert into blacklist_entries (id, account_id, project_id, source, reason, status, embedding_sealed, created_at, processed_at)
         values ($1, $2, $3, $4, $5, 'active', 'sealed-placeholder', now() - make_interval(mins => $6), now())`,
        [id, tenant.tenant_id, tenant.project_id, source, reason, minutes],
      );
    }
  }, 120_000);
  afterAll(async () => {
    await browsers?.close();
    await svc?.close();
    await node?.close();
  });

  it('saves rules, deletes a blacklist entry and confirms a Face 2FA deletion', async () => {
    const page = await browsers.signedIn(ownerEmail, { colorScheme: 'light', join: true });
    await page.getByRole('link', { name: 'Rules', exact: true }).click();
    await page.getByRole('heading', { name: 'Rules', exact: true }).waitFor();
    await screenshotWithAxe(page, 'rules-light');
    await page.getByLabel('Content category').selectOption('gambling');
    await page.getByLabel("This project's own list").check();
    await page.getByLabel('Own list: ISO 3166-1 alpha-2 codes, separated by commas or spaces').fill('us, gb DE');
    await page.getByLabel(/Run the face checks on the server/).check();
    await page.getByRole('checkbox', { name: /Facial age estimate/ }).uncheck();
    await page.getByLabel(/Proof at most this old/).fill('180');
    await page.getByRole('button', { name: 'Save rules' }).click();
    await page.getByText('Rules saved').waitFor();
    expect(await page.getByText('In force now: DE GB US').count()).toBe(1);
    await screenshotWithAxe(page, 'rules-saved-light');

    await page.getByRole('link', { name: 'Blacklist' }).click();
    await page.getByRole('heading', { name: 'Blacklist' }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'bl_seeded' }).count()).toBe(2);
    await screenshotWithAxe(page, 'blacklist-light');
    expect(await page.content()).not.toContain('sealed-placeholder');
    await page.getByRole('button', { name: 'Delete entry bl_seededImage0002' }).click();
    await page.getByText('Entry deleted').waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'bl_seeded' }).count()).toBe(1);

    // A photo through the file input: the face is embedded on the server and the image dropped.
    const upload = page.locator('form[action="/dashboard/blacklist/image"]');
    await upload.getByLabel(/Photo/).setInputFiles(`${FACES_DIR}/brad_1.jpg`);
    await upload.getByLabel('Reason').fill('Stolen identity');
    await upload.getByRole('button', { name: 'Add to blacklist' }).click();
    await page.getByText('The image was not kept').waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'Stolen identity' }).count()).toBe(1);
    await screenshotWithAxe(page, 'blacklist-image-added-light');

    await page.getByRole('link', { name: 'Face 2FA users' }).click();
    await page.getByRole('heading', { name: 'Face 2FA users' }).waitFor();
    expect(
      await page
        .getByRole('row')
        .filter({ hasText: /user-[78]/ })
        .count(),
    ).toBe(2);
    expect(await page.content()).not.toContain('sealed-placeholder');
    await screenshotWithAxe(page, 'face-2fa-list-light');
    await page.getByRole('button', { name: 'Delete user user-7…' }).click();
    await page.getByRole('heading', { name: 'Delete a Face 2FA user?' }).waitFor();
    await page.getByRole('button', { name: 'Delete user', exact: true }).click();
    await page.getByText("The user's enrolled face and challenges are deleted.").waitFor();
    expect(
      await page
        .getByRole('row')
        .filter({ hasText: /user-[78]/ })
        .count(),
    ).toBe(1);

    await page.getByLabel('User id').fill('user-42');
    await page.getByRole('button', { name: 'Delete user…' }).click();
    await page.getByRole('heading', { name: 'Delete a Face 2FA user?' }).waitFor();
    await screenshotWithAxe(page, 'face-2fa-confirm-light');
    await page.getByRole('button', { name: 'Delete user' }).click();
    await page.getByText('had no enrolled face').waitFor();
  });

  it('the rules, blacklist and Face 2FA pages in dark, with a refused and an accepted photo', async () => {
    const page = await browsers.signedIn(ownerEmail, { colorScheme: 'dark', join: false });
    await page.goto(`${base}/dashboard/rules`);
    await screenshotWithAxe(page, 'rules-dark');
    await page.goto(`${base}/dashboard/blacklist`);
    await screenshotWithAxe(page, 'blacklist-dark');
    const activeImageEntries = async () => (await sql(svc, "select id from blacklist_entries where source = 'image' and status = 'active'")).length;
    const before = await activeImageEntries();

    // A photo with no face: the page names the catalogue code, and nothing is added.
    const upload = page.locator('form[action="/dashboard/blacklist/image"]');
    await upload.getByLabel(/Photo/).setInputFiles({ name: 'empty-wall.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(NO_FACE_JPEG, 'base64') });
    await upload.getByLabel('Reason').fill('No face here');
    await upload.getByRole('button', { name: 'Add to blacklist' }).click();
    await page.getByText('FACE_NOT_FOUND').first().waitFor();
    expect(await activeImageEntries()).toBe(before);
    expect(await page.getByRole('row').filter({ hasText: 'No face here' }).count()).toBe(0);
    await screenshotWithAxe(page, 'blacklist-image-refused-dark');

    // The refusal leads back to the blacklist, where the form was.
    await page.getByRole('link', { name: 'Back to the page you were on' }).click();
    await page.getByRole('heading', { name: 'Blacklist' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/blacklist');
    await upload.getByLabel(/Photo/).setInputFiles(`${FACES_DIR}/nicole_1.jpg`);
    await upload.getByLabel('Reason').fill('Account takeover');
    await upload.getByRole('button', { name: 'Add to blacklist' }).click();
    await page.getByText('The image was not kept').waitFor();
    expect(await activeImageEntries()).toBe(before + 1);
    await screenshotWithAxe(page, 'blacklist-image-added-dark');

    await page.goto(`${base}/dashboard/face-2fa`);
    await page.getByRole('heading', { name: 'Face 2FA users' }).waitFor();
    await screenshotWithAxe(page, 'face-2fa-list-dark');
  });
});
