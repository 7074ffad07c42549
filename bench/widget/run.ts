import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { readBuild } from '../../gateway/src/widget/build/build-widget.ts';
import { ensureBrowserTools, fixtureClip, launchWithCamera } from '../../test/widget/browser.ts';
import { startWidgetService } from '../../test/widget/service.ts';
import { hardwareFingerprint, percentile, round } from '../src/stats.ts';

/** The active age model and the file the browser runs (manifest `browser`, else `file`). */
function activeAgeModel(): { id: string; browserFile: string } {
  const m = JSON.parse(readFileSync(fileURLToPath(new URL('../../inference/models.manifest.json', import.meta.url)), 'utf8'));
  const age = m.models[m.active.age];
  return { id: m.active.age, browserFile: age.browser?.file ?? age.file };
}

/**
 * bench/widget (docs/performance.md), in headless Chromium with a fake camera (biden_1.jpg clip):
 * - JavaScript the page loads before the camera starts, gzipped (target <= 150 KB; WASM and models excluded);
 * - page load (navigation start) to the first guidance frame, the user clicking "Start" at once;
 * - on-device inference per frame (detect + 2 liveness models + the age model's views), from the
 *   evidence the widget sends (duration_ms), over `--runs N` sessions (default 3), each a fresh page;
 * - on-device compute for one burst: the sum of a verdict's frame durations.
 */
const RUNS = process.argv.includes('--runs') ? Number(process.argv[process.argv.indexOf('--runs') + 1]) : 3;
const OUT = fileURLToPath(new URL('../results/widget.json', import.meta.url));

async function oneRun(page: Page, url: string, callback: string) {
  const js: { url: string; gzip: number }[] = [];
  let cameraStarted = false;
  page.on('response', async (r) => {
    if (cameraStarted || !/javascript/.test(r.headers()['content-type'] ?? '')) return;
    js.push({ url: new URL(r.url()).pathname, gzip: gzipSync(await r.body()).length });
  });
  const frames: number[] = [];
  let burstMs = 0;
  page.on('request', (r) => {
    if (!r.url().endsWith('/device-verdict')) return;
    const durations: number[] = (JSON.parse(r.postData() ?? '{}').frames ?? []).map((f: { duration_ms: number }) => f.duration_ms);
    frames.push(...durations);
    burstMs = durations.reduce((s, d) => s + d, 0);
  });
  await page.goto(url);
  await page.locator('#start').waitFor();
  const jsBeforeCamera = js.reduce((s, f) => s + f.gzip, 0);
  cameraStarted = true;
  await page.locator('#start').click();
  await page.waitForURL((u) => u.href.startsWith(callback), { timeout: 120_000 });
  return { jsBeforeCamera, jsFiles: js, frames, burstMs };
}

async function firstGuidanceMs(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.locator('#start').click();
  await page.waitForFunction(() => performance.getEntriesByName('widget:guidance').length > 0, undefined, { timeout: 120_000 });
  return page.evaluate(() => performance.getEntriesByName('widget:guidance')[0].startTime);
}

async function main(): Promise<void> {
  const tools = ensureBrowserTools();
  if (!tools.ok) throw new Error(tools.reason);
  const w = await startWidgetService();
  const browser = await launchWithCamera(fixtureClip('biden_1.jpg', 'crop=970:727:0:0,scale=640:480'));
  const runs = [];
  const guidance: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      // Pages share the browser's HTTP cache (models and WASM are immutable): run 1 is the cold start.
      const page = await browser.newPage();
      guidance.push(await firstGuidanceMs(page, await w.verifyUrl()));
      await page.waitForURL((u) => u.href.startsWith(w.callback), { timeout: 120_000 });
      runs.push(await oneRun(page, await w.verifyUrl(), w.callback));
      await page.close();
    }
  } finally {
    await browser.close();
    await w.close();
  }
  const frames = runs.flatMap((r) => r.frames);
  const result = {
    bench: 'widget',
    when: new Date().toISOString(),
    hardware: hardwareFingerprint(),
    runs: RUNS,
    browser: 'Debian Chromium (headless), onnxruntime-web 1.30 WASM, 1 thread',
    jsBeforeCameraGzipBytes: { measured: runs[0].jsBeforeCamera, build: readBuild()?.initialJsGzipBytes, targetBytes: 150 * 1024, files: runs[0].jsFiles },
    pageLoadToFirstGuidanceMs: { cold: round(guidance[0]), warm: guidance.slice(1).map((g) => round(g)) },
    inferencePerFrameMs: { n: frames.length, p50: round(percentile(frames, 50)), p95: round(percentile(frames, 95)), max: Math.max(...frames) },
    ageModel: activeAgeModel(),
    inferencePerBurstMs: {
      framesPerBurst: runs[0].frames.length,
      runs: runs.map((r) => round(r.burstMs)),
      p50: round(
        percentile(
          runs.map((r) => r.burstMs),
          50,
        ),
      ),
    },
  };
  mkdirSync(fileURLToPath(new URL('../results/', import.meta.url)), { recursive: true });
  writeFileSync(OUT, JSON.stringify(result, null, 2) + '\n');
  console.log(JSON.stringify(result, null, 2));
}

await main();
process.exit(0);
