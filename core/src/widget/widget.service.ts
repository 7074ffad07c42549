import { appError, gateFor, type CallContext, type core } from '@idgate/protos';
import type { Clock } from '../lib/clock.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import { isDocumentPath, selectPath } from '../sessions/path-selection.ts';
import { FIRST_STEP, VERIFICATION_TYPE, type ServiceIdResolution, type TokenPathService } from './token-path.service.ts';
import { restrictedCountriesOf, type ProjectRules } from '../rules/rules.ts';
import type { Purpose, VerificationMode } from '../sessions/init-request.ts';
import { notWaiting, type SessionStatus } from '../sessions/session-state.ts';
import type { SessionRepository, SessionRow } from '../sessions/session.repository.ts';
import type { HandoffRepository } from './handoff.repository.ts';
import type { SessionLifecycle } from '../sessions/session-lifecycle.service.ts';
import type { DeviceVerdictService } from './device-verdict.service.ts';
import type { FrameCheckService } from './frame-check.service.ts';
import { browserVisibleReason } from './browser-reason.ts';
import { retakeState } from './capture-retakes.ts';
import { BRACKET_CLAIM_WINDOW_MS, type DocumentPathService } from '../documents/document-path.service.ts';
import type { WalletChannelName, WalletPathService } from '../wallet/wallet-path.service.ts';

export interface WidgetSettings {
  deviceNonceTtlMs: number;
  /** Whether the document path (B/C) can run (docs/decisions/document-path.md); the widget says so when not. */
  documentPathAvailable: boolean;
}

interface Deps {
  sessions: SessionRepository;
  lifecycle: SessionLifecycle;
  deviceVerdicts: DeviceVerdictService;
  frameChecks: FrameCheckService;
  clock: Clock;
  settings: WidgetSettings;
  requiredModelHashes: readonly string[];
  lookupCountry: (ip: string | undefined) => string | null;
  documentPath: DocumentPathService;
  rules: { rulesFor(projectId: string): Promise<ProjectRules> };
  retakes: { onStarted(sessionId: string): Promise<void> };
  handoffs: HandoffRepository;
  tokenPath: TokenPathService;
  walletPath: WalletPathService;
}

/** A hand-off QR code is good for this long, and for one exchange. */
export const HANDOFF_TTL_MS = 5 * 60 * 1000;

/** Rule-engine hints the browser may give at start (spec §1 path order; docs/widget.md "Widget API"). */
export interface StartHints {
  walletAvailable?: boolean;
  /** The browser holds a service ID (a first-party hint on the service's origin; docs/decisions/service-ids.md). */
  serviceIdHint?: boolean;
}

const INIT_TOKEN_RE = /^xit_[A-Za-z0-9_-]{20,100}$/;
const WIDGET_TOKEN_RE = /^xws_[A-Za-z0-9_-]{20,100}$/;
const HANDOFF_TOKEN_RE = /^xho_[A-Za-z0-9_-]{20,100}$/;

/**
 * The widget-facing API (spec §4.1 "widget-facing endpoints"): the hosted page exchanges the
 * init token for a widget session, follows the path core resolves, reports the on-device
 * verdict of path A or cancels; every answer carries the redirect once a verdict is terminal.
 */
export class WidgetService {
  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }

  async start(initToken: string, ctx: CallContext, hints: StartHints = {}): Promise<core.WidgetState> {
    if (!INIT_TOKEN_RE.test(initToken)) throw appError('TOKEN_NOT_FOUND');
    const hash = hashToken(initToken);
    const existing = await this.deps.sessions.findByInitTokenHash(hash);
    if (!existing) throw appError('TOKEN_NOT_FOUND');
    const row = await this.deps.lifecycle.refresh(existing);
    if (row.status !== 'pending')
      throw appError(row.status === 'expired' ? 'SESSION_EXPIRED' : row.status === 'canceled' ? 'SESSION_CANCELED' : 'INIT_TOKEN_USED');
    const now = this.deps.clock.now();
    const widgetToken = newToken('xws_');
    const ipCountry = this.deps.lookupCountry(ctx.clientIp);
    const decision = selectPath({
      purpose: row.purpose as Purpose,
      verificationMode: row.verificationMode as VerificationMode,
      hasServiceId: hints.serviceIdHint === true,
      // Honoured only where path E can run: configured, and an age-gated automatic age verification.
      walletAvailable: hints.walletAvailable === true && this.deps.walletPath.eligible(row),
      country: ipCountry,
      restricted: restrictedCountriesOf(await this.deps.rules.rulesFor(row.projectId)),
    });
    const nonce = decision.path === 'A' ? newToken('xdn_') : undefined;
    // The conditional UPDATE makes the init token single-use under any concurrency.
    const won = await this.deps.sessions.consumeInitToken(hash, now, {
      status: 'in_progress',
      step: FIRST_STEP[decision.path],
      path: decision.path,
      pathRule: decision.rule,
      widgetTokenHash: hashToken(widgetToken),
      ipCountry,
      verificationType: VERIFICATION_TYPE[decision.path],
      ...(nonce ? this.nonceFields(nonce, now) : {}),
    });
    if (!won) {
      if (row.initTokenExpiresAt <= now) throw appError('INIT_TOKEN_EXPIRED');
      throw appError('INIT_TOKEN_USED');
    }
    await this.deps.retakes.onStarted(won.id);
    return { ...(await this.state(won, nonce)), widgetSession: widgetToken };
  }

  /**
   * Current state; issues a fresh nonce when path A waits for a verdict and the last one is spent,
   * or when the widget asks (`renew`: a reload or a cross-device hand-off lost the plaintext nonce;
   * the outstanding one is replaced, so it can no longer be used).
   */
  async progress(ctx: CallContext, renew = false): Promise<core.WidgetState> {
    let row = await this.findLive(ctx);
    let nonce: string | undefined;
    const now = this.deps.clock.now();
    if (row.status === 'in_progress' && row.step === 'face_capture' && (renew || !row.deviceNonceHash || (row.deviceNonceExpiresAt ?? now) <= now)) {
      nonce = newToken('xdn_');
      const fields = this.nonceFields(nonce, now);
      await this.deps.sessions.update(row.id, fields);
      row = { ...row, ...fields };
    }
    return this.state(row, nonce);
  }

  async submitDeviceVerdict(req: core.DeviceVerdictRequest, ctx: CallContext): Promise<core.WidgetState> {
    const row = await this.findLive(ctx);
    // The project's setting is enforced here, not only announced to the page: a modified browser
    // that posts an on-device verdict anyway is refused (the nonce stays unspent; frames still work).
    if ((await this.deps.rules.rulesFor(row.projectId)).serverSideChecks) throw appError('SERVER_SIDE_CHECKS_REQUIRED');
    const decided = await this.deps.deviceVerdicts.decide(row, req);
    return this.state(decided);
  }

  /** Path A's checks run on the server on frames sent by the widget (processed in memory, dropped). */
  async submitFrames(frames: Uint8Array[], ctx: CallContext): Promise<core.WidgetState> {
    const row = await this.findLive(ctx);
    if (row.step === 'liveness_required') return this.state(await this.deps.documentPath.submitLiveness(row, frames, ctx));
    return this.state(await this.deps.frameChecks.submit(row, frames, ctx));
  }

  /** The document image of paths B and C (read, matched and dropped; docs/decisions/document-path.md). */
  async submitDocument(image: Uint8Array, backImage: Uint8Array | undefined, ctx: CallContext): Promise<core.WidgetState> {
    const row = await this.findLive(ctx);
    return this.state(await this.deps.documentPath.submitDocument(row, { image, backImage }, ctx));
  }

  /**
   * Path D: the service ID the user signed in to with a passkey (the gateway verified the assertion,
   * bound to this widget session) passes the session, or the user steps up (widget/token-path.service.ts).
   */
  async resolveServiceId(resolution: ServiceIdResolution, ctx: CallContext): Promise<core.WidgetState> {
    const outcome = await this.deps.tokenPath.resolve(await this.findLive(ctx), resolution);
    let row = outcome.row;
    let nonce: string | undefined;
    if (row.status === 'in_progress' && row.step === 'face_capture' && !row.deviceNonceHash) {
      // Stepped up to path A: its on-device check needs a nonce, as at start.
      nonce = newToken('xdn_');
      const fields = this.nonceFields(nonce, this.deps.clock.now());
      await this.deps.sessions.update(row.id, fields);
      row = { ...row, ...fields };
    }
    return { ...(await this.state(row, nonce)), serviceIdStepUp: outcome.stepUp };
  }

  /** Path E: opens a wallet transaction for this widget session (docs/wallet.md). */
  async startWallet(channel: WalletChannelName, origin: string | undefined, ctx: CallContext): Promise<core.WalletStartReply> {
    const started = await this.deps.walletPath.start(await this.findLive(ctx), channel, origin);
    const common = { transactionId: started.transactionId, expiresAt: new Date(started.expiresAtMs).toISOString() };
    if (started.channel === 'dc_api')
      return { ...common, channel: 'dc_api', dcApiRequests: started.dcApiRequests.map((r) => ({ protocol: r.protocol, dataJson: JSON.stringify(r.data) })) };
    return { ...common, channel: 'qr', deepLink: started.deepLink, requestUri: started.requestUri };
  }

  /** Path E: the transaction's state and the session's (the widget polls this during a QR presentation). */
  async walletStatus(transactionId: string, ctx: CallContext): Promise<core.WalletStatusReply> {
    const row = await this.findLive(ctx);
    const tx = await this.deps.walletPath.status(row, transactionId);
    // A pass or a decision may have landed since: read the session after the transaction.
    const session = await this.state(await this.findLive(ctx));
    return {
      state: tx.state,
      code: tx.state === 'failed' ? tx.code : undefined,
      expiresAt: tx.state === 'pending' ? new Date(tx.expiresAtMs).toISOString() : undefined,
      session,
    };
  }

  /** Path E over the Digital Credentials API: what navigator.credentials.get resolved with. */
  async submitWalletResponse(input: { transactionId: string; origin: string; protocol: string; data: unknown }, ctx: CallContext): Promise<core.WidgetState> {
    const answer = await this.deps.walletPath.acceptDcApi(await this.findLive(ctx), input);
    return this.state(answer.row);
  }

  /** Path E declined at its first step: the path the rules pick without a wallet (fresh nonce for path A). */
  async declineWallet(ctx: CallContext): Promise<core.WidgetState> {
    let row = await this.deps.walletPath.decline(await this.findLive(ctx));
    let nonce: string | undefined;
    if (row.status === 'in_progress' && row.step === 'face_capture') {
      nonce = newToken('xdn_');
      const fields = this.nonceFields(nonce, this.deps.clock.now());
      await this.deps.sessions.update(row.id, fields);
      row = { ...row, ...fields };
    }
    return this.state(row, nonce);
  }

  /**
   * Cross-device hand-off (docs/widget.md "Hosted widget"): a short-lived, single-use token for the QR
   * code instead of the widget session itself. A new one replaces the session's unused one.
   */
  async createHandoff(ctx: CallContext): Promise<{ handoffToken: string; expiresAt: string }> {
    const row = await this.findLive(ctx);
    if (row.status !== 'pending' && row.status !== 'in_progress')
      throw notWaiting(row.status as SessionStatus, `A session in status ${row.status} cannot be handed over.`);
    const token = newToken('xho_');
    const now = this.deps.clock.now();
    const expiresAt = new Date(Math.min(now.getTime() + HANDOFF_TTL_MS, row.expiresAt.getTime()));
    await this.deps.handoffs.create(row.id, hashToken(token), now, expiresAt);
    return { handoffToken: token, expiresAt: expiresAt.toISOString() };
  }

  /** The phone's one exchange: its own widget session token for the same session (the desktop keeps its own). */
  async exchangeHandoff(handoffToken: string): Promise<core.WidgetState> {
    if (!HANDOFF_TOKEN_RE.test(handoffToken)) throw appError('HANDOFF_TOKEN_INVALID');
    const phoneToken = newToken('xws_');
    const sessionId = await this.deps.handoffs.exchange(hashToken(handoffToken), hashToken(phoneToken), this.deps.clock.now());
    const row = sessionId ? await this.deps.sessions.findById(sessionId) : undefined;
    if (!row) throw appError('HANDOFF_TOKEN_INVALID');
    return { ...(await this.state(live(await this.deps.lifecycle.refresh(row)))), widgetSession: phoneToken };
  }

  async cancel(ctx: CallContext): Promise<core.WidgetState> {
    const row = await this.findLive(ctx);
    const changed = await this.deps.lifecycle.change(row.id, async (current) => {
      const status = current.status as SessionStatus;
      if (status !== 'pending' && status !== 'in_progress') throw notWaiting(status, `A session in status ${status} cannot be canceled.`);
      return { to: 'canceled', patch: { step: 'done', deviceNonceHash: null } };
    });
    return this.state(changed);
  }

  private nonceFields(nonce: string, now: Date) {
    return {
      deviceNonceHash: hashToken(nonce),
      deviceNonceIssuedAt: now,
      deviceNonceExpiresAt: new Date(now.getTime() + this.deps.settings.deviceNonceTtlMs),
    };
  }

  /**
   * The widget session's row, expired first when its time to live ran out (the expiry job may not
   * have run yet): every widget route answers SESSION_EXPIRED for such a session, never a state
   * conflict about the step it asked for.
   */
  private async findLive(ctx: CallContext): Promise<SessionRow> {
    return live(await this.deps.lifecycle.refresh(await this.findByWidget(ctx)));
  }

  private async findByWidget(ctx: CallContext): Promise<SessionRow> {
    const token = ctx.widgetSession;
    if (!token || !WIDGET_TOKEN_RE.test(token)) throw appError('WIDGET_SESSION_INVALID');
    const hash = hashToken(token);
    let row = await this.deps.sessions.findByWidgetTokenHash(hash);
    if (!row) {
      // A phone's token from a hand-off exchange authorises the same session.
      const sessionId = await this.deps.handoffs.sessionOfPhoneToken(hash);
      row = sessionId ? await this.deps.sessions.findById(sessionId) : undefined;
    }
    if (!row) throw appError('WIDGET_SESSION_INVALID');
    return row;
  }

  private async state(row: SessionRow, nonce?: string): Promise<core.WidgetState> {
    const serverSideChecks = row.step === 'face_capture' && (await this.deps.rules.rulesFor(row.projectId)).serverSideChecks;
    const offer = this.offersServiceAccount(row);
    return {
      sessionStatus: row.status,
      step: row.step,
      path: row.path ?? '',
      pathRule: row.pathRule ?? '',
      nonce,
      nonceExpiresAt: nonce && row.deviceNonceExpiresAt ? row.deviceNonceExpiresAt.toISOString() : undefined,
      minAge: row.minAge ?? undefined,
      deviceAgeGate: gateFor(row.minAge) ?? undefined,
      purpose: row.purpose,
      verificationMode: row.verificationMode,
      theme: row.theme ?? undefined,
      locale: row.locale ?? undefined,
      redirectUrl: this.deps.lifecycle.redirectUrl(row),
      documentPathAvailable: this.deps.settings.documentPathAvailable,
      reason: browserVisibleReason(row.reason),
      acceptedModelHashes: row.step === 'face_capture' ? [...this.deps.requiredModelHashes] : [],
      expiresAt: row.expiresAt.toISOString(),
      serviceAccountOffer: offer || undefined,
      bracketMethod: offer ? (row.path === 'A' ? 'facial_estimate' : 'document') : undefined,
      serverSideChecks: serverSideChecks || undefined,
      walletOffered: this.deps.walletPath.offered(row),
      ...retakeState(row),
    };
  }

  /**
   * After a document pass, or an on-device pass with an age gate, the user is offered to save the
   * result to a service ID for 24 hours (docs/decisions/service-ids.md); a path D pass came from one.
   */
  private offersServiceAccount(row: SessionRow): boolean {
    if (row.status !== 'success' || !row.completedAt) return false;
    if (!isDocumentPath(row.path) && !(row.path === 'A' && gateFor(row.minAge) !== null)) return false;
    return row.completedAt.getTime() + BRACKET_CLAIM_WINDOW_MS > this.deps.clock.now().getTime();
  }
}

/** The row, unless its session expired: SESSION_EXPIRED (410). */
function live(row: SessionRow): SessionRow {
  if (row.status === 'expired') throw appError('SESSION_EXPIRED');
  return row;
}
