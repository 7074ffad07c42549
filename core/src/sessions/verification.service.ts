import { appError, type CallContext } from '@idgate/protos';
import type { Database, Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { DataCipher } from '../lib/cipher.ts';
import { hashToken, newId, newToken } from '../lib/tokens.ts';
import { validateInitRequest, type RawInitRequest } from './init-request.ts';
import { initialChecks } from './result-record.ts';
import { SESSION_STATUSES, isFinal, isVerified, tenantCancel, type SessionStatus } from './session-state.ts';
import { tenantTokenKind } from './session-tokens.ts';
import type { SessionRepository, SessionRow } from './session.repository.ts';
import type { TenancyRepository } from '../tenancy/tenancy.repository.ts';
import { requireScope, type Principal, type TenancyService } from '../tenancy/tenancy.service.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { SessionLifecycle } from './session-lifecycle.service.ts';
import type { SessionSecretsService } from './session-secrets.service.ts';

export interface VerificationSettings {
  widgetUrl: string;
  allowHttpLocalhost: boolean;
  sessionTtlMs: number;
  initTokenTtlMs: number;
  resultTokenTtlMs: number;
}

interface Deps {
  database: Database;
  sessions: SessionRepository;
  tenancy: TenancyRepository;
  tenancyService: TenancyService;
  billing: BillingService;
  lifecycle: SessionLifecycle;
  cipher: DataCipher;
  clock: Clock;
  settings: VerificationSettings;
  /** Seals data-match claims (docs/decisions/data-match.md); absent: `expected` is validated, not kept. */
  secrets?: SessionSecretsService;
  /** Resolves a retaken session to the newest attempt of its chain (docs/decisions/review-queue.md). */
  retakes?: { current(row: SessionRow): Promise<SessionRow> };
}

// `retaken` is final but not served by the one-statement read: its token resolves to the newest
// attempt of the retake chain and is consumed only once that attempt is final.
const FINAL_STATUSES = SESSION_STATUSES.filter((s) => isFinal(s) && s !== 'retaken');

/** The tenant-server side of the verify API (spec §4.1): init, result, status, token verify. */
export class VerificationService {
  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }

  async init(raw: RawInitRequest, ctx: CallContext): Promise<{ token: string; verifyUrl: string; expiresAt: string }> {
    const principal = await this.deps.tenancyService.authenticate(ctx.apiKey);
    requireScope(principal, 'verify:init');
    const spec = validateInitRequest(raw, { allowHttpLocalhost: this.deps.settings.allowHttpLocalhost });
    const account = await this.deps.tenancyService.accountForAdmission(principal.accountId);
    const needsDocument = spec.purpose === 'id_verification' || spec.verificationMode === 'document';
    // 402s come before any verification work (spec §7.2).
    await this.deps.billing.admit(account, needsDocument ? 'verification' : 'check');

    const now = this.deps.clock.now();
    const id = newId('ses_');
    const initToken = newToken('xit_');
    const resultToken = newToken('xtk_');
    const initExpires = new Date(now.getTime() + this.deps.settings.initTokenTtlMs);
    const session = {
      id,
      projectId: principal.projectId,
      status: 'pending',
      step: 'start',
      purpose: spec.purpose,
      verificationMode: spec.verificationMode,
      minAge: spec.minAge,
      mismatchPolicy: spec.mismatchPolicy,
      callbackUrl: spec.callbackUrl,
      externalUserId: spec.userId,
      theme: spec.theme,
      locale: spec.locale,
      initTokenHash: hashToken(initToken),
      initTokenExpiresAt: initExpires,
      resultTokenHash: hashToken(resultToken),
      resultTokenSealed: this.deps.cipher.encrypt(resultToken, id),
      resultExpiresAt: new Date(now.getTime() + this.deps.settings.resultTokenTtlMs),
      checks: initialChecks(spec.minAge),
      expiresAt: new Date(now.getTime() + this.deps.settings.sessionTtlMs),
      createdAt: now,
      updatedAt: now,
    };
    const { expected } = spec;
    const secrets = this.deps.secrets;
    if (expected && secrets) {
      // The claims are sealed in the session's own transaction: a session never exists without them.
      await this.deps.database.db.transaction(async (tx: Db) => {
        await this.deps.sessions.insert(session, tx);
        await secrets.sealClaims(id, expected, tx);
      });
    } else {
      await this.deps.sessions.insert(session);
    }
    return { token: initToken, verifyUrl: `${this.deps.settings.widgetUrl}?t=${initToken}`, expiresAt: initExpires.toISOString() };
  }

  /**
   * Reads the result record and consumes the result token. Our rule for what the spec leaves
   * open: the token is consumed only once the session is final; reading a session that is
   * still pending, in progress or in review returns the record without consuming the token.
   * By the init token the record is a look-up that never consumes anything
   * (docs/decisions/follow-by-init-token.md).
   */
  async getResult(token: string, ctx: CallContext): Promise<string> {
    const principal = await this.deps.tenancyService.authenticate(ctx.apiKey);
    requireScope(principal, 'verify:result');
    const kind = tenantTokenKind(token);
    if (!kind) throw appError('TOKEN_NOT_FOUND');
    if (kind === 'init') {
      // A look-up, never a consumption: the result token stays the tenant's single-use proof.
      const row = await this.deps.lifecycle.refresh(await this.findOwned(token, principal));
      return this.deps.lifecycle.record(await this.newestAttempt(row));
    }
    const now = this.deps.clock.now();
    // Hot path in one statement: a final session of this project whose token is unconsumed.
    const direct = await this.deps.sessions.consumeFinalResultToken(hashToken(token), now, principal.projectId, FINAL_STATUSES);
    if (direct) return this.deps.lifecycle.record(direct, undefined, token);
    const row = await this.deps.lifecycle.refresh(await this.findOwned(token, principal));
    const current = await this.newestAttempt(row);
    if (!isFinal(current.status as SessionStatus) || current.status === 'retaken') return this.deps.lifecycle.record(current);
    const won = await this.deps.sessions.consumeResultToken(row.resultTokenHash, now);
    if (!won) {
      if (row.resultExpiresAt <= now) throw appError('RESULT_TOKEN_EXPIRED');
      throw appError('RESULT_TOKEN_CONSUMED');
    }
    return this.deps.lifecycle.record(current === row ? won : current);
  }

  /**
   * Status by result token or init token; never consumes. Secret, restricted (verify:status) or
   * public key. A result token the result endpoint consumed is invalidated (spec §3), here as
   * there: 410 RESULT_TOKEN_CONSUMED; so is one past its expires_at: 410 RESULT_TOKEN_EXPIRED. The
   * init token answers for as long as the session exists: it is how a tenant follows a session
   * whose user never reached the callback.
   */
  async getStatus(token: string, ctx: CallContext): Promise<SessionStatusView> {
    const principal = await this.deps.tenancyService.authenticate(ctx.apiKey);
    if (principal.kind !== 'public') requireScope(principal, 'verify:status');
    const owned = await this.findOwned(token, principal);
    if (tenantTokenKind(token) === 'result') {
      if (owned.resultTokenConsumedAt) throw appError('RESULT_TOKEN_CONSUMED');
      if (owned.resultExpiresAt <= this.deps.clock.now()) throw appError('RESULT_TOKEN_EXPIRED');
    }
    return statusView(await this.deps.lifecycle.refresh(owned));
  }

  /**
   * The tenant's cancel (spec §3 "client cancel", docs/verify-api.md "Cancel a session"): secret key
   * only, by init or result token. The check and the transition run on the locked row, so of two
   * cancels, or a cancel and a decision, exactly one changes the session and one event is written.
   */
  async cancel(token: string, ctx: CallContext): Promise<SessionStatusView> {
    const principal = await this.deps.tenancyService.authenticate(ctx.apiKey);
    // A public key sits in browsers, next to the init token of the verify URL: it must not end sessions.
    if (principal.kind !== 'secret') throw appError('AUTH_SECRET_KEY_REQUIRED', { message: 'Canceling a session needs the secret key (sk_live_).' });
    const owned = await this.findOwned(token, principal);
    const row = await this.deps.lifecycle.change(owned.id, async (current) =>
      tenantCancel(current.status as SessionStatus) === 'cancel' ? { to: 'canceled', patch: { step: 'done', deviceNonceHash: null } } : null,
    );
    return statusView(row);
  }

  /**
   * Verifies a result token without consuming it (spec §4.1). Each call with a valid token is
   * one billable Check, unless its Idempotency-Key was billed before.
   */
  async verifyToken(token: string, idempotencyKey: string | undefined, ctx: CallContext) {
    const principal = await this.deps.tenancyService.authenticate(ctx.apiKey);
    requireScope(principal, 'tokens:verify');
    if (idempotencyKey !== undefined && !/^[\x21-\x7e]{1,255}$/.test(idempotencyKey)) throw appError('IDEMPOTENCY_KEY_INVALID');
    const found = tenantTokenKind(token) === 'result' ? await this.deps.sessions.findByResultTokenHash(hashToken(token)) : undefined;
    if (!found || found.projectId !== principal.projectId) return { valid: false, billed: false };
    // Spec §3: "The result token is invalidated once consumed by the result endpoint": from then
    // on it verifies like an unknown token (and, like one, is not billed).
    if (found.resultTokenConsumedAt) return { valid: false, billed: false };
    const row = await this.deps.lifecycle.refresh(found);
    const account = await this.deps.tenancyService.requireAccount(principal.accountId);
    const billed = await this.deps.database.db.transaction((tx) =>
      this.deps.billing.billDecision(tx, { account, projectId: principal.projectId, sessionId: null, kind: 'check', idempotencyKey }),
    );
    const valid = row.resultExpiresAt > this.deps.clock.now();
    return {
      valid,
      status: row.status,
      verified: isVerified(row.status as SessionStatus),
      ageGate: row.minAge ?? undefined,
      expiresAt: row.resultExpiresAt.toISOString(),
      billed,
    };
  }

  /** A session of the caller's own project by its init or result token, or 404: another tenant's token is "unknown". */
  private async findOwned(token: string, principal: Principal): Promise<SessionRow> {
    const kind = tenantTokenKind(token);
    if (!kind) throw appError('TOKEN_NOT_FOUND');
    const hash = hashToken(token);
    const row = kind === 'init' ? await this.deps.sessions.findByInitTokenHash(hash) : await this.deps.sessions.findByResultTokenHash(hash);
    if (!row || row.projectId !== principal.projectId) throw appError('TOKEN_NOT_FOUND');
    return row;
  }

  /** A retaken session stands for the newest attempt of its retake chain (docs/decisions/review-queue.md). */
  private async newestAttempt(row: SessionRow): Promise<SessionRow> {
    return row.status === 'retaken' && this.deps.retakes ? this.deps.retakes.current(row) : row;
  }
}

/** What the status endpoint (and the cancel) answer about a session. */
export interface SessionStatusView {
  status: string;
  terminal: boolean;
  updatedAt: string;
  step: string;
}

function statusView(row: SessionRow): SessionStatusView {
  return { status: row.status, terminal: isFinal(row.status as SessionStatus), updatedAt: row.updatedAt.toISOString(), step: row.step };
}
