import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createHash } from 'node:crypto';
import { ensureBrowserTools, fixtureClip, launchWithCamera } from './browser.ts';
import { callbackParams, startWidgetService, type WidgetService } from './service.ts';
import { fuseFrames, inGuardBand, type AgeGatePolicy, type AgeGuardBand } from '@idgate/protos';

const tools = ensureBrowserTools();
if (!tools.ok && process.env.CI === 'true') throw new Error(tools.reason);
if (!tools.ok) console.warn(`[widget browser tests] skipped: ${tools.reason}`);

/** An older adult: far from every threshold of the +18 gate (estimate over 60). */
const ADULT = { file: 'biden_1.jpg', filter: 'crop=970:727:0:0,scale=640:480' };
/**
 * A young woman whom the age model places at about 30.0: at min_age 15 (gate +15, pass value 30)
 * her estimate sits within the guard band of the pass value with the production band of the
 * manifest, so the smaller file may not decide.
 */
const BORDERLINE = { file: 'age_young_woman.jpg', filter: 'scale=-2:480,pad=640:480:(ow-iw)/2:0' };

/**
 * A woman the fp16 file places at about 35 with a low end of 29-30 in this clip, at +18: within the low
 * end's 15 whole years of the gate, but the bounds from the probability mass (29-30) keep it well over
 * 18, so the fp16 file decides alone.
 */
const LOW_END_BOUNDED = { file: 'sarah_2.jpg', filter: 'scale=-2:480,pad=640:480:(ow-iw)/2:0' };

/** Byte planes back to the file, written out here so the test does not share the widget's code for it. */
function joinPlanes(transport: Uint8Array, planes: number): Uint8Array {
  const out = new Uint8Array(transport.length);
  // Plane p holds bytes p, p + planes, …: ceil((length - p) / planes) of them.
  const starts = [0];
  for (let p = 1; p < planes; p++) starts.push(starts[p - 1] + Math.ceil((out.length - (p - 1)) / planes));
  for (let i = 0; i < out.length; i++) out[i] = transport[starts[i % planes] + Math.floor(i / planes)];
  return out;
}

interface Seen {
  models: string[];
  evidence?: {
    model_hashes: string[];
    age_verdict: string;
    frames: { age_estimate: number; age_low: number; age_high: number; age_low_floor?: number; age_low_ceiling?: number }[];
  };
  verdictStatus?: number;
}

/** The model files the page and its worker fetch (the context sees the worker's requests too), and the evidence with core's answer. */
function watch(page: Page): Seen {
  const seen: Seen = { models: [] };
  page.context().on('request', (r) => {
    if (r.url().includes('/widget/models/')) seen.models.push(new URL(r.url()).pathname);
    if (r.url().endsWith('/device-verdict')) seen.evidence = JSON.parse(r.postData() ?? '{}');
  });
  page.on('response', (r) => {
    if (r.url().endsWith('/device-verdict')) seen.verdictStatus = r.status();
  });
  return seen;
}

describe.skipIf(!tools.ok)('the age model file of the widget: fp16 weights, float32 within the guard band', () => {
  let w: WidgetService;
  let cfg: {
    models: { age: { url: string; sha256: string }; ageReference: { url: string; sha256: string } };
    policy: { age: AgeGatePolicy; ageGuardBand: AgeGuardBand };
  };

  beforeAll(async () => {
    w = await startWidgetService();
    cfg = (await w.svc.http('GET', '/widget/config.json')).body;
  }, 300_000); // the inference node and the gateway start slowly on a loaded 2-core box
  afterAll(async () => {
    await w?.close();
  });

  async function run(clip: { file: string; filter: string }, minAge: number): Promise<{ seen: Seen; params: Record<string, string> }> {
    const ctx: BrowserContext = await launchWithCamera(fixtureClip(clip.file, clip.filter));
    try {
      const page = await ctx.newPage();
      const seen = watch(page);
      await page.goto(await w.verifyUrl({ min_age: minAge, verification_mode: 'facial' }));
      await page.getByRole('button', { name: 'Start the camera' }).click();
      await page.waitForURL((u) => u.href.startsWith(w.callback), { timeout: 120_000 });
      return { seen, params: callbackParams(page.url()) };
    } finally {
      await ctx.close();
    }
  }

  it('serves both files of the age model as byte planes that join to the manifest bytes', async () => {
    expect(cfg.models.age.sha256).not.toBe(cfg.models.ageReference.sha256);
    // fp16 weights in 2 planes, float32 in 4.
    expect([cfg.models.age.url, cfg.models.ageReference.url]).toEqual([
      `/widget/models/${cfg.models.age.sha256}.p2`,
      `/widget/models/${cfg.models.ageReference.sha256}.p4`,
    ]);
    for (const [m, planes] of [
      [cfg.models.age, 2],
      [cfg.models.ageReference, 4],
    ] as const) {
      const res = await fetch(`${w.svc.url}${m.url}`);
      expect(res.headers.get('x-content-sha256')).toBe(m.sha256);
      const bytes = joinPlanes(new Uint8Array(await res.arrayBuffer()), planes);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(m.sha256);
    }
    expect((await w.svc.http('GET', `/widget/models/${cfg.models.age.sha256}.p4`)).status).toBe(404);
  });

  it('decides a face far from every threshold with the fp16 file alone: the float32 file is never fetched', async () => {
    const { seen, params } = await run(ADULT, 18);
    expect(params.status).toBe('success');
    expect(seen.models).toContain(cfg.models.age.url);
    expect(seen.models).not.toContain(cfg.models.ageReference.url);
    expect(seen.evidence?.model_hashes).toContain(cfg.models.age.sha256);
    expect(seen.verdictStatus).toBe(200);
  }, 180_000);

  it('re-runs a borderline face with the float32 file on the same frames, and core accepts that evidence', async () => {
    const { seen, params } = await run(BORDERLINE, 15);
    expect(seen.models).toContain(cfg.models.ageReference.url);
    expect(seen.evidence?.model_hashes).toContain(cfg.models.ageReference.sha256);
    expect(seen.evidence?.model_hashes).not.toContain(cfg.models.age.sha256);
    expect(seen.verdictStatus).toBe(200);
    // facial mode: a pass succeeds, anything else fails; either way core decided from float32 numbers.
    expect(['success', 'failed']).toContain(params.status);
  }, 180_000);

  it('decides with the fp16 file alone a face whose low end is near the gate in years but bounded clear of it', async () => {
    const { seen, params } = await run(LOW_END_BOUNDED, 18);
    expect(params.status).toBe('success');
    expect(seen.models).not.toContain(cfg.models.ageReference.url);
    expect(seen.evidence?.model_hashes).toContain(cfg.models.age.sha256);
    expect(seen.verdictStatus).toBe(200);
    const frames = seen.evidence!.frames;
    for (const f of frames) {
      expect(f.age_low_floor).toBeLessThanOrEqual(f.age_low);
      expect(f.age_low_ceiling).toBeGreaterThanOrEqual(f.age_low);
    }
    // The bounds are what kept the float32 file away: with the low end's whole years alone, the same frames lie in the band.
    const ranges = frames.map((f) => ({ estimate: f.age_estimate, low: f.age_low, high: f.age_high }));
    const band = cfg.policy.ageGuardBand;
    expect(inGuardBand(fuseFrames(ranges), 18, cfg.policy.age, band)).toBe(true);
    const bounded = frames.map((f, i) => ({ ...ranges[i], lowFloor: f.age_low_floor, lowCeiling: f.age_low_ceiling }));
    expect(inGuardBand(fuseFrames(bounded), 18, cfg.policy.age, band)).toBe(false);
  }, 180_000);
});
