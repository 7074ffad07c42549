import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { emptySceneClip, ensureBrowserTools, fixtureClip, launchWithCamera } from './browser.ts';
import { callbackParams, startWidgetService, type WidgetService } from './service.ts';

const tools = ensureBrowserTools();
if (!tools.ok && process.env.CI === 'true') throw new Error(tools.reason);

/** Six people at a table: never one subject. */
const GROUP = { file: 'group_6_people.jpg', filter: 'scale=640:480:force_original_aspect_ratio=decrease,pad=640:480:(ow-iw)/2:(oh-ih)/2' };

/**
 * The longest wait, in ms, of a timer set on the page's main thread, sampled `samples` times: how
 * late the page would handle a click. A main thread busy with the models would be seconds late.
 */
async function worstTimerDelay(page: Page, samples: number): Promise<number> {
  return page.evaluate(async (n) => {
    let worst = 0;
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await new Promise((r) => setTimeout(r, 50));
      worst = Math.max(worst, performance.now() - t - 50);
    }
    return worst;
  }, samples);
}

/**
 * The capture loop on frames the check rejects (no face, a group): the page keeps answering,
 * shows the right guidance, and Cancel works at any moment. The models run in a worker.
 */
describe.skipIf(!tools.ok)('capture stays responsive on rejected frames (Chromium, fake camera)', () => {
  let w: WidgetService;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    w = await startWidgetService();
  }, 120_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await w?.close();
  });

  async function startCapture(clip: string, userId: string): Promise<Page> {
    const context = await launchWithCamera(clip);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(await w.verifyUrl({ verification_mode: 'facial', user_id: userId }));
    await page.getByRole('button', { name: 'Start the camera' }).click();
    return page;
  }

  for (const [name, clip, guidance] of [
    ['no face', () => emptySceneClip(), 'Place your face inside the frame.'],
    ['a group', () => fixtureClip(GROUP.file, GROUP.filter), 'Only one person should be in view.'],
  ] as const) {
    it(`${name}: the guidance says so, the main thread stays free while the models run, and Cancel ends the session`, async () => {
      const page = await startCapture(clip(), `u-${name.replace(' ', '-')}`);
      await page.locator('#live', { hasText: guidance }).waitFor({ timeout: 60_000 });
      // Several seconds of rejected frames, the models running all along.
      expect(await worstTimerDelay(page, 40)).toBeLessThan(250);
      expect(await page.locator('#live').textContent()).toBe(guidance);
      const clicked = Date.now();
      await page.getByRole('button', { name: 'Cancel and return to the site' }).click({ timeout: 2_000 });
      await page.waitForURL((u) => u.href.startsWith(w.callback), { timeout: 15_000 });
      expect(Date.now() - clicked).toBeLessThan(15_000);
      expect(callbackParams(page.url())).toMatchObject({ status: 'canceled' });
    });
  }
});
