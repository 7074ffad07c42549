import { ApiError, call } from './api.ts';
import { frameAsJpegBase64 } from './camera.ts';
import { faceConfig } from './face-assets.ts';
import type { Ctx } from './main.ts';
import { button, h } from './view.ts';
import type { WidgetConfig } from './widget-config.ts';

/**
 * Path A: load the models (a separate chunk; the intro already started their download,
 * face-assets.ts), capture, and
 * send only the verdict and evidence. When onnxruntime-web cannot run here, or the project
 * requires it (state `server_side_checks`: core then refuses an on-device verdict), offer the
 * server-side check instead (frames sent over TLS, checked in memory, dropped); no model is fetched for it.
 */
export async function runFaceStep(ctx: Ctx, video: HTMLVideoElement, progress: HTMLProgressElement): Promise<void> {
  const { view } = ctx;
  const canvas = document.createElement('canvas');
  if (ctx.state.server_side_checks) return serverSideOffer(ctx, video, canvas);
  view.announce('loading_models');
  let onDevice: { checker: import('./face-check-client.ts').WorkerFaceChecker; cfg: WidgetConfig; capture: typeof import('./capture.ts') } | undefined;
  try {
    const cfg = await faceConfig();
    const [{ WorkerFaceChecker }, capture] = await Promise.all([import('./face-check-client.ts'), import('./capture.ts')]);
    onDevice = { checker: await WorkerFaceChecker.load(cfg), cfg, capture };
  } catch {
    onDevice = undefined;
  }
  if (!onDevice) return serverSideOffer(ctx, video, canvas);
  // After a reload or a hand-off this page never saw the nonce (the server returns it only when issued).
  if (!ctx.state.nonce) ctx.state = { ...ctx.state, ...(await call('/session?renew_nonce=true', { session: ctx.session })) };
  let canceled = false;
  document.getElementById('cancel')?.addEventListener('click', () => {
    canceled = true;
  });
  const evidence = await onDevice.capture.captureEvidence({
    checker: onDevice.checker,
    cfg: onDevice.cfg,
    video,
    canvas,
    nonce: ctx.state.nonce!,
    minAge: ctx.state.min_age ?? null,
    gate: ctx.state.device_age_gate ?? null,
    hooks: {
      guidance: (k) => {
        performance.mark('widget:guidance');
        view.announce(k);
      },
      progress: (d, t) => {
        progress.value = d;
        view.announce('progress', { done: d, total: t });
      },
      canceled: () => canceled,
    },
  });
  onDevice.checker.close(); // the worker holds the models' memory; a retake starts a fresh one
  if (canceled) return;
  if (!evidence) return retake(ctx);
  view.announce('sending');
  try {
    ctx.route(await call('/session/device-verdict', { method: 'POST', session: ctx.session, body: evidence }));
  } catch (e) {
    // A spent or expired nonce: fetch a fresh one (GET issues it) and let the user retry.
    if (e instanceof ApiError && e.code === 'DEVICE_NONCE_INVALID') return ctx.route(await call('/session', { session: ctx.session }));
    // The project switched to server-side checks meanwhile: the fresh state says so and routes there.
    if (e instanceof ApiError && e.code === 'SERVER_SIDE_CHECKS_REQUIRED') return ctx.route(await call('/session', { session: ctx.session }));
    ctx.fail(e);
  }
}

function retake(ctx: Ctx): void {
  ctx.view.show(
    'retake',
    'error_heading',
    ctx.view.text('retake'),
    h(
      'div',
      { class: 'actions' },
      button(ctx.view.tr.t('retry'), () => ctx.route(ctx.state), 'primary', 'retry'),
      button(ctx.view.tr.t('cancel'), () => void ctx.cancel(), 'secondary', 'cancel'),
    ),
  );
}

/** A few JPEG frames of the live camera, sent to POST /session/frames (checked in memory, dropped). */
export async function sendFrames(ctx: Ctx, video: HTMLVideoElement, canvas: HTMLCanvasElement): Promise<void> {
  ctx.view.announce('sending');
  const frames: string[] = [];
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setTimeout(r, 300));
    frames.push(frameAsJpegBase64(video, canvas));
  }
  try {
    ctx.route(await call('/session/frames', { method: 'POST', session: ctx.session, body: { frames } }));
  } catch (e) {
    if (e instanceof ApiError && e.status === 422) retake(ctx);
    else ctx.fail(e);
  }
}

function serverSideOffer(ctx: Ctx, video: HTMLVideoElement, canvas: HTMLCanvasElement): Promise<void> {
  const { view } = ctx;
  const frame = video.parentElement!;
  return new Promise((resolve) => {
    const agree = button(
      view.tr.t('server_consent'),
      () => {
        agree.disabled = true;
        void sendFrames(ctx, video, canvas).then(resolve);
      },
      'primary',
      'server-consent',
    );
    view.show(
      'server-check',
      'server_heading',
      view.text('server_body'),
      frame,
      h(
        'div',
        { class: 'actions' },
        agree,
        button(
          view.tr.t('cancel'),
          () => {
            void ctx.cancel();
            resolve();
          },
          'secondary',
          'cancel',
        ),
      ),
    );
  });
}
