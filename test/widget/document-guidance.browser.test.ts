import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { FACES_DIR } from '@idgate/inference/testing';
import { DOCUMENTS, ensureBrowserTools, fixtureClip, launchWithCamera } from './browser.ts';
import { captureStep } from './a11y.ts';
import { startWidgetService, type WidgetService } from './service.ts';

// The document camera's live guidance in Debian Chromium with a fake camera
// (gateway/src/widget/document-guidance.ts): a face held up at the document step is no document,
// a passport is.

const tools = ensureBrowserTools();
if (!tools.ok && process.env.CI === 'true') throw new Error(tools.reason);
if (!tools.ok) console.warn(`[document guidance browser tests] skipped: ${tools.reason}`);

/** A face filling the frame, as a user might hold the camera up to themselves at the document step. */
const FACE = { file: 'biden_1.jpg', filter: 'crop=970:727:0:0,scale=960:720' };
/** The passport held up to the rear camera, filling the guide on a grey-blue table (as in widget.browser.test.ts). */
const PASSPORT = { file: 'passport_td3_utopia_specimen.jpg', filter: 'scale=820:-2,pad=960:720:(ow-iw)/2:(oh-ih)/2:color=0x5a5f69' };
const READY = 'Good. Take the photo now.';
/** doc_guide_none in the tested locales. */
const NONE: Record<string, string> = { en: 'Hold your document inside the frame.', ar: 'ضع مستندك داخل الإطار.', ja: '書類を枠の中に入れてください。' };

describe.skipIf(!tools.ok)('document camera guidance in Chromium', () => {
  let w: WidgetService;
  let face: BrowserContext;
  let passport: BrowserContext;

  beforeAll(async () => {
    w = await startWidgetService();
    face = await launchWithCamera(fixtureClip(FACE.file, FACE.filter));
    passport = await launchWithCamera(fixtureClip(PASSPORT.file, PASSPORT.filter, DOCUMENTS));
  }, 120_000);
  afterAll(async () => {
    await face?.close();
    await passport?.close();
    await w?.close();
  });

  /**
   * A page at the document step's camera, every hint it announces recorded with its time. The liveness
   * step before the document is passed over the API (these cameras show one thing only) and the page
   * resumes the session as after a reload.
   */
  async function atDocumentCamera(camera: BrowserContext, init: Record<string, unknown>): Promise<Page> {
    const url = await w.verifyUrl({ verification_mode: 'document', ...init });
    const initToken = new URL(url).searchParams.get('t')!;
    const start = await w.svc.http('POST', '/verify/v1/widget/sessions', { body: { token: initToken } });
    const session = start.body.data.widget_session as string;
    const selfie = readFileSync(`${FACES_DIR}/biden_1.jpg`).toString('base64');
    const live = await w.svc.http('POST', '/verify/v1/widget/session/frames', { body: { frames: [selfie] }, headers: { 'x-widget-session': session } });
    expect(live.body.data).toMatchObject({ step: 'document_required' });
    const page = await camera.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.addInitScript(([k, v]) => sessionStorage.setItem(k, v), [`xws:${initToken}`, session]);
    // Every text the live region takes, with the time (ms) since the camera step appeared.
    await page.addInitScript(() => {
      // The page's long tasks (over 50 ms) while the guidance runs: it must stay responsive.
      const longTasks: { at: number; ms: number }[] = [];
      (globalThis as unknown as { longTasks: typeof longTasks }).longTasks = longTasks;
      new PerformanceObserver((l) => {
        const shown = document.querySelector<HTMLElement>('main[data-step="document-camera"]')?.dataset.shownAt;
        if (shown) for (const e of l.getEntries()) longTasks.push({ at: Math.round(e.startTime - Number(shown)), ms: Math.round(e.duration) });
      }).observe({ type: 'longtask' });
      const log: { t: number; text: string }[] = [];
      (globalThis as unknown as { hints: typeof log }).hints = log;
      new MutationObserver(() => {
        const main = document.querySelector<HTMLElement>('main[data-step="document-camera"]');
        if (!main) return;
        main.dataset.shownAt ??= String(performance.now());
        const live = document.getElementById('live');
        if (live?.textContent && log.at(-1)?.text !== live.textContent)
          log.push({ t: performance.now() - Number(main.dataset.shownAt), text: live.textContent });
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(url);
    await page.locator('main[data-step="document"]').waitFor({ timeout: 30_000 });
    await page.locator('#document-camera').click();
    await page.locator('main[data-step="document-camera"]').waitFor();
    return page;
  }

  const hints = (page: Page) => page.evaluate(() => (globalThis as unknown as { hints: { t: number; text: string }[] }).hints);

  it('a face filling the frame never reads ready in 5 s, asks for the document, and the page never freezes (no task over 500 ms)', async () => {
    const page = await atDocumentCamera(face, {});
    await page.locator('#live:not(:empty)').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(5_000);
    const seen = await hints(page);
    console.log(`[document guidance] face clip hints: ${JSON.stringify(seen.map((h) => [Math.round(h.t), h.text]))}`);
    // Not ready, and not a document side either: the only hint is the no-document one.
    expect([...new Set(seen.map((h) => h.text))]).toEqual([NONE.en]);
    const longTasks = await page.evaluate(() => (globalThis as unknown as { longTasks: { at: number; ms: number }[] }).longTasks);
    console.log(`[document guidance] long tasks on the camera step (start ms after the step appeared, duration ms): ${JSON.stringify(longTasks)}`);
    // A freeze guard, not the performance target: the page once froze for 6 to 60 s. The 100 ms target for the
    // longest task is measured by `npm run bench:widget`; a test on a shared 2-core box sees 100-200 ms tasks
    // from the box's load alone.
    expect(Math.max(0, ...longTasks.map((t) => t.ms))).toBeLessThanOrEqual(500);
    expect(await page.locator('.doc-guide').getAttribute('data-ready')).toBe('false');
    await page.close();
  }, 90_000);

  it('a passport reads ready within 2 s of the camera step', async () => {
    const page = await atDocumentCamera(passport, {});
    await expect.poll(() => page.locator('#live').textContent(), { timeout: 20_000 }).toBe(READY);
    const seen = await hints(page);
    console.log(`[document guidance] passport clip hints: ${JSON.stringify(seen.map((h) => [Math.round(h.t), h.text]))}`);
    expect(seen.find((h) => h.text === READY)!.t).toBeLessThan(2_000);
    expect(await page.locator('.doc-guide').getAttribute('data-ready')).toBe('true');
    await page.close();
  }, 90_000);

  it('the no-document hint in light and dark, en, ar and ja: screenshots, no serious or critical axe findings', async () => {
    const findings: Record<string, unknown> = {};
    for (const locale of ['en', 'ar', 'ja']) {
      for (const theme of ['light', 'dark'] as const) {
        const page = await atDocumentCamera(face, { locale, theme });
        await expect.poll(() => page.locator('#live').textContent(), { timeout: 15_000 }).toBe(NONE[locale]);
        const v = await captureStep(page, `document-camera-none-${locale}-${theme}`);
        if (v.length) findings[`${locale}-${theme}`] = v;
        await page.close();
      }
    }
    expect(findings).toEqual({});
  }, 170_000);
});
