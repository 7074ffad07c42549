import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ScreeningEngine } from '@idgate/core';
import { runAdmin } from '@idgate/deploy';
import { SHARED_DIR } from '@idgate/inference/testing';
import { BACKENDS } from '../src/backends.ts';
import { startTestService, TEST_ADMIN_TOKEN, type TestService } from '../src/harness.ts';
import { documentSession, sql } from '../src/document-flows.ts';
import { init } from '../src/flows.ts';
import { invitationLinkIn } from '../src/dashboard-client.ts';
import { startScriptedInference, type ScriptedInferenceNode } from '../src/scripted-inference.ts';
import { startSmtpRelay, unfoldQuotedPrintable, type SmtpRelay } from '../src/smtp-relay.ts';
import { freePort } from '../oauth/browser.ts';
import { ensureChromium, launchChromiumBrowser } from '../oauth/chromium.ts';
import { Receiver, type ReceivedRequest } from '../webhooks/support/receiver.ts';
import { stripeVerify, waitForDeliveries } from '../webhooks/support/webhooks.ts';
import { MEMBER_PASSWORD, screenshotBothSchemesWithFullAxe, submitInjectedForm } from './dashboard-browser.ts';

const LIST = join(SHARED_DIR, 'fixtures/sanctions/entities/yente_t1.entities.ftm.json');
/** Read off the document of the person who waits in the review queue: a listed name. */
const LISTED = { status: 'ok' as const, surname: 'KUZMENKO', givenNames: 'VITALY YURIEVICH', dateOfBirth: '1971-01-22', documentNumber: 'K71012245' };
/** The birth date and document number of that person in every spelling a page might use: never on a page. */
const NEVER_ON_A_PAGE = ['1971-01-22', '22.01.1971', '1971', 'K71012245'];
const chromiumState = ensureChromium();
if (!chromiumState.ok && process.env.CI === 'true') throw new Error(chromiumState.reason);

const signatureOf = (r: ReceivedRequest) => r.headers['x-service-signature'];
const stampOf = (r: ReceivedRequest) => Number(/t=(\d+)/.exec(String(signatureOf(r)))![1]) * 1000;

/**
 * The whole story in one service, driven in Debian Chromium (docs/dashboard.md): the operator's CLI
 * invites the owner, who invites a developer and a reviewer through a real SMTP relay; the developer makes a
 * restricted key and a webhook endpoint, sends a test event to a real receiver, watches a failing endpoint
 * retry, get disabled, be enabled and replayed; the reviewer approves an aml_match review and review.approved
 * arrives; the owner's budget makes init answer 402; forged posts of the wrong role or without the CSRF token
 * are refused by the server. Every page is shot in light and dark, and axe finds nothing on any, whatever
 * the impact. The manual clock stands in for the retry backoff.
 */
// The limit leaves room for a shared machine, where one step took up to two minutes.
describe.skipIf(!chromiumState.ok)('the dashboard journey in Chromium', { timeout: 180_000 }, () => {
  let svc: TestService;
  let node: ScriptedInferenceNode;
  let relay: SmtpRelay;
  let receiver: Receiver;
  let base: string;
  let browser: Browser;
  let tenant: { tenant_id: string; project_id: string; secret_key: string };
  let reviewId = '';
  let failing = true;
  const stamp = Date.now();
  const email = { owner: `owner-j${stamp}@shop.example`, developer: `dev-j${stamp}@shop.example`, reviewer: `rev-j${stamp}@shop.example` };
  const pages: Partial<Record<keyof typeof email, Page>> = {};
  const endpoint = { ok: { id: '', secret: '', url: '' }, down: { id: '', url: '' } };

  /** The invitation link in the last mail the SMTP relay got for `to`. */
  async function mailedLink(to: string): Promise<string> {
    for (let i = 0; i < 200; i++) {
      const mail = relay.received.filter((m) => m.to.includes(to)).at(-1);
      const link = mail && invitationLinkIn(unfoldQuotedPrintable(mail.raw));
      if (link) return link;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no invitation mailed to ${to}`);
  }

  /**
   * A post sent from the page's own context (same origin, the page's cookie): a `fetch`, which the page's CSP
   * allows only on the team and sign-in pages (`connect-src 'self'`).
   */
  async function fetchFromPage(page: Page, action: string, form: Record<string, string>): Promise<{ status: number; text: string }> {
    return page.evaluate(
      async ({ action, body }) => {
        const res = await fetch(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body, redirect: 'manual' });
        return { status: res.status, text: await res.text() };
      },
      { action, body: new URLSearchParams(form).toString() },
    );
  }

  /** A form injected into the page and submitted (what a forged form is, on any page): the answer shown. */
  async function forgedForm(page: Page, action: string, fields: Record<string, string>): Promise<{ status: number; text: string }> {
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === action);
    await submitInjectedForm(page, action, fields);
    const res = await answered;
    const text = await res.text();
    await page.waitForURL((u) => u.pathname === action);
    await page.waitForLoadState();
    return { status: res.status(), text };
  }

  /** A person's own browser (cookies apart from the others'), in light; dark is switched per page. */
  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ locale: 'en-US', colorScheme: 'light' });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    return page;
  }

  /** Accepts a mailed invitation (choosing the password): signed in, on the team page. */
  async function joinFrom(page: Page, link: string): Promise<void> {
    await page.goto(link);
    await page.getByLabel('New password').fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: 'Join the team' }).click();
    await page.getByRole('heading', { name: 'Team' }).waitFor();
  }

  const csrfOf = (page: Page) => page.locator('input[name="csrf"]').first().inputValue();
  const keyRows = () => sql(svc, 'select id, kind, revoked_at from api_keys where project_id = $1 order by id', [tenant.project_id]);
  const budgetCents = async () => {
    const [row] = await sql(svc, 'select monthly_budget_cents from accounts where id = $1', [tenant.tenant_id]);
    return row.monthly_budget_cents === null ? null : Number(row.monthly_budget_cents); // bigint: a string on Postgres
  };

  beforeAll(async () => {
    const engine = new ScreeningEngine();
    await engine.refresh(LIST);
    node = await startScriptedInference();
    relay = await startSmtpRelay();
    receiver = await Receiver.start();
    receiver.behaviour = (r) => ({ status: failing && r.path === '/down' ? 500 : 200 });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    svc = await startTestService(
      BACKENDS[0],
      { PORT: String(port), BASE_URL: base, SMTP_URL: relay.url, WEBHOOK_POLL_MS: '10', WEBHOOK_TIMEOUT_MS: '2000' },
      undefined,
      { inferenceNodes: [node.address], screening: engine },
    );
    for (let i = 0; i < 50 && !svc.core.container.inference?.ready(); i++) await new Promise((r) => setTimeout(r, 100));
    await svc.core.container.webhooks.dispatcher().start();
    tenant = await svc.createTenant('starter');
    // The person waiting in the review queue: the document path, the listed name read off the document.
    node.readings = [LISTED];
    await documentSession(svc, tenant.secret_key, {
      selfie: Buffer.from('selfie'),
      document: Buffer.from('document'),
      initBody: { verification_mode: 'document' },
    });
    const [row] = await sql(svc, "select id from reviews where project_id = $1 and reason = 'aml_match'", [tenant.project_id]);
    reviewId = row.id;
    browser = await launchChromiumBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await svc?.core.container.webhooks.dispatcher().stop();
    await receiver?.close();
    await svc?.close();
    await relay?.close();
    await node?.close();
  });

  it('the operator invites the owner, who joins and invites a developer and a reviewer by mail', async () => {
    const invited = await runAdmin(['team', 'invite-owner', '--tenant', tenant.tenant_id, '--email', email.owner, '--json'], {
      BASE_URL: base,
      ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    });
    expect(invited).toMatchObject({ exitCode: 0, output: { email: email.owner, role: 'owner', status: 'invited', mailed: true } });
    const owner = await newPage();
    await owner.goto(await mailedLink(email.owner));
    await screenshotBothSchemesWithFullAxe(owner, 'journey-join');
    await joinFrom(owner, await mailedLink(email.owner));
    pages.owner = owner;
    for (const [to, role] of [
      [email.developer, 'Developer'],
      [email.reviewer, 'Reviewer'],
    ] as const) {
      await owner.getByLabel('Email', { exact: true }).fill(to);
      await owner.getByLabel('Role', { exact: true }).selectOption({ label: role });
      await owner.getByRole('button', { name: 'Send invitation' }).click();
      await owner.getByText('Invitation sent.').waitFor();
    }
    await screenshotBothSchemesWithFullAxe(owner, 'journey-team-owner');
  });

  it('the developer and the reviewer join from the mailed link and sign in', async () => {
    const owner = pages.owner!;
    for (const who of ['developer', 'reviewer'] as const) {
      const link = await mailedLink(email[who]);
      const page = await newPage();
      await joinFrom(page, link);
      if (who === 'reviewer') {
        // The link works once: a second use is refused with the page's own message.
        await page.goto(link);
        await page.getByLabel('New password').fill(MEMBER_PASSWORD);
        await page.getByRole('button', { name: 'Join the team' }).click();
        await page.getByRole('alert').waitFor();
        expect(await page.getByRole('alert').innerText()).toBe('This invitation is unknown, was already used or has expired; ask for a new one.');
        await screenshotBothSchemesWithFullAxe(page, 'journey-invitation-spent');
      }
      await page.goto(`${base}/dashboard/team`);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByText('You are signed out.').waitFor();
      if (who === 'reviewer') await screenshotBothSchemesWithFullAxe(page, 'journey-sign-in');
      await page.getByLabel('Email').fill(email[who]);
      await page.getByLabel('Password').fill(MEMBER_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { name: 'Team' }).waitFor();
      pages[who] = page;
    }
    await owner.reload();
    const rows = await owner.getByRole('row').allInnerTexts();
    for (const [to, role] of [
      [email.developer, 'Developer'],
      [email.reviewer, 'Reviewer'],
    ])
      expect(rows.some((r) => r.includes(to) && r.includes(role) && r.includes('Active'))).toBe(true);
    await screenshotBothSchemesWithFullAxe(pages.reviewer!, 'journey-team-reviewer');
  });

  it('the developer creates a restricted key, shown once', async () => {
    const page = pages.developer!;
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'Projects and API keys' }).waitFor();
    await screenshotBothSchemesWithFullAxe(page, 'journey-keys');
    await page.getByRole('checkbox', { name: 'verify:status' }).check();
    await page.getByRole('button', { name: 'Create restricted key' }).click();
    await page.getByRole('heading', { name: 'Restricted key created' }).waitFor();
    const key = await page.locator('dl.keys code').innerText();
    expect(key).toMatch(/^ak_live_/);
    await screenshotBothSchemesWithFullAxe(page, 'journey-key-created');
    // Reloading the page that showed it makes no other key and shows it no more.
    expect((await page.reload())!.status()).toBe(410);
    await page.getByRole('heading', { name: 'This key was already shown' }).waitFor();
    expect(await page.content()).not.toContain(key);
    await screenshotBothSchemesWithFullAxe(page, 'journey-key-already-shown');
    await page.getByRole('link', { name: 'Back to API keys' }).click();
    await page.reload();
    const html = await page.content();
    expect(html).not.toContain(key);
    expect(html).toContain(key.slice(-4)); // the masked form, `ak_live_…abcd`
    expect((await keyRows()).filter((k) => k.kind === 'restricted')).toHaveLength(1);
  });

  it('the developer creates an endpoint and sends a test event: it arrives signed and shows in the log', async () => {
    const page = pages.developer!;
    endpoint.ok.url = `${receiver.url}/ok`;
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await screenshotBothSchemesWithFullAxe(page, 'journey-webhooks-empty');
    await page.getByLabel('URL', { exact: true }).fill(endpoint.ok.url);
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    await page.getByRole('heading', { name: 'Endpoint created' }).waitFor();
    endpoint.ok.secret = await page.locator('dl.keys code').nth(1).innerText();
    expect(endpoint.ok.secret).toMatch(/^whsec_/);
    await screenshotBothSchemesWithFullAxe(page, 'journey-endpoint-created');
    await page.getByRole('link', { name: 'Back to webhooks' }).click();
    expect(await page.content()).not.toContain(endpoint.ok.secret);

    await page.getByRole('button', { name: `Send test event to ${endpoint.ok.url}` }).click();
    await page.getByRole('heading', { name: 'Deliveries', level: 1 }).waitFor();
    endpoint.ok.id = /\/dashboard\/webhooks\/(we_[\w-]+)/.exec(page.url())![1]!;
    await receiver.waitFor(() => receiver.requests.some((r) => r.path === '/ok'), 10_000, 'the test event');
    const [req] = receiver.requests.filter((r) => r.path === '/ok');
    expect(req!.headers['x-service-event']).toBe('test');
    const event = stripeVerify(req!.raw, signatureOf(req!), endpoint.ok.secret, stampOf(req!));
    expect(event).toMatchObject({ type: 'test', id: req!.headers['x-service-delivery'] });
    await waitForDeliveries(svc, endpoint.ok.id, (l) => l[0]?.status === 'delivered');
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: String(event.id) });
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells.slice(1, 3)).toEqual(['test', 'Delivered']);
    expect(cells[3]).toMatch(/^#1 .* · OK · HTTP 200 · [0-9]+ ms$/);
    expect(await page.content()).not.toContain(endpoint.ok.secret);
    await screenshotBothSchemesWithFullAxe(page, 'journey-deliveries');
  });

  it('a failing receiver: retries in the log, disabled after 5 failures with its cause; enabled and replayed', async () => {
    const page = pages.developer!;
    endpoint.down.url = `${receiver.url}/down`;
    await page.goto(`${base}/dashboard/webhooks`);
    await page.getByLabel('URL', { exact: true }).fill(endpoint.down.url);
    // Only the test event, so no session or review event of the journey counts among its failures.
    for (const box of await page.locator('.events input[type="checkbox"]').all()) await box.uncheck();
    await page.getByRole('checkbox', { name: /^test \(/ }).check();
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    await page.getByRole('link', { name: 'Back to webhooks' }).click();
    await page.getByRole('button', { name: `Send test event to ${endpoint.down.url}` }).click();
    await page.getByRole('heading', { name: 'Deliveries', level: 1 }).waitFor();
    endpoint.down.id = /\/dashboard\/webhooks\/(we_[\w-]+)/.exec(page.url())![1]!;

    for (let n = 1; n <= 5; n++) {
      const [d] = await waitForDeliveries(svc, endpoint.down.id, (l) => (l[0]?.attempts.length ?? 0) >= n);
      await page.reload();
      const attempts = await page.locator('ol.attempts li').allInnerTexts();
      expect(attempts).toHaveLength(n);
      for (const a of attempts) expect(a).toMatch(/^#\d .* · failed · HTTP 500 · \d+ ms$/);
      if (n === 2) await screenshotBothSchemesWithFullAxe(page, 'journey-deliveries-retrying');
      if (n < 5) {
        // The next retry is in the log; the manual clock moves to it instead of waiting for the backoff.
        expect(await page.locator(`time[datetime="${d.next_attempt_at}"]`).count()).toBe(1);
        svc.clock.set(new Date(Date.parse(d.next_attempt_at) + 1));
      }
    }
    for (let i = 0; i < 100; i++) {
      const [row] = await sql(svc, 'select enabled from webhook_endpoints where id = $1', [endpoint.down.id]);
      if (!row.enabled) break;
      await new Promise((r) => setTimeout(r, 30));
    }
    await page.reload();
    expect(await page.getByText('A disabled endpoint sends nothing and replays nothing').count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Replay/ }).count()).toBe(0);
    await screenshotBothSchemesWithFullAxe(page, 'journey-deliveries-disabled');
    await page.getByRole('link', { name: 'Back to webhooks' }).click();
    const state = page.getByRole('row').filter({ hasText: endpoint.down.url });
    expect(await state.innerText()).toContain('Disabled — after consecutive failed deliveries (5 failed in a row)');
    await screenshotBothSchemesWithFullAxe(page, 'journey-webhooks-disabled');

    failing = false;
    await page.getByRole('button', { name: `Enable ${endpoint.down.url}` }).click();
    await page.getByText('Endpoint enabled').waitFor();
    expect(await page.getByRole('row').filter({ hasText: endpoint.down.url }).innerText()).not.toContain('failed in a row');
    await page.getByRole('link', { name: `Delivery log of ${endpoint.down.url}` }).click();
    await page.getByLabel('Replay all failed since (UTC)').fill('2026-06-01T00:00');
    await page.getByRole('button', { name: 'Replay all failed' }).click();
    await page.getByRole('heading', { name: 'Deliveries', level: 1 }).waitFor();
    const [done] = await waitForDeliveries(svc, endpoint.down.id, (l) => l[0]?.status === 'delivered');
    const arrived = receiver.forEvent(done.event_id);
    expect(arrived.map((r) => r.path)).toEqual(['/down', '/down', '/down', '/down', '/down', '/down']);
    await page.reload();
    const attempts = await page.locator('ol.attempts li').allInnerTexts();
    expect(attempts).toHaveLength(6);
    expect(attempts.at(-1)).toMatch(/^#6 .* · OK · HTTP 200 · \d+ ms$/);
    expect(await page.getByRole('row').filter({ hasText: done.event_id }).innerText()).toContain('Delivered');
    await screenshotBothSchemesWithFullAxe(page, 'journey-deliveries-replayed');
  });

  it('the reviewer approves an aml_match review: the list context, nothing personal; review.approved arrives', async () => {
    const page = pages.reviewer!;
    await page.getByRole('link', { name: 'Review queue' }).click();
    await page.getByRole('heading', { name: 'Review queue', level: 1 }).waitFor();
    await screenshotBothSchemesWithFullAxe(page, 'journey-reviews');
    await page.getByRole('link', { name: `Open review ${reviewId}` }).click();
    await page.getByRole('heading', { name: 'List matches' }).waitFor();
    const [hit] = await page.locator('table').first().locator('tbody tr').allInnerTexts();
    expect(hit).toMatch(/KUZMENKO.*\t(0|1)(\.\d+)?\t.*eu_fsf/i);
    const html = await page.content();
    for (const value of NEVER_ON_A_PAGE) expect(html).not.toContain(value);
    expect(await page.locator('img, picture, canvas, video').count()).toBe(0);
    expect(html).not.toContain('data:image');
    await screenshotBothSchemesWithFullAxe(page, 'journey-review-aml');

    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(`Approved by ${email.reviewer} at`).waitFor();
    for (const value of NEVER_ON_A_PAGE) expect(await page.content()).not.toContain(value);
    await screenshotBothSchemesWithFullAxe(page, 'journey-review-approved');
    const approved = () => receiver.requests.filter((r) => r.path === '/ok' && r.headers['x-service-event'] === 'review.approved');
    await receiver.waitFor(() => approved().length === 1, 10_000, 'review.approved');
    const event = stripeVerify(approved()[0]!.raw, signatureOf(approved()[0]!), endpoint.ok.secret, stampOf(approved()[0]!));
    expect(event).toMatchObject({ type: 'review.approved', data: { status: 'success', reason: 'aml_match' } });
    expect(approved()[0]!.raw).not.toMatch(/KUZMENKO/i);
  });

  it('the owner sets a budget; once spend reaches it init answers 402 BUDGET_EXCEEDED and the page says why', async () => {
    const page = pages.owner!;
    await page.getByRole('link', { name: 'Usage' }).click();
    await page.getByRole('heading', { name: 'Usage and billing', level: 1 }).waitFor();
    await page.getByRole('checkbox', { name: /Stop new sessions/ }).check();
    await page.getByLabel('Budget (US dollars a month)').fill('4.00');
    await page.getByRole('button', { name: 'Save budget' }).click();
    await page.getByText('Budget saved').waitFor();
    expect(await budgetCents()).toBe(400);
    expect(await page.getByText('Init admits new sessions now.').count()).toBe(1);
    expect((await init(svc, tenant.secret_key)).status).toBe(200);
    await screenshotBothSchemesWithFullAxe(page, 'journey-usage-budget');

    // Five metered verifications of 80 ¢, as the ledger records them: the spend reaches $4.00.
    const month = svc.clock.now().toISOString().slice(0, 7);
    for (let i = 0; i < 5; i++)
      await svc.core.container.repositories.billing.insertOnce({
        id: `bil_journey_${stamp}_${i}`,
        accountId: tenant.tenant_id,
        projectId: tenant.project_id,
        sessionId: null,
        idempotencyKey: `journey-${stamp}-${i}`,
        kind: 'verification',
        month,
        included: 0,
        paidFrom: 'metered',
        amountCents: 80,
        createdAt: svc.clock.now(),
      });
    svc.clock.advance(1100); // past init's one-second admission cache
    const refused = await init(svc, tenant.secret_key);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ error: { code: 'BUDGET_EXCEEDED' } });
    await page.reload();
    const alert = await page.getByRole('alert').innerText();
    expect(alert).toContain('New sessions are refused now.');
    expect(alert).toContain('402 BUDGET_EXCEEDED');
    expect(alert).toMatch(/has reached the budget \(\$4\.00\)/);
    await screenshotBothSchemesWithFullAxe(page, 'journey-usage-refused');
  });

  it('the server refuses what a role may not do and posts without a valid CSRF token; nothing changes', async () => {
    const reviewer = pages.reviewer!;
    const developer = pages.developer!;
    const keysBefore = await keyRows();

    // A reviewer forges the create-key form with their own valid CSRF token: core refuses.
    await reviewer.goto(`${base}/dashboard/team`);
    expect(await reviewer.getByRole('link', { name: 'API keys' }).count()).toBe(0);
    const createKey = `/dashboard/keys/projects/${tenant.project_id}/restricted`;
    const fetched = await fetchFromPage(reviewer, createKey, { csrf: await csrfOf(reviewer), 'scope:verify:status': '1' });
    expect(fetched.status).toBe(403);
    expect(fetched.text).toContain('Your role in this team does not allow this action');
    expect(fetched.text).not.toContain('ak_live_');
    // The same post as a form injected into the page: the refusal page, shot and checked like any other.
    const forgedKey = await forgedForm(reviewer, createKey, { csrf: await csrfOf(reviewer), 'scope:verify:status': '1' });
    expect(forgedKey.status).toBe(403);
    await reviewer.getByRole('heading', { name: 'Not allowed' }).waitFor();
    expect(forgedKey.text).not.toContain('ak_live_');
    await screenshotBothSchemesWithFullAxe(reviewer, 'journey-refused-role');
    expect(await keyRows()).toEqual(keysBefore);
    // The owner's view agrees: still the one restricted key.
    await pages.owner!.goto(`${base}/dashboard/keys`);
    expect(
      await pages
        .owner!.getByRole('row')
        .filter({ hasText: /^Restricted/ })
        .allInnerTexts(),
    ).toEqual([expect.stringContaining('verify:status')]);

    // A developer forges the budget form with their own valid CSRF token: core refuses, the budget stays.
    await developer.goto(`${base}/dashboard/usage`);
    expect(await developer.getByRole('button', { name: 'Save budget' }).count()).toBe(0);
    await screenshotBothSchemesWithFullAxe(developer, 'journey-usage-developer');
    const forgedBudget = await forgedForm(developer, '/dashboard/usage/budget', { csrf: await csrfOf(developer), enabled: '1', budget: '1000' });
    expect(forgedBudget.status).toBe(403);
    expect(forgedBudget.text).toContain('Your role in this team does not allow this action');
    expect(await budgetCents()).toBe(400);
    await pages.owner!.goto(`${base}/dashboard/usage`);
    expect(await pages.owner!.getByLabel('Budget (US dollars a month)').inputValue()).toBe('4.00');

    // An allowed action without the session's CSRF token, or with another session's, is refused before it runs.
    await developer.goto(`${base}/dashboard/keys`);
    const wrong = await forgedForm(developer, createKey, { csrf: await csrfOf(reviewer), 'scope:verify:status': '1' });
    expect(wrong.status).toBe(403);
    expect(wrong.text).toContain('This form has expired; reload the page and try again.');
    await developer.goto(`${base}/dashboard/keys`);
    const none = await forgedForm(developer, createKey, { 'scope:verify:status': '1' });
    expect(none.status).toBe(403);
    expect(none.text).toContain('This form has expired; reload the page and try again.');
    await screenshotBothSchemesWithFullAxe(developer, 'journey-refused-csrf');
    expect(await keyRows()).toEqual(keysBefore);
  });
});
