import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { answerDcApi, buildSignedTestLists, createTestIssuer, presentOverQr, serveTestLists, type TestIssuer, type TestListServer } from '@idgate/core/testing';
import { CHROMIUM, ensureBrowserTools } from './browser.ts';
import { captureStep } from './a11y.ts';
import { callbackParams, startWidgetService, type WidgetService } from './service.ts';
import { freePort } from '../oauth/browser.ts';
import { sql, TEST_IP_COUNTRY_DB } from '../src/document-flows.ts';

// Path E in the hosted widget (gateway/src/widget/wallet-step.ts) in Debian Chromium, against the real service
// with signed test trusted lists that name the test issuer's IACA. The wallet is the test wallet of
// @idgate/core/testing: over the Digital Credentials API an init script stands in for the browser's wallet sheet
// and hands the request to Node (page.exposeFunction), which answers as a wallet app would; over QR the test
// reads the deep link from the page and presents to the service over HTTP, as a phone would.

const tools = ensureBrowserTools();
if (!tools.ok && process.env.CI === 'true') throw new Error(tools.reason);
if (!tools.ok) console.warn(`[wallet browser tests] skipped: ${tools.reason}`);

/**
 * What the stand-in wallet sheet does: answer with the trusted issuer (over OpenID4VP, the first request it speaks,
 * or over ISO 18013-7 Annex C), with the untrusted one, say "under 18", or refuse.
 */
type Sheet = 'trusted' | 'annex-c' | 'untrusted' | 'under-age' | 'decline';
type Theme = 'light' | 'dark';

describe.skipIf(!tools.ok)('the EU wallet step (path E) in Chromium', () => {
  let w: WidgetService;
  let lists: TestListServer;
  let browser: Browser;
  let base: string;
  let issuer: TestIssuer;
  let rogue: TestIssuer;

  beforeAll(async () => {
    issuer = await createTestIssuer();
    rogue = await createTestIssuer(); // on no list
    lists = await serveTestLists();
    const signed = await buildSignedTestLists({ iacaCertificates: [issuer.iaca.certificateDer], baseUrl: lists.origin });
    for (const [path, body] of Object.entries(signed.files)) lists.files.set(path, body);
    const dir = mkdtempSync(join(tmpdir(), 'idgate-wallet-widget-'));
    writeFileSync(join(dir, 'lotl-signers.pem'), signed.lotlSigner.pem);
    writeFileSync(join(dir, 'lote-signers.pem'), signed.loteSigner.pem);
    // A fixed port, so BASE_URL (the wallet's request_uri and response_uri) is the origin the page is on.
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    w = await startWidgetService({
      env: {
        PORT: String(port),
        BASE_URL: base,
        // The development verifier certificate is generated here on start.
        DATA_DIR: dir,
        // Loopback reads as US: a project of adult content is sent to path C (the document path).
        IP_COUNTRY_DB: TEST_IP_COUNTRY_DB,
        WALLET_TRUST_LOTL_URL: lists.origin + signed.lotlPath,
        WALLET_TRUST_LOTL_SIGNERS: join(dir, 'lotl-signers.pem'),
        WALLET_TRUST_LISTS_119602: lists.origin + signed.lotePath,
        WALLET_TRUST_119602_SIGNERS: join(dir, 'lote-signers.pem'),
      },
    });
    // The test issuers and lists are made at the real time; the service clock follows it from here.
    w.svc.clock.set(new Date());
    // Background jobs are off in tests: load the lists as the refresh job does on start.
    await w.svc.core.container.walletTrust!.refresh();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
    await lists?.close();
  });

  /** The test wallet's presentation dates follow the service's clock (a manual clock, not today). */
  const walletOptions = (who: TestIssuer) => ({ issuer: who, now: w.svc.clock.now() });

  const result = async (token: string) => (await w.svc.http('GET', `/verify/v1/result/${token}`, { headers: { 'x-api-key': w.key } })).body.data;

  /** The session's widget URL, on the origin the service's BASE_URL names. */
  const widgetUrl = async (init: Record<string, unknown>) => (await w.verifyUrl(init)).replace(/^http:\/\/127\.0\.0\.1:\d+/, base);

  /** One navigator.credentials.get call with a digital request: its mediation and the protocols offered. */
  type WalletAsk = { mediation?: string; protocols: string[] };
  const walletAsks = new WeakMap<Page, WalletAsk[]>();

  /**
   * A page in `theme`; with `sheet` the browser has the Digital Credentials API and its wallet sheet does what
   * `sheet` says, without it the browser has none (a Chromium that ships the API has it removed).
   */
  async function newPage(theme: Theme, sheet?: Sheet): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 480, height: 800 }, colorScheme: theme, reducedMotion: 'reduce' });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    // What the page asked the wallet, kept here rather than in the page: an answered request navigates the
    // page to the callback, and a page.evaluate after that would find its context gone.
    const asked: WalletAsk[] = [];
    walletAsks.set(page, asked);
    await page.exposeFunction('testWalletAsked', (ask: WalletAsk) => void asked.push(ask));
    if (sheet && sheet !== 'decline') {
      // The wallet picks one of the requests the page handed the browser, as a platform's wallet does.
      await page.exposeFunction('testWalletAnswer', (requests: { protocol: string; data: Record<string, unknown> }[]) =>
        answerDcApi(requests, {
          ...walletOptions(sheet === 'untrusted' ? rogue : issuer),
          ...(sheet === 'under-age' ? { elements: { age_over_18: false } } : {}),
          ...(sheet === 'annex-c' ? { preferProtocol: 'org-iso-mdoc' as const } : {}),
          origin: new URL(page.url()).origin,
        }),
      );
    }
    await page.addInitScript((mode: string) => {
      const g = globalThis as unknown as Record<string, unknown>;
      if (mode === 'none') {
        delete g.DigitalCredential;
        return;
      }
      class DigitalCredential {
        readonly type = 'digital';
        readonly id = '';
        readonly protocol: string;
        readonly data: unknown;
        constructor(protocol: string, data: unknown) {
          this.protocol = protocol;
          this.data = data;
        }
        static userAgentAllowsProtocol(protocol: string): boolean {
          return protocol === 'openid4vp-v1-signed' || protocol === 'org-iso-mdoc';
        }
      }
      g.DigitalCredential = DigitalCredential;
      const credentials = navigator.credentials;
      const original = credentials.get.bind(credentials);
      credentials.get = async (options?: CredentialRequestOptions & { digital?: { requests: { protocol: string; data: unknown }[] } }) => {
        if (!options?.digital) return original(options);
        await (g.testWalletAsked as (ask: unknown) => Promise<void>)({
          mediation: options.mediation,
          protocols: options.digital.requests.map((r) => r.protocol),
        });
        if (mode === 'decline') throw new DOMException('The user closed the wallet sheet.', 'NotAllowedError');
        const answer = await (g.testWalletAnswer as (r: unknown) => Promise<{ protocol: string; data: unknown }>)(options.digital.requests);
        return new DigitalCredential(answer.protocol, answer.data) as unknown as Credential;
      };
    }, sheet ?? 'none');
    return page;
  }

  /** A session core routed to the wallet (the start carried the wallet hint), opened in `page` as after a reload. */
  async function atWalletStep(page: Page, init: Record<string, unknown> = {}): Promise<string> {
    const url = await widgetUrl(init);
    const token = new URL(url).searchParams.get('t')!;
    const start = await w.svc.http('POST', '/verify/v1/widget/sessions', { body: { token, wallet: true } });
    expect(start.body.data).toMatchObject({ step: 'wallet_required', path: 'E' });
    await page.addInitScript(([k, v]) => sessionStorage.setItem(k, v), [`xws:${token}`, start.body.data.widget_session as string]);
    await page.goto(url);
    return url;
  }

  /** Screenshot under test-output/widget/, and no serious or critical axe findings on it. */
  async function shot(page: Page, name: string): Promise<void> {
    expect(await captureStep(page, name), name).toEqual([]);
  }

  const step = (page: Page) => page.locator('#app').getAttribute('data-step');

  it.each(['light', 'dark'] as const)(
    'DC API (%s): the wallet answers in the browser; verified by wallet; the next session opens at the wallet',
    async (theme) => {
      const page = await newPage(theme, 'trusted');
      await atWalletStep(page, { theme });
      await page.locator('main[data-step="wallet"]').waitFor();
      await shot(page, `wallet-dc-api-${theme}`);
      const answer = page.waitForRequest((r) => /\/session\/wallet\/[^/]+\/response$/.test(r.url()));
      await page.getByRole('button', { name: 'Continue with your wallet' }).click();
      const body = (await answer).postDataJSON() as { protocol: string; data: { response: string } };
      expect(body.protocol).toBe('openid4vp-v1-signed');
      expect(typeof body.data.response).toBe('string');
      expect(walletAsks.get(page)).toEqual([{ mediation: 'required', protocols: ['openid4vp-v1-signed', 'org-iso-mdoc'] }]);
      await page.waitForURL((u) => u.href.startsWith(w.callback));
      const params = callbackParams(page.url());
      expect(params.status).toBe('success');
      expect(await result(params.token)).toMatchObject({ status: 'success', verified: true, verification_type: 'wallet' });
      // The pass left the first-party hint (idgate_wallet=1, no identifier): this browser's next session opens at the wallet.
      expect((await page.context().cookies(base)).find((c) => c.name === 'idgate_wallet')?.value).toBe('1');
      await page.goto(await widgetUrl({ theme }));
      await page.locator('main[data-step="wallet"]').waitFor();
      await page.context().close();
    },
    60_000,
  );

  it.each(['light', 'dark'] as const)(
    'QR (%s): no DC API, chosen on path A first screen; a phone wallet presents; the page follows',
    async (theme) => {
      const page = await newPage(theme);
      await page.goto(await widgetUrl({ theme }));
      await page.locator('main[data-step="intro"]').waitFor();
      expect(await page.evaluate(() => typeof (globalThis as unknown as { DigitalCredential?: unknown }).DigitalCredential)).toBe('undefined');
      await page.getByRole('button', { name: 'Use your EU wallet' }).click();
      await page.locator('main[data-step="wallet-qr"]').waitFor();
      await expect
        .poll(() => page.locator('#wallet-qr').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 })
        .toBe(true);
      // A 480 px wide page counts as a phone: the same deep link is also a link to the wallet app.
      const link = (await page.locator('#wallet-qr').getAttribute('data-deep-link'))!;
      expect(link).toMatch(/^openid4vp:\/\/\?/);
      expect(await page.locator('#wallet-open').getAttribute('href')).toBe(link);
      await shot(page, `wallet-qr-${theme}`);
      const polls: number[] = [];
      page.on('request', (r) => {
        if (/\/session\/wallet\/[^/]+$/.test(r.url()) && r.method() === 'GET') polls.push(Date.now());
      });
      await page.waitForTimeout(4_500);
      const presented = await presentOverQr(link, walletOptions(issuer));
      expect(presented.status).toBe(200);
      await page.waitForURL((u) => u.href.startsWith(w.callback), { timeout: 10_000 });
      // Polled about every 2 s, one request at a time.
      expect(polls.length).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < polls.length; i++) expect(polls[i] - polls[i - 1]).toBeGreaterThan(1_500);
      const params = callbackParams(page.url());
      expect(params.status).toBe('success');
      expect(await result(params.token)).toMatchObject({ status: 'success', verified: true, verification_type: 'wallet' });
      await page.context().close();
    },
    60_000,
  );

  it.each(['light', 'dark'] as const)(
    'declined (%s): the message, then "Verify another way" leaves the wallet step for path A',
    async (theme) => {
      const page = await newPage(theme, 'decline');
      await atWalletStep(page, { theme });
      await page.getByRole('button', { name: 'Continue with your wallet' }).click();
      await page.locator('main[data-step="wallet-problem"]').waitFor();
      expect(await page.locator('h1').textContent()).toBe('You declined in your wallet');
      expect(await page.locator('#app').getAttribute('data-wallet-problem')).toBe('declined');
      for (const name of ['Try again', 'Use a QR code', 'Verify another way']) expect(await page.getByRole('button', { name }).isVisible()).toBe(true);
      await shot(page, `wallet-declined-${theme}`);
      // Try again asks the wallet once more (a new transaction); declined again, the same message.
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect.poll(() => walletAsks.get(page)!.length, { timeout: 15_000 }).toBe(2);
      await page.locator('main[data-step="wallet-problem"]').waitFor();
      expect(await page.locator('#app').getAttribute('data-wallet-problem')).toBe('declined');
      const decline = page.waitForResponse((r) => r.url().endsWith('/session/wallet/decline'));
      await page.getByRole('button', { name: 'Verify another way' }).click();
      expect((await decline).status()).toBe(200);
      await page.locator('main[data-step="intro"]').waitFor();
      expect(await step(page)).toBe('intro');
      await page.context().close();
    },
    60_000,
  );

  it.each(['light', 'dark'] as const)(
    'untrusted issuer (%s): "not trusted", the session still open',
    async (theme) => {
      const page = await newPage(theme, 'untrusted');
      await atWalletStep(page, { theme });
      const answer = page.waitForResponse((r) => /\/session\/wallet\/[^/]+\/response$/.test(r.url()));
      await page.getByRole('button', { name: 'Continue with your wallet' }).click();
      const refused = await answer;
      expect(refused.status()).toBeGreaterThanOrEqual(400);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('WALLET_ISSUER_UNTRUSTED');
      await page.locator('main[data-step="wallet-problem"]').waitFor();
      expect(await page.locator('h1').textContent()).toBe('This wallet is not trusted');
      expect(await page.locator('#app').getAttribute('data-wallet-code')).toBe('WALLET_ISSUER_UNTRUSTED');
      await shot(page, `wallet-untrusted-${theme}`);
      await page.context().close();
    },
    60_000,
  );

  it('DC API over ISO 18013-7 Annex C (org-iso-mdoc): the page posts that answer as it came; verified by wallet', async () => {
    const page = await newPage('light', 'annex-c');
    await atWalletStep(page);
    const answer = page.waitForRequest((r) => /\/session\/wallet\/[^/]+\/response$/.test(r.url()));
    await page.getByRole('button', { name: 'Continue with your wallet' }).click();
    expect(((await answer).postDataJSON() as { protocol: string }).protocol).toBe('org-iso-mdoc');
    await page.waitForURL((u) => u.href.startsWith(w.callback));
    const params = callbackParams(page.url());
    expect(await result(params.token)).toMatchObject({ status: 'success', verified: true, verification_type: 'wallet' });
    await page.context().close();
  }, 60_000);

  it('path C: "Use your EU wallet" on the selfie intro; the session passes by wallet, chosen on C', async () => {
    const adult = await w.svc.createTenant();
    await w.svc.http('PUT', '/verify/v1/rules', { body: { content_category: 'adult' }, headers: { 'x-api-key': adult.secret_key } });
    const page = await newPage('light', 'trusted');
    await page.goto((await w.verifyUrl({}, adult.secret_key)).replace(/^http:\/\/127\.0\.0\.1:\d+/, base));
    await page.locator('main[data-step="selfie-intro"]').waitFor();
    await page.getByRole('button', { name: 'Use your EU wallet' }).click();
    await page.locator('main[data-step="wallet"]').waitFor();
    // The page's widget session (kept for a reload): the session row is found by its hash.
    const ws = await page.evaluate(() => Object.entries(sessionStorage).find(([k]) => k.startsWith('xws:'))?.[1]);
    await page.getByRole('button', { name: 'Continue with your wallet' }).click();
    await page.waitForURL((u) => u.href.startsWith(w.callback));
    const params = callbackParams(page.url());
    const record = (await w.svc.http('GET', `/verify/v1/result/${params.token}`, { headers: { 'x-api-key': adult.secret_key } })).body.data;
    expect(record).toMatchObject({ status: 'success', verification_type: 'wallet' });
    const [row] = await sql(w.svc, 'select path_rule from sessions where widget_token_hash = $1', [createHash('sha256').update(ws!).digest('hex')]);
    expect(row.path_rule).toBe('wallet:chosen_on_C');
    await page.context().close();
  }, 60_000);

  it('a trusted wallet that says "under 18" ends the session failed, and the page returns to the site', async () => {
    const page = await newPage('light', 'under-age');
    await atWalletStep(page);
    await page.getByRole('button', { name: 'Continue with your wallet' }).click();
    await page.waitForURL((u) => u.href.startsWith(w.callback));
    const params = callbackParams(page.url());
    expect(params.status).toBe('failed');
    expect(await result(params.token)).toMatchObject({ status: 'failed', verified: false, reason: 'age_below_threshold' });
    await page.context().close();
  }, 60_000);

  it('an expired code: "This code has expired", New code draws another; leaving the step stops the polling', async () => {
    const page = await newPage('light');
    await atWalletStep(page);
    // No DC API: the routed step opens with the QR code.
    await page.locator('main[data-step="wallet-qr"]').waitFor();
    const first = await page.locator('#wallet-qr').getAttribute('data-deep-link');
    w.svc.clock.advance(301_000); // past WALLET_TRANSACTION_TTL_SECONDS (300)
    await page.locator('main[data-step="wallet-problem"]').waitFor({ timeout: 10_000 });
    expect(await page.locator('h1').textContent()).toBe('This code has expired');
    expect(await page.locator('#app').getAttribute('data-wallet-problem')).toBe('expired');
    await shot(page, 'wallet-expired-light');
    await page.getByRole('button', { name: 'New code' }).click();
    await page.locator('main[data-step="wallet-qr"]').waitFor();
    expect(await page.locator('#wallet-qr').getAttribute('data-deep-link')).not.toBe(first);
    const polls: string[] = [];
    page.on('request', (r) => {
      if (/\/session\/wallet\/[^/]+$/.test(r.url()) && r.method() === 'GET') polls.push(r.url());
    });
    await page.getByRole('button', { name: 'Verify another way' }).click();
    await page.locator('main[data-step="intro"]').waitFor();
    await page.waitForTimeout(4_500);
    expect(polls).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('the wallet, declined and QR screens in ar (right-to-left) and ja, light and dark: screenshots, no axe findings', async () => {
    for (const locale of ['ar', 'ja']) {
      for (const theme of ['light', 'dark'] as const) {
        const tag = `${locale}-${theme}`;
        const page = await newPage(theme, 'decline');
        await atWalletStep(page, { locale, theme });
        await page.locator('main[data-step="wallet"]').waitFor();
        expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([locale, locale === 'ar' ? 'rtl' : 'ltr']);
        await shot(page, `wallet-dc-api-${tag}`);
        await page.locator('#wallet-continue').click();
        await page.locator('main[data-step="wallet-problem"]').waitFor();
        await shot(page, `wallet-declined-${tag}`);
        await page.context().close();
        const phone = await newPage(theme);
        await atWalletStep(phone, { locale, theme });
        await phone.locator('main[data-step="wallet-qr"]').waitFor();
        await expect
          .poll(() => phone.locator('#wallet-qr').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 })
          .toBe(true);
        await shot(phone, `wallet-qr-${tag}`);
        await phone.context().close();
      }
    }
  }, 120_000);
});
