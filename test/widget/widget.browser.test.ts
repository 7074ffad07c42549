import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { DOCUMENTS, ensureBrowserTools, fixtureClip, launchWithCamera } from './browser.ts';
import { callbackParams, startWidgetService, type WidgetService } from './service.ts';
import { captureStep } from './a11y.ts';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDevicePolicy } from '@idgate/core';
import { DOCUMENTS_DIR, FACES_DIR } from '@idgate/inference/testing';

const MANIFEST = fileURLToPath(new URL('../../inference/models.manifest.json', import.meta.url));

const tools = ensureBrowserTools();
if (!tools.ok && process.env.CI === 'true') throw new Error(tools.reason);
if (!tools.ok) console.warn(`[widget browser tests] skipped: ${tools.reason}`);

/** Head and shoulders of an older adult (the +18 gate passes from an estimate of 30.5: docs/age-gate.md). */
const ADULT = { file: 'biden_1.jpg', filter: 'crop=970:727:0:0,scale=640:480' };
/** A child of about 9, framed like a selfie. */
const CHILD = { file: 'age_child.jpg', filter: 'scale=-2:480,pad=640:480:(ow-iw)/2:0' };
/**
 * A live adult of about 27 whom the model places near 26, under the +18 gate's pass value of 30.5:
 * undecided, so auto mode escalates to a document. (age_young_woman.jpg sits at 30.0, too close to
 * the cut for a clip with camera noise.)
 */
const YOUNG = { file: 'rose_leslie_1.jpg', filter: 'crop=1064:799:108:0,scale=640:480' };
const DOCUMENT = join(DOCUMENTS_DIR, 'passport_td3_utopia_specimen.jpg');
/** The same passport held up to a rear camera: filling the guide rectangle on a grey-blue table, 960x720. */
const DOCUMENT_CAMERA = { file: 'passport_td3_utopia_specimen.jpg', filter: 'scale=820:-2,pad=960:720:(ow-iw)/2:(oh-ih)/2:color=0x5a5f69' };
const FACES = `${FACES_DIR}/`;

/** The document step's file button, as each tested locale words it. */
const PICK_PHOTO: Record<string, string> = { en: 'Choose a photo', ar: 'اختر صورة', ja: '写真を選ぶ' };

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id);

/** The server-side alternative from the intro: camera, consent, frames; returns the callback parameters. */
async function passServerSide(page: Page, callback: string): Promise<Record<string, string>> {
  await page.getByRole('button', { name: 'Start the camera' }).click();
  await page.locator('main[data-step="server-check"]').waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await page.waitForURL((u) => u.href.startsWith(callback), { timeout: 60_000 });
  return callbackParams(page.url());
}

interface BodyLog {
  url: string;
  method: string;
  bytes: number;
  imageLike: boolean;
}

/** Every request body the page sends: how many bytes, and whether it looks like image data. */
function recordBodies(page: Page): BodyLog[] {
  const log: BodyLog[] = [];
  page.on('request', (r: Request) => {
    const body = r.postDataBuffer();
    const text = body?.toString('latin1') ?? '';
    // JPEG/PNG/WebP magic, raw or base64 ("/9j/", "iVBOR", "UklGR"), or any long base64 run.
    const imageLike = /\xff\xd8\xff|\x89PNG|RIFF....WEBP|\/9j\/|iVBOR|UklGR|[A-Za-z0-9+/]{2000}/.test(text);
    log.push({ url: r.url(), method: r.method(), bytes: body?.length ?? 0, imageLike });
  });
  return log;
}

describe.skipIf(!tools.ok)('hosted widget in Chromium with a fake camera', () => {
  let w: WidgetService;
  let adult: BrowserContext;

  beforeAll(async () => {
    w = await startWidgetService();
    adult = await launchWithCamera(fixtureClip(ADULT.file, ADULT.filter));
  }, 120_000);
  afterAll(async () => {
    await adult?.close();
    await w?.close();
  });

  async function result(token: string) {
    return (await w.svc.http('GET', `/verify/v1/result/${token}`, { headers: { 'x-api-key': w.key } })).body.data;
  }

  it('serves the page, bundle and content-addressed models itself: CSP, immutable caching, sha256 verified', async () => {
    const page = await w.svc.http('GET', '/widget');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(page.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    expect(page.text).not.toMatch(/https?:\/\/(?!localhost)/); // no CDN
    const cfg = (await w.svc.http('GET', '/widget/config.json')).body;
    const hashes = [cfg.models.detector, ...cfg.models.liveness].map((m: { sha256: string }) => m.sha256);
    const policy = readDevicePolicy(MANIFEST);
    expect(hashes.sort()).toEqual([...policy.requiredModelHashes].sort());
    // The age model: the smaller browser file, and the float32 file for a verdict within the guard band.
    expect([cfg.models.age.sha256, cfg.models.ageReference.sha256]).toEqual([policy.ageModel?.browserSha256, policy.ageModel?.referenceSha256]);
    const res = await fetch(`${w.svc.url}${cfg.models.detector.url}`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(
      createHash('sha256')
        .update(Buffer.from(await res.arrayBuffer()))
        .digest('hex'),
    ).toBe(cfg.models.detector.sha256);
    expect(cfg.models.detector.integrity).toBe(`sha256-${Buffer.from(cfg.models.detector.sha256, 'hex').toString('base64')}`);
    expect((await w.svc.http('GET', `/widget/models/${'0'.repeat(64)}.onnx`)).status).toBe(404);
    expect((await w.svc.http('GET', '/widget/assets/..%2F..%2Fpackage.json')).status).toBe(404);
  });

  it('path A pass: on-device check of an older adult, callback with success, result record success; no image bytes sent', async () => {
    const page = await adult.newPage();
    const bodies = recordBodies(page);
    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));
    page.on('pageerror', (e) => logs.push(String(e)));
    await page.goto(await w.verifyUrl({ user_id: 'user-7' }));
    await page.getByRole('button', { name: 'Start the camera' }).click();
    await page
      .waitForURL((u) => u.href.startsWith(w.callback), { timeout: 90_000 })
      .catch((e) => {
        throw new Error(`${e}\n${logs.join('\n')}\n${JSON.stringify(bodies)}`);
      });
    const params = callbackParams(page.url());
    expect(params).toMatchObject({ status: 'success', user_id: 'user-7' });
    expect(await result(params.token)).toMatchObject({
      status: 'success',
      verified: true,
      verification_type: 'age_estimation',
      checks: { liveness: { performed: true, passed: true }, age: { performed: true, passed: true, gate: 18 } },
    });
    const toServer = bodies.filter((b) => b.url.startsWith(w.svc.url) && b.bytes > 0);
    expect(toServer.map((b) => new URL(b.url).pathname)).toEqual(['/verify/v1/widget/sessions', '/verify/v1/widget/session/device-verdict']);
    expect(toServer.some((b) => b.imageLike)).toBe(false);
    expect(toServer.reduce((s, b) => s + b.bytes, 0)).toBeLessThan(4096);
    await page.close();
  }, 120_000);

  it('path A undecided (a young adult) escalates to the document path: liveness frames, document upload, callback and result agree', async () => {
    const young = await launchWithCamera(fixtureClip(YOUNG.file, YOUNG.filter));
    try {
      const page = await young.newPage();
      await page.goto(await w.verifyUrl({ user_id: 'u-young' }));
      await page.getByRole('button', { name: 'Start the camera' }).click();
      // Path A cannot decide: core moves the session to path B, whose first step is a server-side liveness check.
      await page.locator('main[data-step="selfie-intro"]').waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: 'Start the camera' }).click();
      await page.locator('main[data-step="document"]').waitFor({ timeout: 60_000 });
      await page.setInputFiles('#document-file', DOCUMENT);
      await page.getByRole('button', { name: 'Send the document' }).click();
      await page.waitForURL((u) => u.href.startsWith(w.callback), { timeout: 60_000 });
      const params = callbackParams(page.url());
      expect(params.user_id).toBe('u-young');
      expect(['success', 'failed']).toContain(params.status);
      const record = await result(params.token);
      expect(record).toMatchObject({ status: params.status, checks: { liveness: { performed: true }, document: { performed: true } } });
      // A specimen passport's portrait is not this person: the face match cannot pass.
      expect(record.verified).toBe(false);
    } finally {
      await young.close();
    }
  }, 150_000);

  it("the child: the on-device verdict (the new age model in onnxruntime-web) agrees with the server's on the same clip; never a pass", async () => {
    const child = await launchWithCamera(fixtureClip(CHILD.file, CHILD.filter));
    try {
      const onDevice = await child.newPage();
      const verdicts: string[] = [];
      onDevice.on('request', (r) => {
        if (r.url().endsWith('/widget/session/device-verdict')) verdicts.push(String(JSON.parse(r.postData() ?? '{}').age_verdict));
      });
      await onDevice.goto(await w.verifyUrl({ verification_mode: 'facial', user_id: 'u-child' }));
      await onDevice.getByRole('button', { name: 'Start the camera' }).click();
      await onDevice.waitForURL((u) => u.href.startsWith(w.callback), { timeout: 90_000 });
      const device = await result(callbackParams(onDevice.url()).token);
      expect(verdicts).toHaveLength(1);
      expect(verdicts[0]).not.toBe('pass');

      const server = await child.newPage();
      await server.addInitScript(() => {
        // @ts-expect-error a browser without WebAssembly: the frames go to the server instead
        delete globalThis.WebAssembly;
      });
      await server.goto(await w.verifyUrl({ verification_mode: 'facial', user_id: 'u-child' }));
      const onServer = await result((await passServerSide(server, w.callback)).token);
      // Same clip, same models, same policy: the same decision and the same reason.
      expect(device).toMatchObject({ status: onServer.status, verified: false, reason: onServer.reason, checks: { age: { performed: true, passed: false } } });
      expect(['failed']).toContain(device.status);
      await onDevice.close();
      await server.close();
    } finally {
      await child.close();
    }
  }, 180_000);

  it('cancel on the first step ends the session as canceled and returns to the callback', async () => {
    const page = await adult.newPage();
    await page.goto(await w.verifyUrl({ user_id: 'u-cancel' }));
    await page.getByRole('button', { name: 'Cancel and return to the site' }).click();
    await page.waitForURL((u) => u.href.startsWith(w.callback));
    const params = callbackParams(page.url());
    expect(params).toMatchObject({ status: 'canceled', user_id: 'u-cancel' });
    expect(await result(params.token)).toMatchObject({ status: 'canceled', verified: false });
    await page.close();
  });

  it('path A intro: the WASM and every model start downloading before Start is clicked, and are the immutable URLs the worker fetches', async () => {
    const page = await adult.newPage();
    const config = (await w.svc.http('GET', '/widget/config.json')).body as {
      ortWasmPath: string;
      models: { detector: { url: string }; age: { url: string }; liveness: { url: string }[] };
    };
    const expected = [
      config.models.detector.url,
      config.models.age.url,
      ...config.models.liveness.map((m) => m.url),
      `${config.ortWasmPath}ort-wasm-simd-threaded.wasm`,
    ];
    const fetched: string[] = [];
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (expected.includes(path) && r.headers()['cache-control']?.includes('immutable')) fetched.push(path);
    });
    await page.goto(await w.verifyUrl({ user_id: 'u-prefetch' }));
    await page.locator('main[data-step="intro"]').waitFor();
    await expect.poll(() => [...new Set(fetched)].sort(), { timeout: 30_000 }).toEqual([...expected].sort());
    // Still the intro: nothing started the camera or the face-check worker.
    expect(await page.locator('main').getAttribute('data-step')).toBe('intro');
    await page.close();
  });

  it('camera denied: a recovery screen with retry and cancel, keyboard operable; cancel returns canceled', async () => {
    const page = await adult.newPage();
    // What the browser answers when the user (or a policy) refuses the camera.
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await page.goto(await w.verifyUrl({ locale: 'fr' }));
    await page.getByRole('button', { name: 'Activer la caméra' }).click();
    await page.locator('main[data-step="camera-problem"]').waitFor();
    expect(await page.locator('h1').textContent()).toBe('Caméra indisponible');
    expect(await focusedId(page)).toBe('step-heading');
    await page.keyboard.press('Tab');
    expect(await focusedId(page)).toBe('retry');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.href.startsWith(w.callback));
    expect(callbackParams(page.url()).status).toBe('canceled');
    await page.close();
  });

  it('cross-device hand-off: the desktop without a camera shows a QR code; the phone completes path A; the desktop follows to the callback', async () => {
    const desktop = await adult.newPage();
    await desktop.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Requested device not found', 'NotFoundError'));
    });
    await desktop.goto(await w.verifyUrl({ user_id: 'u-handoff' }));
    await desktop.locator('#start').click();
    await desktop.locator('main[data-step="camera-problem"]').waitFor();
    const qr = desktop.locator('#handoff-qr');
    await desktop.waitForFunction(() => (document.getElementById('handoff-qr') as HTMLImageElement | null)?.src.startsWith('data:image/svg+xml'));
    const handoffUrl = (await qr.getAttribute('data-url'))!;
    // The QR code carries a single-use hand-off token, never the widget session.
    expect(handoffUrl).toMatch(/\/widget#x=xho_[A-Za-z0-9_-]+$/);
    expect(handoffUrl).not.toContain('xws_');
    const phone = await adult.newPage();
    await phone.goto(handoffUrl);
    await phone.locator('#start').click();
    expect(new URL(phone.url()).hash).toBe(''); // the token left the address bar
    const phoneLog: string[] = [];
    phone.on('console', (m) => phoneLog.push(m.text()));
    phone.on('response', (r) => phoneLog.push(`${r.status()} ${new URL(r.url()).pathname}`));
    await phone
      .waitForURL((u) => u.href.startsWith(w.callback), { timeout: 60_000 })
      .catch(async (e) => {
        throw new Error(
          `${e}\n${await phone.evaluate(() => JSON.stringify(document.getElementById('app')!.dataset) + document.getElementById('live')?.textContent)}\n${phoneLog.join('\n')}`,
        );
      });
    await desktop.waitForURL((u) => u.href.startsWith(w.callback), { timeout: 15_000 });
    const params = callbackParams(desktop.url());
    expect(params).toMatchObject({ status: 'success', user_id: 'u-handoff' });
    expect(callbackParams(phone.url()).token).toBe(params.token);
    expect(await result(params.token)).toMatchObject({ status: 'success', verified: true });
    // Single use: the same QR code opened again (a photo of it, a second phone) leads nowhere.
    const second = await adult.newPage();
    await second.goto(handoffUrl);
    await second.locator('main[data-step="invalid"]').waitFor();
    await second.close();
    await phone.close();
    await desktop.close();
  }, 120_000);

  it('server-side alternative when onnxruntime-web cannot run: consent, frames checked on the server, success', async () => {
    const page = await adult.newPage();
    await page.addInitScript(() => {
      // @ts-expect-error a browser without WebAssembly
      delete globalThis.WebAssembly;
    });
    await page.goto(await w.verifyUrl({ verification_mode: 'facial' }));
    const params = await passServerSide(page, w.callback);
    expect(params.status).toBe('success');
    expect(await result(params.token)).toMatchObject({
      status: 'success',
      checks: { liveness: { performed: true, passed: true }, age: { performed: true, passed: true } },
    });
    await page.close();
  }, 90_000);

  it('project setting server_side_checks: the page skips onnxruntime-web and the models, asks consent, sends frames; success', async () => {
    const strict = await w.svc.createTenant();
    const put = await w.svc.http('PUT', '/verify/v1/rules', { body: { server_side_checks: true }, headers: { 'x-api-key': strict.secret_key } });
    expect(put.body.data.server_side_checks).toBe(true);
    const page = await adult.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(`${r.method()} ${new URL(r.url()).pathname}`));
    await page.goto(await w.verifyUrl({ user_id: 'u-strict' }, strict.secret_key));
    await page.locator('main[data-step="intro"]').waitFor();
    // The intro does not promise an on-device check.
    expect(await page.locator('main p').first().textContent()).toContain('checked in memory and deleted');
    const params = await passServerSide(page, w.callback);
    expect(params).toMatchObject({ status: 'success', user_id: 'u-strict' });
    const record = (await w.svc.http('GET', `/verify/v1/result/${params.token}`, { headers: { 'x-api-key': strict.secret_key } })).body.data;
    expect(record).toMatchObject({
      status: 'success',
      verified: true,
      checks: { liveness: { performed: true, passed: true }, age: { performed: true, passed: true, gate: 18 } },
    });
    expect(requested).toContain('POST /verify/v1/widget/session/frames');
    expect(requested).not.toContain('POST /verify/v1/widget/session/device-verdict');
    expect(requested.filter((r) => /\/widget\/config\.json|\/widget\/models\/|\/ort-/.test(r))).toEqual([]);
    await page.close();
  }, 90_000);

  it('document camera: rear camera with live guidance, keyboard capture, the still goes through the upload path; callback and result agree', async () => {
    const camera = await launchWithCamera(fixtureClip(DOCUMENT_CAMERA.file, DOCUMENT_CAMERA.filter, DOCUMENTS));
    try {
      // The liveness step before the document needs a face; this browser's camera shows a passport,
      // so the test does that step over the API and the page resumes the session as after a reload.
      const url = await w.verifyUrl({ user_id: 'u-doccam', verification_mode: 'document' });
      const initToken = new URL(url).searchParams.get('t')!;
      const start = await w.svc.http('POST', '/verify/v1/widget/sessions', { body: { token: initToken } });
      const session = start.body.data.widget_session as string;
      const face = readFileSync(`${FACES}biden_1.jpg`).toString('base64');
      const live = await w.svc.http('POST', '/verify/v1/widget/session/frames', { body: { frames: [face] }, headers: { 'x-widget-session': session } });
      expect(live.body.data).toMatchObject({ step: 'document_required' });
      const page = await camera.newPage();
      await page.addInitScript(([k, v]) => sessionStorage.setItem(k, v), [`xws:${initToken}`, session]);
      const uploads: { bytes: number; jpeg: boolean }[] = [];
      page.on('request', (r) => {
        if (!r.url().endsWith('/verify/v1/widget/session/document')) return;
        const image = String((r.postDataJSON() as { image?: string }).image ?? '');
        uploads.push({ bytes: Buffer.from(image, 'base64').length, jpeg: image.startsWith('/9j/') });
      });
      const answers: string[] = [];
      page.on('response', (r) => {
        if (r.url().endsWith('/session/document')) answers.push(String(r.status()));
      });
      await page.goto(url);
      await page.locator('main[data-step="document"]').waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Use the camera' }).click();
      await page.locator('main[data-step="document-camera"]').waitFor();
      // Live guidance in the live region: the passport fills the guide, is lit and sharp.
      await expect.poll(() => page.locator('#live').textContent(), { timeout: 20_000 }).toBe('Good. Take the photo now.');
      expect(await focusedId(page)).toBe('step-heading');
      await page.keyboard.press('Tab');
      expect(await focusedId(page)).toBe('document-capture');
      await page.keyboard.press('Enter');
      await page
        .waitForURL((u) => u.href.startsWith(w.callback), { timeout: 90_000 })
        .catch(async (e) => {
          throw new Error(`${e}\nlive: ${await page.locator('#live').textContent()}\nuploads: ${JSON.stringify(uploads)} answers: ${answers.join(',')}`);
        });
      expect(uploads).toHaveLength(1);
      expect(uploads[0].jpeg).toBe(true);
      expect(uploads[0].bytes).toBeGreaterThan(20_000);
      const params = callbackParams(page.url());
      expect(params.user_id).toBe('u-doccam');
      // The camera still is read on the server (MRZ and dates valid); the specimen's portrait is not
      // the selfie's person, so the face match, and with it the session, fails: what the record says.
      expect(params.status).toBe('failed');
      const record = await result(params.token);
      expect(record).toMatchObject({
        status: 'failed',
        verified: false,
        reason: 'face_mismatch',
        checks: {
          liveness: { performed: true, passed: true },
          document: { performed: true, passed: true, document_type: 'passport' },
          face_match: { performed: true, passed: false },
        },
      });
      await page.close();
    } finally {
      await camera.close();
    }
  }, 150_000);

  it('every step in light and dark, in en, ar (right-to-left) and ja: screenshots, and no serious or critical axe findings', async () => {
    const findings: Record<string, unknown> = {};
    const check = async (page: Page, step: string, tag: string) => {
      await page.locator(`main[data-step="${step}"]`).waitFor({ timeout: 30_000 });
      const v = await captureStep(page, `${step}-${tag}`);
      if (v.length) findings[`${step}-${tag}`] = v;
    };
    for (const locale of ['en', 'ar', 'ja']) {
      for (const theme of ['light', 'dark'] as const) {
        const tag = `${locale}-${theme}`;
        const page = await adult.newPage();
        await page.emulateMedia({ reducedMotion: 'reduce' });
        // Path A: intro, then the camera with live guidance (the check then completes on its own).
        await page.goto(await w.verifyUrl({ locale, theme }));
        await check(page, 'intro', tag);
        expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir, document.documentElement.dataset.theme])).toEqual([
          locale,
          locale === 'ar' ? 'rtl' : 'ltr',
          theme,
        ]);
        // Hold the verdict until the camera step is checked: otherwise the check may complete and
        // leave for the callback while axe is still looking at the page.
        let release!: () => void;
        const held = new Promise<void>((r) => (release = r));
        await page.route('**/verify/v1/widget/session/device-verdict', async (route) => {
          await held;
          await route.continue();
        });
        await page.locator('#start').click();
        await check(page, 'camera', tag);
        release();
        await page.waitForURL((u) => u.href.startsWith(w.callback), { timeout: 60_000 });
        // Document path: the liveness intro, then the document upload.
        await page.goto(await w.verifyUrl({ locale, theme, verification_mode: 'document' }));
        await check(page, 'selfie-intro', tag);
        await page.locator('#start').click();
        await check(page, 'document', tag);
        // The file picker speaks the page's language: the native control, which would say "Choose File"
        // in the browser's own language, is hidden; its translated label is the button.
        expect(await page.locator('label[for="document-file"]').textContent()).toBe(PICK_PHOTO[locale]);
        expect(await page.locator('#document-file').evaluate((e) => getComputedStyle(e).opacity)).toBe('0');
        // The status line keeps clear of the buttons above it.
        const cancelBox = (await page.locator('#cancel').boundingBox())!;
        const liveBox = (await page.locator('#live').boundingBox())!;
        expect(liveBox.y - (cancelBox.y + cancelBox.height)).toBeGreaterThanOrEqual(8);
        // The document camera (this browser's camera shows a face, so the guidance asks for the document).
        await page.locator('#document-camera').click();
        await page.locator('main[data-step="document-camera"] #live:not(:empty)').waitFor({ timeout: 15_000 });
        await check(page, 'document-camera', tag);
        // Camera refused; onnxruntime-web unavailable (server-side offer); a broken link.
        const denied = await adult.newPage();
        await denied.addInitScript(() => {
          navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
        });
        await denied.goto(await w.verifyUrl({ locale, theme }));
        await denied.locator('#start').click();
        await check(denied, 'camera-problem', tag);
        await denied.goto(`${w.svc.url}/widget`);
        await check(denied, 'invalid', tag);
        await denied.close();
        const noWasm = await adult.newPage();
        await noWasm.addInitScript(() => {
          // @ts-expect-error a browser without WebAssembly
          delete globalThis.WebAssembly;
        });
        await noWasm.goto(await w.verifyUrl({ locale, theme }));
        await noWasm.locator('#start').click();
        await check(noWasm, 'server-check', tag);
        await noWasm.close();
        await page.close();
      }
    }
    expect(findings).toEqual({});
  }, 300_000);
});
