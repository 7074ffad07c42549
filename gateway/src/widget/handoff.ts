import { call, type WidgetState } from './api.ts';
import type { Ctx } from './main.ts';
import { h } from './view.ts';

const POLL_MS = 2000;
const FRAGMENT_KEY = 'x';
const STORAGE_KEY = 'xws:handoff';

/**
 * Cross-device hand-off (docs/widget.md, "Hosted widget"): when this device has no usable camera, a QR code
 * continues the same session on a phone. The code carries a short-lived, single-use hand-off
 * token (`xho_`, from POST /session/handoff), never this page's widget session: the phone
 * exchanges it once for its own widget session, and a photographed or shared code is worthless
 * after that (or after 5 minutes). It rides in the URL fragment (never sent to a server, never in
 * a Referer) and the phone drops it from the address bar at once. This page polls the state and
 * follows the outcome to the callback.
 */
export function handoffPanel(ctx: Ctx): HTMLElement {
  const img = h('img', { id: 'handoff-qr', alt: ctx.view.tr.t('handoff_qr_alt'), width: '200', height: '200' }) as HTMLImageElement;
  void Promise.all([call<{ handoff_token: string }>('/session/handoff', { method: 'POST', session: ctx.session }), import('qrcode')])
    .then(async ([t, mod]) => {
      const url = `${location.origin}${location.pathname}#${FRAGMENT_KEY}=${encodeURIComponent(t.handoff_token)}`;
      const QR = (mod as unknown as { default?: typeof mod }).default ?? mod; // CommonJS package: the API is the default export
      const svg = await QR.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      img.dataset.url = url;
      img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    })
    .catch((e: unknown) => console.error('qr', e));
  follow(ctx, document.getElementById('app')!.dataset.step ?? '');
  return h('div', { class: 'handoff' }, ctx.view.text('handoff_body'), img);
}

/** Polls while the hand-off screen is shown; a terminal outcome (redirect_url) is followed here too. */
function follow(ctx: Ctx, step: string): void {
  const poll = async () => {
    if (document.getElementById('app')!.dataset.step !== step) return clearInterval(timer);
    const state = await call('/session', { session: ctx.session }).catch(() => undefined);
    if (state?.redirect_url) {
      clearInterval(timer);
      ctx.route(state);
    }
  };
  // Fire-and-forget, as before: a failed call is caught above and the next tick polls again.
  const timer = setInterval(() => void poll(), POLL_MS);
}

/** The hand-off token of the QR code this page was opened from, if any (removed from the address bar). */
export function takeHandoffToken(): string | undefined {
  const m = new RegExp(`^#${FRAGMENT_KEY}=(xho_[A-Za-z0-9_-]+)$`).exec(location.hash);
  if (!m) return undefined;
  history.replaceState(null, '', location.pathname); // drop the token from the address bar and history
  return m[1];
}

/** The one exchange; this device's own widget session is kept for a reload. */
export async function exchangeHandoff(token: string): Promise<WidgetState> {
  const state = await call('/handoff', { method: 'POST', body: { token } });
  if (state.widget_session) sessionStorage.setItem(STORAGE_KEY, state.widget_session);
  return state;
}
