import { call } from './api.ts';
import type { Ctx } from './main.ts';
import { h } from './view.ts';

const POLL_MS = 2000;
const FRAGMENT_KEY = 'h';

/**
 * Cross-device hand-off (issue #8 point 4): when this device has no usable camera, a QR code
 * opens the SAME widget session on a phone. The session token travels in the URL fragment
 * (never sent to a server, never in a Referer) and the phone drops it from the address bar at
 * once. This page polls the state and follows the outcome to the callback. No server change:
 * the widget session token already authorises exactly this session's steps, for its lifetime.
 */
export function handoffPanel(ctx: Ctx): HTMLElement {
  const url = `${location.origin}${location.pathname}#${FRAGMENT_KEY}=${encodeURIComponent(ctx.session)}`;
  const img = h('img', { id: 'handoff-qr', alt: ctx.view.tr.t('handoff_qr_alt'), width: '200', height: '200', 'data-url': url }) as HTMLImageElement;
  void import('qrcode').then(async (mod) => {
    const QR = (mod as unknown as { default?: typeof mod }).default ?? mod; // CommonJS package: the API is the default export
    const svg = await QR.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  }).catch((e: unknown) => console.error('qr', e));
  follow(ctx, document.getElementById('app')!.dataset.step ?? '');
  return h('div', { class: 'handoff' }, ctx.view.text('handoff_body'), img);
}

/** Polls while the hand-off screen is shown; a terminal outcome (redirect_url) is followed here too. */
function follow(ctx: Ctx, step: string): void {
  const timer = setInterval(async () => {
    if (document.getElementById('app')!.dataset.step !== step) return clearInterval(timer);
    const state = await call('/session', { session: ctx.session }).catch(() => undefined);
    if (state?.redirect_url) {
      clearInterval(timer);
      ctx.route(state);
    }
  }, POLL_MS);
}

/** The widget session handed over by a QR code, if this page was opened from one. */
export function takeHandoffSession(): string | undefined {
  const m = new RegExp(`^#${FRAGMENT_KEY}=(xws_[A-Za-z0-9_-]+)$`).exec(location.hash);
  if (!m) return undefined;
  history.replaceState(null, '', location.pathname); // drop the token from the address bar and history
  sessionStorage.setItem('xws:handoff', m[1]);
  return m[1];
}
