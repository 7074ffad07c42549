import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { readBuild } from '../../gateway/src/widget/build/build-widget.ts';
import { ensureBrowserTools, fixtureClip, launchWithCamera } from '../../test/widget/browser.ts';
import { startWidgetService } from '../../test/widget/service.ts';
import { hardwareFingerprint, percentile, round } from '../src/stats.ts';
import { startThrottledLink, UNTHROTTLED, type LinkOptions, type ThrottledLink } from '../src/throttled-link.ts';

/** The active age model and the file the browser runs (manifest `browser`, else `file`). */
function activeAgeModel(): { id: string; browserFile: string; referenceFileWithinGuardBand?: string } {
  const m = JSON.parse(readFileSync(fileURLToPath(new URL('../../inference/models.manifest.json', import.meta.url)), 'utf8'));
  const age = m.models[m.active.age];
  return { id: m.active.age, browserFile: age.browser?.file ?? age.file, ...(age.browser ? { referenceFileWithinGuardBand: age.file } : {}) };
}

/**
 * bench/widget (docs/performance.md), in headless Chromium with a fake camera (biden_1.jpg clip):
 * - JavaScript the page loads before the camera starts, gzipped (target <= 150 KB; WASM and models excluded);
 * - page load (navigation start) to the first guidance frame, the user clicking "Start" at once;
 * - on-device inference per frame (detect + 2 liveness models + the age model's views), from the
 *   evidence the widget sends (duration_ms), over `--runs N` sessions (default 3), each a fresh page;
 * - on-device compute for one burst: the sum of a verdict's frame durations;
 * - first and return visits over an emulated 10 Mbit/s, 40 ms link and an unthrottled one: bytes
 *   on the wire, page load to verdict, and the longest main-thread task during capture, over
 *   `--visits N` rounds (default 3), judged by the slowest.
 */
const argOf = (name: string, fallback: number) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback);
const RUNS = argOf('--runs', 3);
/** Rounds of first and return visits on each link (`--visits N`, default 3): the file keeps every round and the slowest. */
const VISIT_ROUNDS = argOf('--visits', 3);
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

/** The emulated slow link of the first-visit target: 10 Mbit/s each way, 40 ms round trip. */
const SLOW_LINK: LinkOptions = { bitsPerSecond: 10e6, rttMs: 40 };

interface Visit {
  /** Bytes the browser received (headers and bodies as sent), and sent. */
  bytesDown: number;
  bytesUp: number;
  /** Navigation to the callback with the verdict, the user clicking "Start" at once. */
  loadToVerdictMs: number;
  /** The longest main-thread task from the click to the verdict (Long Tasks API: 0 means none over 50 ms). */
  longestTaskMs: number;
}

/** One visit through `link`: page load, start, capture, verdict; the page's own counters read until it leaves. */
async function visit(page: Page, link: ThrottledLink, url: string, callback: string): Promise<Visit> {
  link.reset();
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  page.on('pageerror', (e) => logs.push(String(e)));
  page.on('response', async (r) => {
    if (r.status() >= 400) logs.push(`${new URL(r.url()).pathname} ${r.status()} ${await r.text().catch(() => '')}`);
  });
  const models: string[] = [];
  page.context().on('request', (r) => {
    if (r.url().includes('/widget/models/')) models.push(new URL(r.url()).pathname.slice(15, 23) + new URL(r.url()).pathname.slice(-3));
  });
  const t0 = performance.now();
  await page.goto(url.replace(/^http:\/\/[^/]+/, link.url));
  await page.locator('#start').click();
  await page.evaluate(() => {
    const w = window as unknown as { longestTaskMs: number };
    w.longestTaskMs = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longestTaskMs = Math.max(w.longestTaskMs, e.duration);
    }).observe({ type: 'longtask' });
  });
  let longestTaskMs = 0;
  while (!page.url().startsWith(callback)) {
    const seen = await page.evaluate(() => (window as unknown as { longestTaskMs?: number }).longestTaskMs ?? 0).catch(() => undefined);
    if (seen !== undefined) longestTaskMs = Math.max(longestTaskMs, seen);
    if (performance.now() - t0 > 180_000) {
      const state = await page
        .evaluate(() => `${document.querySelector('main')?.dataset.step}: ${document.querySelector('main')?.textContent?.slice(0, 300)}`)
        .catch(String);
      throw new Error(
        `no verdict within 180 s (${JSON.stringify(link.bytes())} bytes; page ${state}; models ${models.join(' ')}; console ${logs.join(' | ')})`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const loadToVerdictMs = performance.now() - t0;
  const { down, up } = link.bytes();
  return { bytesDown: down, bytesUp: up, loadToVerdictMs: round(loadToVerdictMs), longestTaskMs: round(longestTaskMs) };
}

/**
 * First and return visits, each over the emulated slow link and over an unthrottled one: a
 * fresh browser profile is an empty cache (the first visit); a second page in the same profile
 * is the return visit (immutable assets and models come from the cache).
 */
async function visits(w: Awaited<ReturnType<typeof startWidgetService>>, clip: string) {
  const service = new URL(w.svc.url);
  const out: Record<string, { first: Visit; return: Visit }> = {};
  for (const [name, options] of [
    ['slowLink10Mbit40ms', SLOW_LINK],
    ['unthrottled', UNTHROTTLED],
  ] as const) {
    const link = await startThrottledLink({ host: service.hostname, port: Number(service.port) }, options);
    const browser = await launchWithCamera(clip);
    try {
      const first = await visit(await browser.newPage(), link, await w.verifyUrl(), w.callback);
      const again = await visit(await browser.newPage(), link, await w.verifyUrl(), w.callback);
      out[name] = { first, return: again };
    } finally {
      await browser.close();
      await link.close();
    }
  }
  return out;
}

/**
 * A face whose fp16 verdict lies within the guard band (age_young_woman.jpg at min_age 15, estimate about
 * 30 against a pass value of 30, as test/widget/age-reference.browser.test.ts uses it): the worker also
 * fetches the float32 age model and re-runs it. Its first visit over the slow link is recorded beside the
 * targets, not judged by them: the bench face (far from every threshold) is the common case, and this one
 * is the cost a borderline face pays for decisions identical to the float32 model's.
 */
async function guardBandVisit(w: Awaited<ReturnType<typeof startWidgetService>>): Promise<Visit & { referenceModelFetched: boolean }> {
  const service = new URL(w.svc.url);
  const link = await startThrottledLink({ host: service.hostname, port: Number(service.port) }, SLOW_LINK);
  const browser = await launchWithCamera(fixtureClip('age_young_woman.jpg', 'scale=-2:480,pad=640:480:(ow-iw)/2:0'));
  try {
    const page = await browser.newPage();
    let referenceModelFetched = false;
    page.context().on('request', (r) => {
      if (/\/widget\/models\/[0-9a-f]{64}\.p4$/.test(r.url())) referenceModelFetched = true;
    });
    const v = await visit(page, link, await w.verifyUrl({ min_age: 15, verification_mode: 'facial' }), w.callback);
    return { ...v, referenceModelFetched };
  } finally {
    await browser.close();
    await link.close();
  }
}

type VisitsOnLinks = Awaited<ReturnType<typeof visits>>;

/**
 * The rounds of visits summed up against the targets by their worst case: per link and visit kind, the
 * largest byte count, the slowest load to verdict and the longest task of any round, with every round's
 * time and longest task kept beside them.
 */
function slowestOf(rounds: VisitsOnLinks[]) {
  const out: Record<string, Record<'first' | 'return', Visit & { rounds: { loadToVerdictMs: number[]; longestTaskMs: number[] } }>> = {};
  for (const link of Object.keys(rounds[0])) {
    const pick = (kind: 'first' | 'return') => {
      const all = rounds.map((r) => r[link][kind]);
      return {
        bytesDown: Math.max(...all.map((v) => v.bytesDown)),
        bytesUp: Math.max(...all.map((v) => v.bytesUp)),
        loadToVerdictMs: Math.max(...all.map((v) => v.loadToVerdictMs)),
        longestTaskMs: Math.max(...all.map((v) => v.longestTaskMs)),
        rounds: { loadToVerdictMs: all.map((v) => v.loadToVerdictMs), longestTaskMs: all.map((v) => v.longestTaskMs) },
      };
    };
    out[link] = { first: pick('first'), return: pick('return') };
  }
  return out;
}

async function main(): Promise<void> {
  const tools = ensureBrowserTools();
  if (!tools.ok) throw new Error(tools.reason);
  const loadAtStart = loadavg().map((l) => round(l));
  const w = await startWidgetService();
  const clip = fixtureClip('biden_1.jpg', 'crop=970:727:0:0,scale=640:480');
  const browser = await launchWithCamera(clip);
  const runs = [];
  const guidance: number[] = [];
  let wire: ReturnType<typeof slowestOf>;
  let guardBand: Awaited<ReturnType<typeof guardBandVisit>>;
  try {
    const rounds: Awaited<ReturnType<typeof visits>>[] = [];
    for (let i = 0; i < VISIT_ROUNDS; i++) rounds.push(await visits(w, clip));
    wire = slowestOf(rounds);
    guardBand = await guardBandVisit(w);
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
    // The development box is shared: other engineers' jobs move every time measured here.
    loadAverage1m5m15m: { start: loadAtStart, end: loadavg().map((l) => round(l)) },
    runs: RUNS,
    browser: 'Debian Chromium (headless), onnxruntime-web 1.30 WASM, 1 thread',
    jsBeforeCameraGzipBytes: { measured: runs[0].jsBeforeCamera, build: readBuild()?.initialJsGzipBytes, targetBytes: 150 * 1024, files: runs[0].jsFiles },
    pageLoadToFirstGuidanceMs: { cold: round(guidance[0]), warm: guidance.slice(1).map((g) => round(g)) },
    inferencePerFrameMs: { n: frames.length, p50: round(percentile(frames, 50)), p95: round(percentile(frames, 95)), max: Math.max(...frames) },
    ageModel: activeAgeModel(),
    visits: {
      rounds: VISIT_ROUNDS,
      ...wire,
      guardBandFaceFirstVisitSlowLink: guardBand,
      targets: { firstVisitBytesDown: 12e6, slowLinkFirstVisitLoadToVerdictMs: 13_000, slowLinkReturnVisitLoadToVerdictMs: 3_000, longestTaskMs: 100 },
    },
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
