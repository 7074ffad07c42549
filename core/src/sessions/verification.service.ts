import { appError, type CallContext } from '@idgate/protos';
import type { Database, Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { DataCipher } from '../lib/cipher.ts';
import { hashToken, newId, newToken } from '../lib/tokens.ts';
import { validateInitRequest, type RawInitRequest } from './init-request.ts';
import { initialChecks } from './result-record.ts';
import { SESSION_STATUSES, isFinal, isVerified, type SessionStatus } from './session-state.ts';
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

const RESULT_TOKEN_RE = /^xtk_[A-Za-z0-9_-]{20,100}$/;
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
   */
  async getResult(token: string, ctx: CallContext): Promise<string> {
    const principal = await this.deps.tenancyService.authenticate(ctx.apiKey);
    requireScope(principal, 'verify:result');
    if (!RESULT_TOKEN_RE.test(token)) throw appError('TOKEN_NOT_FOUND');
    const now = this.deps.clock.now();
    // Hot path in one statement: a final session of this project whose token is unconsumed.
    const direct = await this.deps.sessions.consumeFinalResultToken(hashToken(token), now, principal.projectId, FINAL_STATUSES);
    if (direct) return this.deps.lifecycle.record(direct, undefined, token);
    const row = await this.deps.lifecycle.refresh(await this.findOwned(token, principal));
    const current = row.status === 'retaken' && this.deps.retakes ? await this.deps.retakes.current(row) : row;
    if (!isFinal(current.status as SessionStatus) || current.status === 'retaken') return this.deps.lifecycle.record(current);
    const won = await this.deps.sessions.consumeResultToken(row.resultTokenHash, now);
    if (!won) {
      if (row.resultExpiresAt <= now) throw appError('RESULT_TOKEN_EXPIRED');
      throw appError('RESULT_TOKEN_CONSUMED');
    }
    return this.deps.lifecycle.record(current === row ? won : current);
  }

  /**
   * Status by result token; never consumes it. Secret, restricted (verify:status) or public key.
   * A token the result endpoint consumed is invalidated (spec §3), here as there: 410
   * RESULT_TOKEN_CONSUMED; so is one past its expires_at: 410 RESULT_TOKEN_EXPIRED.
   */
  async getStatus(token: string, ctx: CallContext): Promise<{ status: string; terminal: boolean; updatedAt: string; step: string }> {
    const principal = await this.deps.tenancyService.authenticate(ctx.apiKey);
    if (principal.kind !== 'public') requireScope(principal, 'verify:status');
    const owned = await this.findOwned(token, principal);
    if (owned.resultTokenConsumedAt) throw appError('RESULT_TOKEN_CONSUMED');
    if (owned.resultExpiresAt <= this.deps.clock.now()) throw appError('RESULT_TOKEN_EXPIRED');
    const row = await this.deps.lifecycle.refresh(owned);
    return { status: row.status, terminal: isFinal(row.status as SessionStatus), updatedAt: row.updatedAt.toISOString(), step: row.step };
  }

  /**
   * Verifies a result token without consuming it (spec §4.1). Each call with a valid token is
   * one billable Check, unless its Idempotency-Key was billed before.
   */
  async verifyToken(token: string, idempotencyKey: string | undefined, ctx: CallContext) {
    const principal = await this.deps.tenancyService.authenticate(ctx.apiKey);
    requireScope(principal, 'tokens:verify');
    if (idempotencyKey !== undefined && !/^[\x21-\x7e]{1,255}$/.test(idempotencyKey)) throw appError('IDEMPOTENCY_KEY_INVALID');
    const found = RESULT_TOKEN_RE.test(token) ? await this.deps.sessions.findByResultTokenHash(hashToken(token)) : undefined;
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

  /** A session of the caller's own project, or 404: another tenant's token is "unknown". */
  private async findOwned(token: string, principal: Principal): Promise<SessionRow> {
    if (!RESULT_TOKEN_RE.test(token)) throw appError('TOKEN_NOT_FOUND');
    const row = await this.deps.sessions.findByResultTokenHash(hashToken(token));
    if (!row || row.projectId !== principal.projectId) throw appError('TOKEN_NOT_FOUND');
    return row;
  }
}
