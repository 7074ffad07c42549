import { ApiError, call, startSession, type WidgetState } from './api.ts';
import { CameraError, isInAppBrowser, openCamera, stopCamera } from './camera.ts';
import { pickLocale, translator } from './i18n.ts';
import { button, h, View } from './view.ts';
import { prefetchFaceAssets } from './face-assets.ts';
import { runFaceStep, sendFrames } from './face-step.ts';
import { showDocumentStep } from './document-step.ts';
import { exchangeHandoff, handoffPanel, takeHandoffToken } from './handoff.ts';
import { showRetake } from './retake-step.ts';
import { showServiceIdStep } from './service-id-step.ts';
import { showSaveOffer } from './save-offer.ts';
import { showWalletStep } from './wallet-step.ts';

/**
 * The hosted widget (docs/widget.md): start the widget session from ?t=, follow the step core
 * resolves, and leave for the tenant's callback once the verdict is terminal (spec §1, §2.3).
 */
export interface Ctx {
  view: View;
  session: string;
  state: WidgetState;
  route(state: WidgetState): void;
  cancel(): Promise<void>;
  fail(e: unknown): void;
}

function applyTheme(theme: string | undefined): void {
  document.documentElement.dataset.theme = theme === 'light' || theme === 'dark' ? theme : 'system';
}

async function main(): Promise<void> {
  const root = document.getElementById('app')!;
  const view = new View(root, translator(pickLocale(null, navigator.languages)));
  view.setTranslator(view.tr);
  const token = new URLSearchParams(location.search).get('t');
  const handoffToken = takeHandoffToken();
  const handoff = token || handoffToken ? undefined : (sessionStorage.getItem('xws:handoff') ?? undefined);
  if (!token && !handoff && !handoffToken) return view.show('invalid', 'error_heading', view.text('link_invalid'));
  let state: WidgetState;
  try {
    if (handoffToken) state = await exchangeHandoff(handoffToken);
    else state = handoff ? { ...(await call('/session', { session: handoff })), widget_session: handoff } : await startSession(token!);
  } catch {
    return view.show('invalid', 'error_heading', view.text('link_invalid'));
  }
  applyTheme(state.theme);
  view.setTranslator(translator(pickLocale(state.locale, navigator.languages)));
  const ctx: Ctx = {
    view,
    session: state.widget_session!,
    state,
    route: (s) => route(ctx, s),
    cancel: async () => {
      try {
        route(ctx, await call('/session/cancel', { method: 'POST', session: ctx.session }));
      } catch (e) {
        ctx.fail(e);
      }
    },
    fail: (e) => showError(ctx, e),
  };
  route(ctx, state);
}

function route(ctx: Ctx, state: WidgetState): void {
  ctx.state = { ...state, widget_session: ctx.session };
  if (state.redirect_url && state.service_account_offer && showSaveOffer(ctx, state.redirect_url)) return;
  if (state.redirect_url) {
    ctx.view.show('redirect', 'redirecting');
    location.replace(state.redirect_url);
    return;
  }
  if (state.retake_reason) return showRetake(ctx, state, (s) => route(ctx, s));
  if (state.step === 'face_capture') return showIntro(ctx, state.server_side_checks ? 'intro_server_body' : 'intro_body', 'intro');
  if (state.step === 'liveness_required') return showIntro(ctx, 'selfie_body', 'selfie-intro');
  if (state.step === 'document_required') return showDocumentStep(ctx);
  if (state.step === 'service_id_required') return showServiceIdStep(ctx);
  if (state.step === 'wallet_required') return showWalletStep(ctx);
  showError(ctx, new ApiError(0, state.session_status, state.step));
}

function cancelButton(ctx: Ctx): HTMLButtonElement {
  return button(ctx.view.tr.t('cancel'), () => void ctx.cancel(), 'secondary', 'cancel');
}

/** Before the camera: what happens to the face (on the device for path A, on the server for the document path's liveness). */
function showIntro(ctx: Ctx, body: 'intro_body' | 'intro_server_body' | 'selfie_body', step: string): void {
  const { view } = ctx;
  if (isInAppBrowser(navigator.userAgent)) return showCameraProblem(ctx, new CameraError('in_app'));
  // Path A runs the models on the device: their download overlaps the intro and the camera prompt.
  if (body === 'intro_body') prefetchFaceAssets();
  view.show(
    step,
    'intro_heading',
    view.text(body),
    h(
      'div',
      { class: 'actions' },
      button(view.tr.t('start_camera'), () => void startCamera(ctx), 'primary', 'start'),
      // Path D on request: a returning user whose browser gave no hint may still hold a service ID
      // (only where the rules could have chosen D: auto mode; a forced mode bypasses them).
      ...(step === 'intro' && ctx.state.verification_mode === 'auto'
        ? [button(view.tr.t('sid_use'), () => showServiceIdStep(ctx), 'secondary', 'use-service-id')]
        : []),
      // Path E on request, on path A's and C's first screen: core says when a wallet can be used in this session.
      ...(ctx.state.wallet_offered ? [button(view.tr.t('wallet_use'), () => showWalletStep(ctx), 'secondary', 'use-wallet')] : []),
      cancelButton(ctx),
    ),
  );
}

async function startCamera(ctx: Ctx): Promise<void> {
  const video = h('video', { playsinline: '', muted: '', autoplay: '', 'aria-label': ctx.view.tr.t('camera_label'), class: 'preview' }) as HTMLVideoElement;
  video.muted = true;
  const progress = h('progress', { max: '5', value: '0', 'aria-labelledby': 'live' }) as HTMLProgressElement;
  ctx.view.show(
    'camera',
    'camera_heading',
    h('div', { class: 'frame' }, video, h('div', { class: 'oval', 'aria-hidden': 'true' })),
    progress,
    h('div', { class: 'actions' }, cancelButton(ctx)),
  );
  let stream: MediaStream | undefined;
  try {
    stream = await openCamera(video);
    if (ctx.state.step === 'liveness_required') await sendFrames(ctx, video, document.createElement('canvas'));
    else await runFaceStep(ctx, video, progress);
  } catch (e) {
    if (e instanceof CameraError) showCameraProblem(ctx, e);
    else ctx.fail(e);
  } finally {
    stopCamera(stream);
  }
}

/** Camera denied, absent or blocked by an in-app browser: say why; offer a retry, the phone (QR hand-off) or a way out. */
function showCameraProblem(ctx: Ctx, e: CameraError): void {
  const { view } = ctx;
  view.show(
    'camera-problem',
    'denied_heading',
    view.text(e.problem === 'in_app' ? 'inapp_body' : 'denied_body'),
    h(
      'div',
      { class: 'actions' },
      button(view.tr.t('retry'), () => void startCamera(ctx), 'primary', 'retry'),
      cancelButton(ctx),
    ),
  );
  document.getElementById('live')!.before(handoffPanel(ctx));
}

function showError(ctx: Ctx, e: unknown): void {
  const { view } = ctx;
  view.show('error', 'error_heading', view.text('error_generic'), h('div', { class: 'actions' }, cancelButton(ctx)));
  // The catalogue code only (never a token or an image): support and tests can see what failed.
  document.getElementById('app')!.dataset.error = e instanceof ApiError ? e.code : 'client_error';
  if (!(e instanceof ApiError)) console.error(e);
}

void main();
