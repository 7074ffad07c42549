import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { FACES_DIR } from '@idgate/inference/testing';
import { idCardBack, idCardFront, licenceBack, licenceFront, DEFAULT_HOLDER, type TestHolder } from '../src/document-generator.ts';
import { emptySceneClip, ensureBrowserTools, launchWithCamera } from './browser.ts';
import { captureStep, type AxeFinding } from './a11y.ts';
import { callbackParams, startWidgetService, type WidgetService } from './service.ts';

// Two-sided documents in the hosted widget (gateway/src/widget/document-step.ts) in Debian Chromium:
// the user says which document they hold, the page takes front and back (camera or files), shows both,
// sends both in one request, and asks again for a side the server found missing. One service, one
// browser: each page's camera is a canvas stream of the picture the test gives it (a generated card
// side on a table, or a face), so no browser has to be started per picture.

const tools = ensureBrowserTools();
if (!tools.ok && process.env.CI === 'true') throw new Error(tools.reason);
if (!tools.ok) console.warn(`[two-sided browser tests] skipped: ${tools.reason}`);

/** The person of the liveness selfie, with another photo of him as the document portrait: the face match passes. */
const HOLDER: TestHolder = { ...DEFAULT_HOLDER, surname: 'Biden', givenNames: 'Joseph Robinette', dateOfBirth: '1942-11-20', portrait: 'biden_2.jpg' };
const SELFIE = 'biden_1.jpg';
const READY = 'Good. Take the photo now.';
const TURN_OVER = 'Turn the document over: show the side with the machine-readable lines or the barcode.';
const BACK_HEADING: Record<string, string> = { en: 'Now turn your card over', ar: 'الآن اقلب بطاقتك', ja: 'カードを裏返してください' };

type Jpeg = { name: string; mimeType: string; buffer: Buffer };
const jpeg = (name: string, buffer: Buffer): Jpeg => ({ name, mimeType: 'image/jpeg', buffer });

/** A card side held up to the rear camera: scaled to 80 % of a 960x720 frame on a grey-blue table, as a data URL. */
async function onTable(side: Buffer): Promise<string> {
  const card = await sharp(side).resize({ width: 770 }).toBuffer();
  const { height = 480 } = await sharp(card).metadata();
  const frame = await sharp({ create: { width: 960, height: 720, channels: 3, background: '#5a5f69' } })
    .composite([{ input: card, left: 95, top: Math.round((720 - height) / 2) }])
    .jpeg({ quality: 90 })
    .toBuffer();
  return `data:image/jpeg;base64,${frame.toString('base64')}`;
}

describe.skipIf(!tools.ok)('two-sided documents in the widget, in Chromium', () => {
  let w: WidgetService;
  let browser: BrowserContext;
  const files: Record<string, Jpeg> = {};
  const camera: Record<string, string> = {};

  beforeAll(async () => {
    w = await startWidgetService();
    browser = await launchWithCamera(emptySceneClip());
    files.idFront = jpeg('id-front.jpg', await idCardFront(HOLDER));
    files.idBack = jpeg('id-back.jpg', await idCardBack(HOLDER));
    files.dlFront = jpeg('dl-front.jpg', await licenceFront(HOLDER));
    files.dlBack = jpeg('dl-back.jpg', await licenceBack(HOLDER));
    camera.dlFront = await onTable(files.dlFront.buffer);
    camera.face = `data:image/jpeg;base64,${(await sharp(`${FACES_DIR}/biden_1.jpg`).resize({ width: 960, height: 720, fit: 'cover' }).jpeg().toBuffer()).toString('base64')}`;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  /**
   * A page at the document step, the liveness before it passed over the API (the page resumes the session
   * as after a reload). With `picture` its camera shows that picture; every live-region text is recorded.
   */
  async function atDocumentStep(init: Record<string, unknown> = {}, picture?: string): Promise<Page> {
    const url = await w.verifyUrl({ verification_mode: 'document', ...init });
    const initToken = new URL(url).searchParams.get('t')!;
    const start = await w.svc.http('POST', '/verify/v1/widget/sessions', { body: { token: initToken } });
    const session = start.body.data.widget_session as string;
    const selfie = readFileSync(`${FACES_DIR}/${SELFIE}`).toString('base64');
    const live = await w.svc.http('POST', '/verify/v1/widget/session/frames', { body: { frames: [selfie] }, headers: { 'x-widget-session': session } });
    expect(live.body.data).toMatchObject({ step: 'document_required' });
    const page = await browser.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.addInitScript(([k, v]) => sessionStorage.setItem(k, v), [`xws:${initToken}`, session]);
    if (picture) {
      await page.addInitScript((src: string) => {
        navigator.mediaDevices.getUserMedia = async () => {
          const img = new Image();
          img.src = src;
          await img.decode();
          const canvas = Object.assign(document.createElement('canvas'), { width: img.naturalWidth, height: img.naturalHeight });
          const c = canvas.getContext('2d')!;
          const paint = () => c.drawImage(img, 0, 0);
          paint();
          setInterval(paint, 100);
          return canvas.captureStream(10);
        };
      }, picture);
    }
    await page.addInitScript(() => {
      const log: string[] = [];
      (globalThis as unknown as { hints: string[] }).hints = log;
      new MutationObserver(() => {
        const text = document.getElementById('live')?.textContent;
        if (text && log.at(-1) !== text) log.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(url);
    await page.locator('main[data-step="document"]').waitFor({ timeout: 30_000 });
    return page;
  }
  const hints = (page: Page) => page.evaluate(() => (globalThis as unknown as { hints: string[] }).hints);
  const stage = (page: Page) => page.locator('#app').getAttribute('data-document-stage');

  /** Sends what the page holds; the body of the one upload request, and the state the page lands on. */
  async function send(page: Page): Promise<Record<string, unknown>> {
    const request = page.waitForRequest((r) => r.url().endsWith('/session/document'));
    await page.locator('#document-send').click();
    return (await request).postDataJSON() as Record<string, unknown>;
  }

  it('an ID card: front then back from files, both thumbnails, either side retaken, one request with both; the session passes', async () => {
    const page = await atDocumentStep();
    await page.locator('#document-kind-id_card').check();
    expect(await stage(page)).toBe('front');
    expect(await page.locator('#document-send').isDisabled()).toBe(true);
    await page.setInputFiles('#document-front-file', files.idFront);
    expect(await stage(page)).toBe('back');
    expect(await page.locator('h1').textContent()).toBe(BACK_HEADING.en);
    // A wrong back first, then retaken: the licence's back instead of the card's.
    await page.setInputFiles('#document-back-file', files.dlBack);
    expect(await stage(page)).toBe('review');
    await page.setInputFiles('#document-back-file', files.idBack);
    expect(await page.locator('#document-front-thumb').isVisible()).toBe(true);
    expect(await page.locator('#document-back-thumb').isVisible()).toBe(true);
    const body = await send(page);
    expect(body.image).toBe(files.idFront.buffer.toString('base64'));
    expect(body.back_image).toBe(files.idBack.buffer.toString('base64'));
    await page.waitForURL((u) => u.href.startsWith(w.callback), { timeout: 60_000 });
    expect(callbackParams(page.url())).toMatchObject({ status: 'success' });
    await page.close();
  }, 60_000);

  it('a licence: the front from the camera (never "turn it over", ready), the back from a file; the session passes', async () => {
    const page = await atDocumentStep({}, camera.dlFront);
    await page.locator('#document-kind-licence').check();
    await page.locator('#document-front-camera').click();
    await page.locator('main[data-step="document-camera"]').waitFor();
    await expect.poll(() => page.locator('#live').textContent(), { timeout: 10_000 }).toBe(READY);
    expect(await hints(page)).not.toContain(TURN_OVER);
    await page.locator('#document-capture').click();
    await page.locator('#document-front-thumb').waitFor();
    expect(await stage(page)).toBe('back');
    await page.setInputFiles('#document-back-file', files.dlBack);
    const body = await send(page);
    expect(typeof body.image).toBe('string');
    expect(body.back_image).toBe(files.dlBack.buffer.toString('base64'));
    await page.waitForURL((u) => u.href.startsWith(w.callback), { timeout: 60_000 });
    expect(callbackParams(page.url())).toMatchObject({ status: 'success' });
    await page.close();
  }, 60_000);

  it('a face only at the document step: never "Take the photo now"', async () => {
    const page = await atDocumentStep({}, camera.face);
    await page.locator('#document-camera').click();
    await page.locator('main[data-step="document-camera"] #live:not(:empty)').waitFor({ timeout: 10_000 });
    await page.waitForTimeout(1_500);
    expect(await hints(page)).not.toContain(READY);
    await page.close();
  }, 30_000);

  it('a card front sent as a passport: the retake names the back, keeps the front, and the back completes it', async () => {
    const page = await atDocumentStep();
    await page.setInputFiles('#document-file', files.idFront);
    await send(page);
    await page.locator('main[data-step="capture-retake"]').waitFor({ timeout: 30_000 });
    expect(await page.locator('#retake-message').textContent()).toContain('back of your document');
    await page.locator('#retake-again').click();
    expect(await stage(page)).toBe('back');
    expect(await page.locator('#document-front-thumb').isVisible()).toBe(true);
    await page.setInputFiles('#document-back-file', files.idBack);
    await send(page);
    await page.waitForURL((u) => u.href.startsWith(w.callback), { timeout: 60_000 });
    expect(callbackParams(page.url())).toMatchObject({ status: 'success' });
    await page.close();
  }, 60_000);

  it('the choice, front, back and review screens in light and dark, en, ar and ja: screenshots, no axe findings', async () => {
    const findings: Record<string, AxeFinding[]> = {};
    const check = async (page: Page, name: string, tag: string) => {
      const v = await captureStep(page, `two-sided-${name}-${tag}`);
      if (v.length) findings[`${name}-${tag}`] = v;
    };
    for (const locale of ['en', 'ar', 'ja']) {
      for (const theme of ['light', 'dark'] as const) {
        const tag = `${locale}-${theme}`;
        const page = await atDocumentStep({ locale, theme });
        await check(page, 'choice', tag);
        await page.locator('#document-kind-id_card').check();
        await check(page, 'front', tag);
        await page.setInputFiles('#document-front-file', files.idFront);
        expect(await page.locator('h1').textContent()).toBe(BACK_HEADING[locale]);
        await check(page, 'back', tag);
        await page.setInputFiles('#document-back-file', files.idBack);
        await check(page, 'review', tag);
        await page.close();
      }
    }
    expect(findings).toEqual({});
  }, 60_000);
});
