// Path E on a widget session (docs/wallet.md): who may use the wallet, the transaction the widget opens, and
// what a finished presentation does to the session. The OpenID4VP mechanics are WalletFlowService's; this file
// only connects its outcomes to the session lifecycle, so a wallet decision is recorded, billed and announced
// (webhooks) exactly like any other decision.
import { appError, gateFor, isAppError, type AgeGate } from '@idgate/protos';
import type { KeyValueStore } from '@idgate/platform/kv';
import type { Clock } from '../lib/clock.ts';
import type { Checks } from '../sessions/result-record.ts';
import type { Purpose, VerificationMode } from '../sessions/init-request.ts';
import { selectPath } from '../sessions/path-selection.ts';
import type { SessionRow } from '../sessions/session.repository.ts';
import type { SessionLifecycle, TransitionRequest } from '../sessions/session-lifecycle.service.ts';
import { notWaiting, type SessionStatus } from '../sessions/session-state.ts';
import { restrictedCountriesOf, type ProjectRules } from '../rules/rules.ts';
import { FIRST_STEP, VERIFICATION_TYPE } from '../widget/token-path.service.ts';
import type { DeviceResponseVerdict, IssuerTrust } from './contracts.ts';
import { verifyDeviceResponse } from './mdoc/verify-device-response.ts';
import { WalletTransactionStore, type WalletTransaction, type WalletTransactionStatus } from './transaction-store.ts';
import { OPENID4VP_TRANSCRIPTS } from './transcripts.ts';
import type { VerifierIdentity } from './verifier-identity.ts';
import { WalletFlowService, type WalletStart } from './wallet-flow.service.ts';

/** Steps where the user may still choose the wallet: nothing was decided or uploaded yet (contract "open steps"). */
export const WALLET_OPEN_STEPS: ReadonlySet<string> = new Set(['wallet_required', 'service_id_required', 'face_capture', 'liveness_required']);

/** The two ways a widget reaches the wallet, as the widget names them. */
export type WalletChannelName = 'dc_api' | 'qr';

export interface WalletPathSettings {
  /** BASE_URL + '/wallet/v1': where wallets fetch request objects and post responses. */
  readonly walletBaseUrl: string;
  readonly transactionTtlMs: number;
  /** Tolerated clock difference for the MSO's validity period. */
  readonly clockSkewMs: number;
}

interface Deps {
  lifecycle: SessionLifecycle;
  rules: { rulesFor(projectId: string): Promise<ProjectRules> };
  clock: Clock;
  kv: KeyValueStore;
  /** Null: no verifier certificate (WALLET_NOT_CONFIGURED). */
  identity: VerifierIdentity | null;
  /** Undefined: no trust source (WALLET_NOT_CONFIGURED). */
  trust: IssuerTrust | undefined;
  settings: WalletPathSettings;
}

/** The outcome of a DC API answer: the session as it is now (a pass or an age below the gate decide it). */
export interface WalletAnswer {
  passed: boolean;
  row: SessionRow;
}

/**
 * Path E (spec §1; docs/decisions/wallet-path.md): a verifier identity and a trust source make the path
 * available; an age-gated, automatic age verification at an open step may then open a wallet transaction. A
 * pass decides the session (verification_type wallet, billed as one Verification); a trusted credential that
 * states the holder is under the gate fails it (age_below_threshold); every other failure ends only the
 * transaction, and the user may retry or go another way.
 */
export class WalletPathService {
  private readonly deps: Deps;
  private readonly flow: WalletFlowService | null;
  /** The flow's own store over the same keys: ownership checks and the wallet's error answers. */
  private readonly store: WalletTransactionStore;

  constructor(deps: Deps) {
    this.deps = deps;
    const now = () => deps.clock.now().getTime();
    this.store = new WalletTransactionStore(deps.kv, deps.settings.transactionTtlMs, now);
    this.flow =
      deps.identity && deps.trust
        ? new WalletFlowService({
            kv: deps.kv,
            identity: deps.identity,
            trust: deps.trust,
            verify: verifyDeviceResponse,
            transcripts: OPENID4VP_TRANSCRIPTS,
            sink: { passed: (tx, verdict) => this.passed(tx, verdict), failed: (tx, code) => this.failed(tx, code) },
            walletBaseUrl: deps.settings.walletBaseUrl,
            transactionTtlMs: deps.settings.transactionTtlMs,
            clockSkewMs: deps.settings.clockSkewMs,
            now,
          })
        : null;
  }

  /** A verifier identity and at least one trust source (contract "Configured"). */
  get configured(): boolean {
    return this.flow !== null;
  }

  /** Whether this session may use the wallet at all: age verification, automatic mode, a gate. */
  eligible(row: Pick<SessionRow, 'purpose' | 'verificationMode' | 'minAge'>): boolean {
    return this.configured && row.purpose === 'age_verification' && row.verificationMode === 'auto' && gateFor(row.minAge) !== null;
  }

  /** WidgetState.wallet_offered: the wallet can be used in this session now. */
  offered(row: SessionRow): boolean {
    return this.eligible(row) && row.status === 'in_progress' && WALLET_OPEN_STEPS.has(row.step);
  }

  /** Opens a transaction for the widget session. The trust lists must be usable now: a stale list refuses at once. */
  async start(row: SessionRow, channel: WalletChannelName, origin: string | undefined): Promise<WalletStart> {
    const flow = this.requireFlow();
    if (row.status !== 'in_progress' || !WALLET_OPEN_STEPS.has(row.step))
      throw notWaiting(row.status as SessionStatus, 'This session is not at a step where the wallet can be used.');
    if (!this.eligible(row))
      throw appError('SESSION_STATE_CONFLICT', { message: 'This session requires its own verification method; a wallet cannot pass it.' });
    // WALLET_TRUST_LIST_UNAVAILABLE / _STALE before the user scans anything (RELIABILITY C-VP-2).
    this.deps.trust!.current(this.deps.clock.now());
    return flow.start({ tenantId: row.projectId, sessionId: row.id, minAge: row.minAge, channel: channel === 'qr' ? 'direct_post' : 'dc_api', origin });
  }

  /** The transaction as the widget may see it; another session's or tenant's id is WALLET_TRANSACTION_NOT_FOUND. */
  async status(row: SessionRow, transactionId: string): Promise<WalletTransactionStatus> {
    return this.requireFlow().status({ tenantId: row.projectId, sessionId: row.id, transactionId });
  }

  /**
   * The widget's post of navigator.credentials.get's answer. A pass and an age below the gate answer with the
   * decided session; every other failure throws its WALLET_* code and leaves the session as it was.
   */
  async acceptDcApi(row: SessionRow, input: { transactionId: string; origin: string; protocol: string; data: unknown }): Promise<WalletAnswer> {
    const flow = this.requireFlow();
    try {
      await flow.acceptDcApi({ tenantId: row.projectId, sessionId: row.id, ...input });
    } catch (err) {
      if (!(isAppError(err) && err.code === 'WALLET_AGE_BELOW_GATE')) throw err;
      return { passed: false, row: await this.reread(row) };
    }
    return { passed: true, row: await this.reread(row) };
  }

  /** The request object at request_uri (QR channel only). */
  async requestObject(transactionId: string, walletNonce: string | undefined): Promise<string> {
    return this.requireFlow().requestObject(transactionId, walletNonce);
  }

  /**
   * The wallet's post to response_uri: the encrypted response, or an error (OpenID4VP §8.5). An error ends the
   * transaction (access_denied: WALLET_DECLINED) and leaves the session as it was.
   */
  async acceptDirectPost(input: { transactionId: string; response?: string; error?: string; state?: string }): Promise<{ passed: boolean }> {
    const flow = this.requireFlow();
    if (input.response !== undefined && input.error === undefined) return flow.acceptDirectPost(input.transactionId, input.response);
    const tx = await this.store.load(input.transactionId);
    if (tx.channel !== 'direct_post') throw appError('WALLET_RESPONSE_MODE_MISMATCH');
    if (input.error === undefined) throw appError('WALLET_RESPONSE_INVALID', { message: 'The post carries neither response nor error.' });
    // The state echoes the transaction: a stray error post for another request cannot end this one.
    if (input.state !== undefined && input.state !== tx.id) throw appError('WALLET_NONCE_MISMATCH', { message: 'The error carries another state.' });
    await this.store.claim(tx);
    const code = input.error === 'access_denied' ? 'WALLET_DECLINED' : 'WALLET_RESPONSE_INVALID';
    await this.store.finish(tx, { passed: false, code });
    throw appError(code, { details: { wallet_error: input.error.slice(0, 64) } });
  }

  /** "Verify another way" from the wallet step: the path the rules pick without a wallet (A or C). */
  async decline(row: SessionRow): Promise<SessionRow> {
    const rules = await this.deps.rules.rulesFor(row.projectId);
    return this.deps.lifecycle.change(row.id, async (current) => {
      if (current.status !== 'in_progress' || current.step !== 'wallet_required')
        throw notWaiting(current.status as SessionStatus, 'This session is not waiting for a wallet.');
      const decision = selectPath({
        purpose: current.purpose as Purpose,
        verificationMode: current.verificationMode as VerificationMode,
        walletAvailable: false,
        country: current.ipCountry,
        restricted: restrictedCountriesOf(rules),
      });
      return {
        patch: {
          step: FIRST_STEP[decision.path],
          path: decision.path,
          pathRule: `${decision.rule} after wallet`,
          verificationType: VERIFICATION_TYPE[decision.path],
        },
      };
    });
  }

  /** The row as the sink left it (the decision was written in its own transaction). */
  private reread(row: SessionRow): Promise<SessionRow> {
    return this.deps.lifecycle.change(row.id, async () => null);
  }

  private requireFlow(): WalletFlowService {
    if (!this.flow) throw appError('WALLET_NOT_CONFIGURED');
    return this.flow;
  }

  /** The sink of a verified presentation: the session passes on path E, if it still waits for a verification. */
  private async passed(tx: WalletTransaction, verdict: DeviceResponseVerdict): Promise<void> {
    await this.deps.lifecycle.change(tx.sessionId, async (current) => {
      assertStillOpen(current, tx);
      return decided(current, tx.gate, verdict.ageOver >= tx.gate);
    });
  }

  /**
   * The sink of a failed presentation. Only WALLET_AGE_BELOW_GATE decides (the issuer states the holder is
   * under the gate); any other failure is the transaction's, not the person's: the session stays.
   */
  private async failed(tx: WalletTransaction, code: string): Promise<void> {
    if (code !== 'WALLET_AGE_BELOW_GATE') return;
    await this.deps.lifecycle.change(tx.sessionId, async (current) => {
      assertStillOpen(current, tx);
      return decided(current, tx.gate, false);
    });
  }
}

function assertStillOpen(row: SessionRow, tx: WalletTransaction): void {
  if (row.projectId !== tx.tenantId) throw appError('WALLET_TRANSACTION_NOT_FOUND');
  if (row.status !== 'in_progress' || !WALLET_OPEN_STEPS.has(row.step))
    throw notWaiting(row.status as SessionStatus, 'This session is not waiting for a verification any more.');
}

/** The wallet's decision on the session: eu_wallet passed (the credential was trusted and bound), age as stated. */
function decided(row: SessionRow, gate: AgeGate, ageOk: boolean): TransitionRequest {
  const checks = row.checks as Checks;
  return {
    to: ageOk ? 'success' : 'failed',
    bill: 'verification',
    patch: {
      step: 'done',
      path: 'E',
      // A user who chose the wallet on another path's first step, rather than being routed here.
      pathRule: row.path === 'E' ? row.pathRule : `wallet:chosen_on_${row.path ?? 'unknown'}`,
      verificationType: VERIFICATION_TYPE.E,
      ...(ageOk ? {} : { reason: 'age_below_threshold' }),
      checks: {
        ...checks,
        eu_wallet: { performed: true, passed: true },
        age: { ...checks.age, performed: true, passed: ageOk, gate: checks.age.gate ?? gate },
      },
      deviceNonceHash: null,
    },
  };
}
