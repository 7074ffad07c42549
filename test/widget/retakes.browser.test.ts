import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { emptySceneClip, ensureBrowserTools, fixtureClip, launchWithCamera } from './browser.ts';
import { callbackParams, startWidgetService, type WidgetService } from './service.ts';
import { captureStep } from './a11y.ts';
import { blurredImage, facePhoto, passportImage, type TestHolder } from '../src/document-generator.ts';

const tools = ensureBrowserTools();
if (!tools.ok && process.env.CI === 'true') throw new Error(tools.reason);
if (!tools.ok) console.warn(`[widget retake browser tests] skipped: ${tools.reason}`);

/** Head and shoulders of an older adult: the camera of the document path's liveness step. */
const ADULT = { file: 'biden_1.jpg', filter: 'crop=970:727:0:0,scale=640:480' };
/** A passport of the person the camera shows (another photo of him as the portrait): the face match passes. */
const HOLDER: TestHolder = {
  surname: 'Quixano',
  givenNames: 'Alonso Bernal',
  dateOfBirth: '1961-08-04',
  sex: 'M',
  nationality: 'USA',
  documentNumber: 'R12345678',
  expiryDate: '2031-03-14',
  portrait: 'biden_2.jpg',
};

/** The retake screen's text for an unreadable document, as each tested locale words it. */
const UNREADABLE: Record<string, string> = {
  en: "We couldn't read your document. Make sure it is sharp and without glare.",
  ar: 'لم نتمكن من قراءة مستندك. تأكد من أنه واضح وخالٍ من الانعكاسات.',
  ja: '書類を読み取れませんでした。ピントが合っていて、光の反射がないことを確認してください。',
};

/**
 * Retakes in the hosted widget (docs/widget.md "Retakes"): a blurred document photo gets a clear message
 * and another try in the same session, and the third unreadable photo ends the session. Real inference
 * (OCR and face models), Debian Chromium with a fake camera.
 */
describe.skipIf(!tools.ok)('widget retakes in Chromium', () => {
  let w: WidgetService;
  let adult: BrowserContext;
  let good: string;
  let blurred: string;
  let blurredBytes: Buffer;
  let selfie: Buffer;

  beforeAll(async () => {
    w = await startWidgetService({ serviceIds: true });
    adult = await launchWithCamera(fixtureClip(ADULT.file, ADULT.filter));
    const dir = mkdtempSync(join(tmpdir(), 'idgate-retakes-'));
    const passport = await passportImage(HOLDER);
    blurredBytes = await blurredImage(passport);
    good = join(dir, 'passport.jpg');
    blurred = join(dir, 'passport-blurred.jpg');
    writeFileSync(good, passport);
    writeFileSync(blurred, blurredBytes);
    selfie = await facePhoto(ADULT.file);
  }, 120_000);
  afterAll(async () => {
    await adult?.close();
    await w?.close();
  });

  const result = async (token: string) => (await w.svc.http('GET', `/verify/v1/result/${token}`, { headers: { 'x-api-key': w.key } })).body.data;

  /** Document mode: the liveness intro, the camera's frames to the server, then the document step. */
  async function toDocumentStep(page: Page, body: Record<string, unknown> = {}): Promise<void> {
    await page.goto(await w.verifyUrl({ verification_mode: 'document', ...body }));
    await page.locator('main[data-step="selfie-intro"]').waitFor({ timeout: 30_000 });
    await page.locator('#start').click();
    await page.locator('main[data-step="document"]').waitFor({ timeout: 60_000 });
  }

  async function upload(page: Page, file: string): Promise<void> {
    await page.setInputFiles('#document-file', file);
    await page.getByRole('button', { name: 'Send the document' }).click();
  }

  it('a blurred document: the message and the tries left, a retake with a sharp photo in the same session, success', async () => {
    const page = await adult.newPage();
    try {
      await toDocumentStep(page, { user_id: 'u-retake' });
      await upload(page, blurred);
      await page.locator('main[data-step="capture-retake"]').waitFor({ timeout: 60_000 });
      expect(await page.locator('#retake-message').textContent()).toBe(UNREADABLE.en);
      expect(await page.locator('#retake-left').textContent()).toBe('2 tries left.');
      // The heading takes the focus, so a screen reader starts at the news.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('step-heading');
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.locator('main[data-step="document"]').waitFor();
      await upload(page, good);
      // A pass offers to save the age to a service ID first (docs/widget.md): decline, back to the site.
      await page.locator('main[data-step="save-offer"]').waitFor({ timeout: 60_000 });
      await page.locator('#skip').click();
      await page.waitForURL((u) => u.href.startsWith(w.callback), { timeout: 30_000 });
      const params = callbackParams(page.url());
      expect(params).toMatchObject({ status: 'success', user_id: 'u-retake' });
      expect(await result(params.token)).toMatchObject({ status: 'success', verified: true, reason: null });
    } finally {
      await page.close();
    }
  }, 150_000);

  it('the third unreadable photo ends the session: the callback says failed, the result says document_unreadable', async () => {
    const page = await adult.newPage();
    try {
      await toDocumentStep(page, { user_id: 'u-three' });
      for (const left of ['2 tries left.', '1 try left.']) {
        await upload(page, blurred);
        await page.locator('main[data-step="capture-retake"]').waitFor({ timeout: 60_000 });
        expect(await page.locator('#retake-left').textContent()).toBe(left);
        await page.locator('#retake-again').click();
        await page.locator('main[data-step="document"]').waitFor();
      }
      await upload(page, blurred);
      await page.waitForURL((u) => u.href.startsWith(w.callback), { timeout: 60_000 });
      const params = callbackParams(page.url());
      expect(params).toMatchObject({ status: 'failed', user_id: 'u-three' });
      expect(await result(params.token)).toMatchObject({ status: 'failed', reason: 'document_unreadable' });
    } finally {
      await page.close();
    }
  }, 180_000);

  it('a camera that shows no face at the liveness step: "we couldn\'t find your face", and the same step again', async () => {
    const empty = await launchWithCamera(emptySceneClip());
    try {
      const page = await empty.newPage();
      await page.goto(await w.verifyUrl({ verification_mode: 'document' }));
      await page.locator('main[data-step="selfie-intro"]').waitFor({ timeout: 30_000 });
      await page.locator('#start').click();
      await page.locator('main[data-step="capture-retake"]').waitFor({ timeout: 60_000 });
      expect(await page.locator('#retake-message').textContent()).toBe("We couldn't find your face. Face the camera in good light.");
      expect(await page.locator('#retake-left').textContent()).toBe('2 tries left.');
      await page.locator('#retake-again').click();
      await page.locator('main[data-step="selfie-intro"]').waitFor();
    } finally {
      await empty.close();
    }
  }, 120_000);

  it('the retake screen in light and dark, in en, ar (right-to-left) and ja: screenshots, no serious or critical axe findings', async () => {
    const findings: Record<string, unknown> = {};
    for (const locale of ['en', 'ar', 'ja']) {
      for (const theme of ['light', 'dark'] as const) {
        // Brought to its retake over HTTP, then opened in the page through a hand-off (its own widget session).
        const init = await w.svc.http('POST', '/verify/v1/init', {
          body: { callback_url: w.callback, min_age: 18, verification_mode: 'document', locale, theme },
          headers: { 'x-api-key': w.key },
        });
        const started = await w.svc.http('POST', '/verify/v1/widget/sessions', { body: { token: init.body.data.token } });
        const headers = { 'x-widget-session': started.body.data.widget_session as string };
        const live = await w.svc.http('POST', '/verify/v1/widget/session/frames', { body: { frames: [selfie.toString('base64')] }, headers });
        expect(live.body.data).toMatchObject({ step: 'document_required' });
        const refused = await w.svc.http('POST', '/verify/v1/widget/session/document', { body: { image: blurredBytes.toString('base64') }, headers });
        expect(refused.body.data).toMatchObject({ retake_reason: 'document_unreadable', retake_attempts_left: 2 });
        const handoff = await w.svc.http('POST', '/verify/v1/widget/session/handoff', { body: {}, headers });
        const page = await adult.newPage();
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.goto(`${w.svc.url}/widget#x=${handoff.body.data.handoff_token}`);
        await page.locator('main[data-step="capture-retake"]').waitFor({ timeout: 30_000 });
        expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir, document.documentElement.dataset.theme])).toEqual([
          locale,
          locale === 'ar' ? 'rtl' : 'ltr',
          theme,
        ]);
        expect(await page.locator('#retake-message').textContent()).toBe(UNREADABLE[locale]);
        expect(await page.locator('#retake-left').textContent()).toContain('2');
        const v = await captureStep(page, `capture-retake-${locale}-${theme}`);
        if (v.length) findings[`capture-retake-${locale}-${theme}`] = v;
        await page.close();
      }
    }
    expect(findings).toEqual({});
  }, 170_000);
});
