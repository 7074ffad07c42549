import { ApiError, call, type WidgetState } from './api.ts';
import type { MessageKey } from './locales/index.ts';
import type { Ctx } from './main.ts';
import { button, h } from './view.ts';

/**
 * Path E (docs/widget.md "EU wallet (path E)"): the user proves the age with an EU Digital Identity Wallet.
 * In a browser with the Digital Credentials API the wallet is asked in place (`navigator.credentials.get`
 * with the request core signed, the answer posted back as it came); otherwise, or when the user picks a
 * phone, the page shows the wallet's deep link as a QR code (and as a link on a phone) and polls the
 * transaction until the wallet has answered core directly. The page never sees a credential's contents:
 * it carries the encrypted answer (DC API) or nothing at all (QR).
 */

/** The wallet transaction of POST /session/wallet (contract in docs/widget.md "Widget API"). */
export interface WalletStart {
  transaction_id: string;
  channel: WalletChannel;
  expires_at?: string;
  dc_api?: { requests: { protocol: string; data: unknown }[] };
  qr?: { deep_link: string; request_uri: string };
}

/** GET /session/wallet/:id: where the transaction stands, and the session as GET /session gives it. */
export interface WalletStatus {
  state: 'pending' | 'passed' | 'failed' | 'expired';
  code?: string;
  expires_at?: string;
  session: WidgetState;
}

export type WalletChannel = 'dc_api' | 'qr';

/** What the page tells the user when a wallet attempt did not pass (one heading and one body each). */
export type WalletProblem = 'declined' | 'no_wallet' | 'untrusted' | 'trust_unavailable' | 'age_not_proven' | 'expired' | 'failed';

/** The poll interval of a QR transaction, as the hand-off's. */
export const WALLET_POLL_MS = 2000;

/**
 * The protocols of core's DC API requests: signed OpenID4VP, and ISO 18013-7 Annex C (`org-iso-mdoc`). A browser
 * that says it carries neither is shown the QR code.
 */
export const DC_API_PROTOCOLS: readonly string[] = ['openid4vp-v1-signed', 'org-iso-mdoc'];

type UserAgentAllows = (protocol: string) => boolean;

/** Chromium's `DigitalCredential.userAgentAllowsProtocol`, where the browser has it. */
function userAgentAllows(g: { DigitalCredential?: unknown } = globalThis as { DigitalCredential?: unknown }): UserAgentAllows | undefined {
  const f = (g.DigitalCredential as { userAgentAllowsProtocol?: unknown } | undefined)?.userAgentAllowsProtocol;
  return typeof f === 'function' ? (p) => Boolean((f as UserAgentAllows).call(g.DigitalCredential, p)) : undefined;
}

/** The request entries to hand the browser: those whose protocol it says it carries (all where it cannot say). */
export function carriedRequests<R extends { protocol: string }>(requests: readonly R[], allows?: UserAgentAllows): R[] {
  return allows ? requests.filter((r) => allows(r.protocol)) : [...requests];
}

const PROBLEM_BY_CODE: Readonly<Record<string, WalletProblem>> = {
  WALLET_DECLINED: 'declined',
  WALLET_ISSUER_UNTRUSTED: 'untrusted',
  WALLET_ISSUER_WITHDRAWN: 'untrusted',
  WALLET_TRUST_LIST_STALE: 'trust_unavailable',
  WALLET_TRUST_LIST_UNAVAILABLE: 'trust_unavailable',
  WALLET_AGE_NOT_PROVEN: 'age_not_proven',
  WALLET_TRANSACTION_EXPIRED: 'expired',
};

/** The problem a catalogue code stands for; any other code (a broken or forged answer, a busy service) is "failed". */
export function problemForCode(code: string | undefined): WalletProblem {
  return PROBLEM_BY_CODE[code ?? ''] ?? 'failed';
}

/** Why the browser's wallet sheet rejected: the user closed or refused it, or there is no wallet to ask. */
export function problemForRejection(e: unknown): WalletProblem {
  const name = (e as { name?: unknown } | null)?.name;
  return name === 'NotAllowedError' || name === 'AbortError' ? 'declined' : 'no_wallet';
}

const HEADINGS: Readonly<Record<WalletProblem, MessageKey>> = {
  declined: 'wallet_declined_heading',
  no_wallet: 'wallet_none_heading',
  untrusted: 'wallet_untrusted_heading',
  trust_unavailable: 'wallet_unavailable_heading',
  age_not_proven: 'wallet_age_heading',
  expired: 'wallet_expired_heading',
  failed: 'wallet_failed_heading',
};
const BODIES: Readonly<Record<WalletProblem, MessageKey>> = {
  declined: 'wallet_declined_body',
  no_wallet: 'wallet_none_body',
  untrusted: 'wallet_untrusted_body',
  trust_unavailable: 'wallet_unavailable_body',
  age_not_proven: 'wallet_age_body',
  expired: 'wallet_expired_body',
  failed: 'wallet_failed_body',
};

export function problemMessage(problem: WalletProblem): { heading: MessageKey; body: MessageKey } {
  return { heading: HEADINGS[problem], body: BODIES[problem] };
}

export type WalletAction = 'retry' | 'new_code' | 'use_qr' | 'other_way';

/**
 * The buttons of a problem screen, the first one primary (Cancel always follows). Trying the same wallet again
 * helps after a refusal, a lapse or a transient failure, not when the credential itself is not accepted: there
 * "Verify another way" leads. A QR code is offered where the page used the browser's wallet.
 */
export function problemActions(problem: WalletProblem, dcApi: boolean): WalletAction[] {
  if (problem === 'expired') return ['new_code', 'other_way'];
  const qr: WalletAction[] = dcApi ? ['use_qr'] : [];
  if (problem === 'untrusted' || problem === 'age_not_proven' || problem === 'no_wallet')
    return ['other_way', ...(problem === 'no_wallet' ? qr : ['retry' as const])];
  return ['retry', ...qr, 'other_way'];
}

/** Whether this browser can ask a wallet in place (Digital Credentials API) in one of core's protocols. */
export function hasDcApi(g: { DigitalCredential?: unknown; navigator?: { credentials?: { get?: unknown } } } = globalThis): boolean {
  const dc = g.DigitalCredential;
  if (typeof dc !== 'function' && (typeof dc !== 'object' || dc === null)) return false;
  if (typeof g.navigator?.credentials?.get !== 'function') return false;
  // Chromium answers which protocols it carries; a browser without the method is taken at its word.
  return (
    carriedRequests(
      DC_API_PROTOCOLS.map((protocol) => ({ protocol })),
      userAgentAllows(g),
    ).length > 0
  );
}

/** The channel the step opens with: the browser's wallet where there is one and the user did not ask for a phone. */
export function firstChannel(dcApi: boolean, preferPhone = false): WalletChannel {
  return dcApi && !preferPhone ? 'dc_api' : 'qr';
}

/** A phone (or a screen as small): the wallet app is likely on this device, so its deep link is offered as a link too. */
export function looksLikePhone(m: { coarsePointer: boolean; viewportWidth: number }): boolean {
  return m.coarsePointer || m.viewportWidth <= 520;
}

/** The resolved credential in the shape core takes: `{ protocol, data }`, with data an object (older Chromium gave a JSON string). */
export function credentialBody(credential: unknown): { protocol: string; data: unknown } {
  const c = credential as { protocol?: unknown; data?: unknown } | null;
  if (!c || typeof c.protocol !== 'string') throw new ApiError(0, 'WALLET_RESPONSE_INVALID', 'no digital credential');
  let data = c.data;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data) as unknown;
    } catch {
      // not JSON: core judges it as it came
    }
  }
  return { protocol: c.protocol, data };
}

interface Entry {
  /** This browser has the Digital Credentials API (decided once, when the step opens). */
  dcApi: boolean;
}

/** Opens the wallet step. From another path's first screen the session is not changed until a wallet answers. */
export function showWalletStep(ctx: Ctx): void {
  const entry: Entry = { dcApi: hasDcApi() };
  if (firstChannel(entry.dcApi) === 'qr') return void startQr(ctx, entry);
  showDcApiScreen(ctx, entry);
}

function actions(...children: Node[]): HTMLElement {
  return h('div', { class: 'actions' }, ...children);
}

function cancelButton(ctx: Ctx): HTMLButtonElement {
  return button(ctx.view.tr.t('cancel'), () => void ctx.cancel(), 'secondary', 'cancel');
}

function otherWayButton(ctx: Ctx, variant: 'primary' | 'secondary' = 'secondary'): HTMLButtonElement {
  return button(ctx.view.tr.t('sid_other_way'), () => void otherWay(ctx), variant, 'other-way');
}

function showDcApiScreen(ctx: Ctx, entry: Entry): void {
  const { view } = ctx;
  clearProblem();
  view.show(
    'wallet',
    'wallet_heading',
    view.text('wallet_body'),
    actions(
      button(view.tr.t('wallet_continue'), () => void askBrowserWallet(ctx, entry), 'primary', 'wallet-continue'),
      button(view.tr.t('wallet_use_phone'), () => void startQr(ctx, entry), 'secondary', 'wallet-use-phone'),
      otherWayButton(ctx),
      cancelButton(ctx),
    ),
  );
}

/** Opens a transaction; a refusal that is the user's to see becomes a problem screen, the rest the error screen. */
async function open(ctx: Ctx, entry: Entry, channel: WalletChannel): Promise<WalletStart | undefined> {
  try {
    return await call<WalletStart>('/session/wallet', { method: 'POST', body: { channel }, session: ctx.session });
  } catch (e) {
    handleFailure(ctx, entry, e);
    return undefined;
  }
}

/**
 * A failed wallet call: a wallet refusal (or too many tries) is shown as its problem, with a way on; a session
 * that moved on meanwhile (another tab or device finished it) is followed; a session gone or a server fault is
 * the error screen.
 */
function handleFailure(ctx: Ctx, entry: Entry, e: unknown): void {
  if (e instanceof ApiError && (e.code.startsWith('WALLET_') || e.code === 'RATE_LIMITED')) return showProblem(ctx, entry, problemForCode(e.code), e.code);
  if (e instanceof ApiError && e.code === 'SESSION_STATE_CONFLICT') {
    return void call('/session', { session: ctx.session }).then(
      (s) => ctx.route(s),
      (err: unknown) => ctx.fail(err),
    );
  }
  ctx.fail(e);
}

async function askBrowserWallet(ctx: Ctx, entry: Entry): Promise<void> {
  const { view } = ctx;
  // One transaction per press: the button that asked (Continue, or Try again) waits for the answer.
  for (const id of ['wallet-continue', 'wallet-retry']) {
    const pressed = document.getElementById(id) as HTMLButtonElement | null;
    if (pressed) pressed.disabled = true;
  }
  view.announce('wallet_opening');
  const tx = await open(ctx, entry, 'dc_api');
  if (!tx) return;
  if (!tx.dc_api) return showProblem(ctx, entry, 'failed', 'WALLET_RESPONSE_INVALID');
  const requests = carriedRequests(tx.dc_api.requests, userAgentAllows());
  if (requests.length === 0) return showProblem(ctx, entry, 'no_wallet');
  let credential: unknown;
  try {
    // The DC API shape Chromium ships (and the spec): digital.requests of { protocol, data }, in core's order of
    // preference; the wallet answers one of them. The browser shows its own sheet: mediation required, never silent.
    credential = await navigator.credentials.get({ digital: { requests }, mediation: 'required' } as CredentialRequestOptions);
  } catch (e) {
    return showProblem(ctx, entry, problemForRejection(e));
  }
  if (!credential) return showProblem(ctx, entry, 'declined');
  view.announce('wallet_checking');
  try {
    const state = await call(`/session/wallet/${encodeURIComponent(tx.transaction_id)}/response`, {
      method: 'POST',
      body: credentialBody(credential),
      session: ctx.session,
    });
    ctx.route(state);
  } catch (e) {
    handleFailure(ctx, entry, e);
  }
}

/** The live poll of the QR screen shown now; a newer screen (or leaving) stops it. */
let poller: { stop(): void } | undefined;

async function startQr(ctx: Ctx, entry: Entry): Promise<void> {
  poller?.stop();
  const tx = await open(ctx, entry, 'qr');
  if (!tx) return;
  if (!tx.qr) return showProblem(ctx, entry, 'failed', 'WALLET_RESPONSE_INVALID');
  showQr(ctx, entry, tx.transaction_id, tx.qr.deep_link);
}

function showQr(ctx: Ctx, entry: Entry, transactionId: string, deepLink: string): void {
  const { view } = ctx;
  clearProblem();
  const img = h('img', { id: 'wallet-qr', alt: view.tr.t('wallet_qr_alt'), width: '240', height: '240', 'data-deep-link': deepLink }) as HTMLImageElement;
  // lean-qr, loaded only on this screen; an SVG data URL as the hand-off's code is drawn (CSP img-src allows data:).
  void Promise.all([import('lean-qr'), import('lean-qr/extras/svg')])
    .then(([{ generate, correction }, { toSvgDataURL }]) => {
      img.src = toSvgDataURL(generate(deepLink, { minCorrectionLevel: correction.M }), { on: '#000', off: '#fff', pad: 4 });
    })
    .catch((e: unknown) => console.error('qr', e));
  const phone = looksLikePhone({ coarsePointer: matchMedia('(pointer: coarse)').matches, viewportWidth: innerWidth });
  view.show(
    'wallet-qr',
    'wallet_qr_heading',
    view.text(phone ? 'wallet_qr_body_phone' : 'wallet_qr_body'),
    // Same device: the wallet app opens on the link (openid4vp:), and this page follows when the user comes back.
    ...(phone ? [actions(h('a', { id: 'wallet-open', class: 'btn primary', href: deepLink }, view.tr.t('wallet_open_app')))] : []),
    h('div', { class: 'wallet-qr' }, img),
    actions(
      ...(entry.dcApi ? [button(view.tr.t('wallet_continue'), () => showDcApiScreen(ctx, entry), 'secondary', 'wallet-continue')] : []),
      button(view.tr.t('wallet_none'), () => showProblem(ctx, entry, 'no_wallet'), 'secondary', 'wallet-none'),
      otherWayButton(ctx),
      cancelButton(ctx),
    ),
  );
  view.announce('wallet_waiting');
  poller = pollTransaction(ctx, entry, transactionId);
}

/**
 * Polls the transaction every 2 s while its QR screen is shown and the page is visible (a phone that switched to
 * the wallet app polls again as soon as the user is back); one request at a time.
 */
function pollTransaction(ctx: Ctx, entry: Entry, id: string): { stop(): void } {
  let stopped = false;
  let inFlight = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const app = document.getElementById('app')!;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
  const schedule = () => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void tick(), WALLET_POLL_MS);
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') void tick();
  };
  const tick = async (): Promise<void> => {
    if (stopped || app.dataset.step !== 'wallet-qr') return stop();
    if (document.visibilityState !== 'visible' || inFlight) return; // resumed by visibilitychange, or by the answer in flight
    clearTimeout(timer);
    let status: WalletStatus;
    inFlight = true;
    try {
      status = await call<WalletStatus>(`/session/wallet/${encodeURIComponent(id)}`, { session: ctx.session });
    } catch (e) {
      // A lost connection is retried on the next tick; a refusal (session gone, transaction unknown) ends the poll.
      if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.code !== 'RATE_LIMITED') {
        stop();
        return handleFailure(ctx, entry, e);
      }
      return schedule();
    } finally {
      inFlight = false;
    }
    if (stopped || app.dataset.step !== 'wallet-qr') return stop();
    if (status.state === 'pending') return schedule();
    stop();
    // A pass, or a decision the credential made (an age below the gate), ends the session: follow it.
    if (status.state === 'passed' || status.session.redirect_url) return ctx.route(status.session);
    showProblem(ctx, entry, status.state === 'expired' ? 'expired' : problemForCode(status.code), status.code);
  };
  document.addEventListener('visibilitychange', onVisible);
  schedule();
  return { stop };
}

function showProblem(ctx: Ctx, entry: Entry, problem: WalletProblem, code?: string): void {
  poller?.stop();
  const { view } = ctx;
  const { heading, body } = problemMessage(problem);
  const make = (action: WalletAction, i: number): HTMLButtonElement => {
    const variant = i === 0 ? 'primary' : 'secondary';
    if (action === 'retry') {
      // The click is the user activation the browser's wallet sheet needs, so the wallet is asked again at once.
      return button(view.tr.t('retry'), () => void (entry.dcApi ? askBrowserWallet(ctx, entry) : startQr(ctx, entry)), variant, 'wallet-retry');
    }
    if (action === 'new_code') return button(view.tr.t('wallet_new_code'), () => void startQr(ctx, entry), variant, 'wallet-new-code');
    if (action === 'use_qr') return button(view.tr.t('wallet_use_qr'), () => void startQr(ctx, entry), variant, 'wallet-use-qr');
    return otherWayButton(ctx, variant);
  };
  view.show(
    'wallet-problem',
    heading,
    h('p', { id: 'wallet-message' }, view.tr.t(body)),
    actions(...problemActions(problem, entry.dcApi).map(make), cancelButton(ctx)),
  );
  const app = document.getElementById('app')!;
  // The problem and the catalogue code only (never a credential): support and tests can see what failed.
  app.dataset.walletProblem = problem;
  if (code) app.dataset.walletCode = code;
  else delete app.dataset.walletCode;
}

/**
 * "Verify another way": core opened the wallet step, so it moves the session to the path its rules pick without a
 * wallet; chosen from another path's first screen, the page just goes back to it (the session never changed).
 */
async function otherWay(ctx: Ctx): Promise<void> {
  poller?.stop();
  clearProblem();
  if (ctx.state.step !== 'wallet_required') return ctx.route(ctx.state);
  try {
    ctx.route(await call('/session/wallet/decline', { method: 'POST', session: ctx.session }));
  } catch (e) {
    ctx.fail(e);
  }
}

function clearProblem(): void {
  const app = document.getElementById('app')!;
  delete app.dataset.walletProblem;
  delete app.dataset.walletCode;
}
