import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import * as oidc from 'openid-client';
import { ensureBrowserTools, fixtureClip, launchWithCamera } from './browser.ts';
import { callbackParams, startWidgetService, type WidgetService } from './service.ts';
import { captureStep } from './a11y.ts';
import { freePort } from '../oauth/browser.ts';
import { passportImage, type TestHolder } from '../src/document-generator.ts';
import { everyRowAsText, sql } from '../src/document-flows.ts';
import { startSmtpRelay, unfoldQuotedPrintable, type SmtpRelay } from '../src/smtp-relay.ts';

const tools = ensureBrowserTools();
if (!tools.ok && process.env.CI === 'true') throw new Error(tools.reason);
if (!tools.ok) console.warn(`[service-ID browser tests] skipped: ${tools.reason}`);

/** Head and shoulders of an older adult: path A passes the +18 gate on the device. */
const ADULT = { file: 'biden_1.jpg', filter: 'crop=970:727:0:0,scale=640:480' };
const PASSWORD = 'correct horse battery';
/** A generated passport whose portrait is another photo of the person in front of the camera. */
const HOLDER: TestHolder = {
  surname: 'Halloran',
  givenNames: 'Joseph Robinette',
  dateOfBirth: '1942-11-20',
  sex: 'M',
  nationality: 'USA',
  documentNumber: 'P55667788',
  expiryDate: '2032-05-01',
  portrait: 'biden_2.jpg',
};
const AGES_25 = {
  age_verified: true,
  verified_brackets: ['+12', '+15', '+18', '+21', '+25'],
  meets_threshold: { 12: true, 15: true, 18: true, 21: true, 25: true },
};

/**
 * A returning user in Debian Chromium (fake camera, CDP virtual authenticator, a real local SMTP
 * relay): a pass at one site is saved to a new service ID with a passkey, the mail is confirmed, a
 * session at another site passes with the passkey alone (path D), an OIDC relying party
 * (openid-client) sees the age claims, and sessions the saved age cannot pass step up.
 * WebAuthn needs a domain, so the service is visited at http://localhost.
 */
describe.skipIf(!tools.ok)('service IDs and path D in Chromium', () => {
  let w: WidgetService;
  let browser: BrowserContext;
  let page: Page;
  let relay: SmtpRelay;
  let base: string;
  const email = `robin-${Date.now()}@example.org`;
  const tenants: Record<string, Awaited<ReturnType<WidgetService['svc']['createTenant']>>> = {};

  beforeAll(async () => {
    relay = await startSmtpRelay();
    const port = await freePort();
    base = `http://localhost:${port}`;
    w = await startWidgetService({
      serviceIds: true,
      env: { PORT: String(port), BASE_URL: base, SMTP_URL: relay.url },
    });
    for (const name of ['shop', 'bar', 'strict']) tenants[name] = await w.svc.createTenant();
    browser = await launchWithCamera(fixtureClip(ADULT.file, ADULT.filter));
    page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    const cdp = await browser.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
    await relay?.close();
  });

  /** A session at `tenant`, visited on localhost (the page's origin is the passkey's). */
  const verifyUrl = async (tenant: string, body: Record<string, unknown> = {}) =>
    (await w.verifyUrl(body, tenants[tenant].secret_key)).replace(/^http:\/\/127\.0\.0\.1:\d+/, base);
  const result = async (tenant: string, token: string) =>
    (await w.svc.http('GET', `/verify/v1/result/${token}`, { headers: { 'x-api-key': tenants[tenant].secret_key } })).body.data;

  it('a document pass at one site is saved to a new service ID with a passkey; the mail is confirmed through SMTP', async () => {
    await page.goto(await verifyUrl('shop', { verification_mode: 'document' }));
    await page.getByRole('button', { name: 'Start the camera' }).click();
    await page.locator('main[data-step="document"]').waitFor({ timeout: 60_000 });
    await page.setInputFiles('#document-file', { name: 'passport.jpg', mimeType: 'image/jpeg', buffer: await passportImage(HOLDER) });
    await page.getByRole('button', { name: 'Send the document' }).click();
    await page.locator('main[data-step="save-offer"]').waitFor({ timeout: 90_000 });
    expect(await captureStep(page, 'save-offer')).toEqual([]);
    await page.getByRole('button', { name: 'Save to a service ID' }).click();

    await page.locator('#offer').waitFor();
    expect(await page.locator('#offer').textContent()).toContain('Over 25 · checked with an identity document');
    await page.getByLabel('Display name').fill('Robin');
    await page.locator('#new_email').fill(email);
    await page.locator('#new_password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.locator('#saved').waitFor();

    // The passkey, added in the portal the save signed in to.
    await page.goto(`${base}/auth/portal`);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Passkey added.').waitFor();
    expect(await page.locator('#age-proofs').textContent()).toContain('Over 25');

    await expect.poll(() => relay.received.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const link = /https?:\/\/\S+verify-email\?token=[\w%-]+/.exec(unfoldQuotedPrintable(relay.received.at(-1)!.raw))?.[0];
    expect(link).toBeDefined();
    await page.goto(link!.replace(/^http:\/\/[^/]+/, base));
    await page.getByText('Your email address is confirmed.').waitFor();
  }, 180_000);

  it('path D: a session at another site passes with the passkey alone, verification_type token, billed as one Check', async () => {
    await page.goto(await verifyUrl('bar'));
    await page.locator('main[data-step="service-id"]').waitFor();
    expect(await captureStep(page, 'service-id')).toEqual([]);
    await page.getByRole('button', { name: 'Continue with passkey' }).click();
    await page.waitForURL((u) => u.href.startsWith(w.callback));
    const params = callbackParams(page.url());
    expect(params.status).toBe('success');
    expect(await result('bar', params.token)).toMatchObject({ status: 'success', verified: true, verification_type: 'token' });
    const ledger = await w.svc.admin('GET', `/admin/v1/tenants/${tenants.bar.tenant_id}/ledger?month=2026-06`);
    expect(ledger.lines.find((l: { kind: string }) => l.kind === 'check')?.count).toBe(1);
  }, 60_000);

  it('an OIDC relying party (openid-client) sees age_verified, verified_brackets and meets_threshold of the saved age', async () => {
    const client = await w.svc.admin('POST', '/admin/v1/oauth-clients', { tenant_id: tenants.shop.tenant_id, name: 'Wine Shop', redirect_uris: [w.callback] });
    const config = await oidc.discovery(new URL(base), client.client_id, undefined, oidc.ClientSecretPost(client.client_secret), {
      execute: [oidc.allowInsecureRequests],
    });
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: w.callback,
      scope: 'openid age_verification',
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    await page.goto(url.href);
    // Signed in since the save (one sign-in for portal and consent): the consent screen comes next.
    await page.getByRole('button', { name: 'Allow' }).click({ timeout: 20_000 });
    await page.waitForURL((u) => u.href.startsWith(w.callback));
    const tokens = await oidc.authorizationCodeGrant(config, new URL(page.url()), { pkceCodeVerifier: verifier, expectedState: state });
    expect(tokens.claims()).toMatchObject(AGES_25);
    const info = await oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub);
    expect(info).toMatchObject({ ...AGES_25, verified_claims: { verification: { evidence: [{ type: 'age_proof', method: 'document' }] } } });
  }, 60_000);

  it('steps up when the saved age is below the gate', async () => {
    await page.goto(await verifyUrl('bar', { min_age: 30 }));
    await page.getByRole('button', { name: 'Continue with passkey' }).click();
    await page.locator('main[data-step="service-id-step-up"]').waitFor();
    expect(await captureStep(page, 'service-id-step-up')).toEqual([]);
    await page.getByRole('button', { name: 'Verify another way' }).click();
    await page.locator('main[data-step="intro"]').waitFor();
  }, 60_000);

  it('a facial-estimate service ID is not served by a site that refuses estimates: it steps up, nothing billed', async () => {
    const put = await w.svc.http('PUT', '/verify/v1/rules', {
      body: { token_methods: ['document', 'wallet'] },
      headers: { 'x-api-key': tenants.strict.secret_key },
    });
    expect(put.status).toBe(200);
    // Another person, another browser and authenticator: an on-device pass saved as a facial estimate.
    const other = await launchWithCamera(fixtureClip(ADULT.file, ADULT.filter));
    try {
      const p = await other.newPage();
      p.setDefaultTimeout(20_000);
      const cdp = await other.newCDPSession(p);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
      });
      await p.goto(await verifyUrl('shop'));
      // No hint in this browser yet: path A first, with a way to a service ID on its first screen.
      await p.locator('#use-service-id').waitFor();
      await p.getByRole('button', { name: 'Start the camera' }).click();
      await p.locator('main[data-step="save-offer"]').waitFor({ timeout: 90_000 });
      expect(await p.locator('main').textContent()).toContain('estimated your age from your face');
      await p.getByRole('button', { name: 'Save to a service ID' }).click();
      await p.getByLabel('Display name').fill('Sam');
      await p.locator('#new_email').fill(`sam-${Date.now()}@example.org`);
      await p.locator('#new_password').fill(PASSWORD);
      await p.getByRole('button', { name: 'Create account' }).click();
      expect(await p.locator('#saved').textContent()).toContain('Over 18 · estimated from your face');
      await p.goto(`${base}/auth/portal`);
      await p.getByRole('button', { name: 'Add a passkey' }).click();
      await p.getByText('Passkey added.').waitFor();

      await p.goto(await verifyUrl('strict'));
      await p.getByRole('button', { name: 'Continue with passkey' }).click();
      await p.locator('main[data-step="service-id-step-up"]').waitFor();
      const ledger = await w.svc.admin('GET', `/admin/v1/tenants/${tenants.strict.tenant_id}/ledger?month=2026-06`);
      expect(ledger.lines.find((l: { kind: string }) => l.kind === 'check')?.count ?? 0).toBe(0);
      // The same service ID passes where estimates count.
      await p.goto(await verifyUrl('bar'));
      await p.getByRole('button', { name: 'Continue with passkey' }).click();
      await p.waitForURL((u) => u.href.startsWith(w.callback));
      expect(callbackParams(p.url()).status).toBe('success');
    } finally {
      await other.close();
    }
  }, 180_000);

  it('privacy: after these flows the database holds no birth date, name or document number, and no account is linked to a site', async () => {
    const everything = await everyRowAsText(w.svc);
    for (const needle of ['1942-11-20', '19421120', 'Halloran', 'HALLORAN', 'Robinette', 'P55667788']) expect(everything, needle).not.toContain(needle);
    const [account] = await sql(w.svc, 'SELECT id FROM oauth_users WHERE email = $1', [email]);
    const proofs = await sql(
      w.svc,
      'SELECT method, bracket, next_change_at IS NULL AS no_next, verified_at IS NOT NULL AS dated FROM service_id_age_proofs WHERE user_id = $1',
      [account.id],
    );
    expect(proofs).toEqual([{ method: 'document', bracket: 25, no_next: true, dated: true }]);
    const linked = await sql(
      w.svc,
      `SELECT 1 FROM sessions WHERE row_to_json(sessions)::text LIKE $1 UNION ALL SELECT 1 FROM outbox_events WHERE row_to_json(outbox_events)::text LIKE $1
       UNION ALL SELECT 1 FROM billing_events WHERE row_to_json(billing_events)::text LIKE $1 UNION ALL SELECT 1 FROM session_decisions WHERE row_to_json(session_decisions)::text LIKE $1`,
      [`%${account.id}%`],
    );
    expect(linked).toEqual([]);
    // The account side names no tenant, project or session either.
    const accountSide = JSON.stringify(
      await sql(w.svc, 'SELECT * FROM oauth_users u LEFT JOIN service_id_age_proofs p ON p.user_id = u.id LEFT JOIN service_id_passkeys k ON k.user_id = u.id'),
    );
    for (const t of Object.values(tenants)) expect(accountSide).not.toContain(t.tenant_id);
    expect(accountSide).not.toMatch(/ses_|prj_|xtk_|xit_/);
  });
});
