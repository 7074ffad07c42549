import type { Database, Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { DataCipher } from '../lib/cipher.ts';
import { newId } from '../lib/tokens.ts';
import { serialiseResultRecord, type Checks } from './result-record.ts';
import { isDocumentPath } from './path-selection.ts';
import type { RiskBandName } from '../documents/risk-band.ts';
import { assertTransition, callbackStatus, eventForTransition, expiresByTtl, isFinal, type SessionStatus } from './session-state.ts';
import type { BillingKind } from '../tenancy/plans.ts';
import type { NewSession, ResultRecordRow, SessionRepository, SessionRow } from './session.repository.ts';
import type { OutboxRepository } from './outbox.repository.ts';
import type { TenancyRepository } from '../tenancy/tenancy.repository.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { OutboxSignal } from '../lib/outbox-signal.ts';

interface Deps {
  database: Database;
  sessions: SessionRepository;
  outbox: OutboxRepository;
  tenancy: TenancyRepository;
  billing: BillingService;
  cipher: DataCipher;
  clock: Clock;
  /** The risk band of a document session (docs/decisions/risk-band.md); absent: no band is ever shown. */
  riskBands?: { riskBand(sessionId: string, tx?: Db): Promise<RiskBandName | null> };
  /** Told after a transaction that wrote an outbox event commits (wakes this process's dispatcher). */
  outboxSignal?: OutboxSignal;
}

export interface TransitionRequest {
  /** New status; absent for a change of step or checks within the same status. */
  to?: SessionStatus;
  patch?: Partial<NewSession>;
  /** Bill this decision (spec §7: decisions are billed, attempts are not). */
  bill?: BillingKind;
}

/**
 * Applies state changes to sessions: the transition check, the row update, the outbox event and
 * the billing line all happen in ONE transaction, so no state change exists without its event
 * and no decision without its bill (and never twice).
 */
export class SessionLifecycle {
  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }

  /** Runs `decide` on the locked row and applies the transition it returns (if any). */
  async change(sessionId: string, decide: (row: SessionRow, tx: Db) => Promise<TransitionRequest | null>): Promise<SessionRow> {
    const written = { events: 0 };
    const result = await this.deps.database.db.transaction(async (tx) => {
      const row = await this.deps.sessions.lockById(sessionId, tx);
      if (!row) throw new Error(`session ${sessionId} vanished inside its transaction`);
      const current = await this.expireIfDue(row, tx, written);
      const request = await decide(current, tx);
      return request ? this.apply(current, request, tx, written) : current;
    });
    // After the commit, never inside: a dispatcher woken earlier could not see the event yet.
    if (written.events > 0) this.deps.outboxSignal?.notify();
    return result;
  }

  private async apply(row: SessionRow, req: TransitionRequest, tx: Db, written: { events: number }): Promise<SessionRow> {
    const now = this.deps.clock.now();
    if (!req.to) {
      await this.deps.sessions.update(row.id, { ...req.patch, updatedAt: now }, tx);
      return { ...row, ...req.patch, updatedAt: now } as SessionRow;
    }
    assertTransition(row.status as SessionStatus, req.to);
    // completed_at is the moment the session became final: a session parked in review (or awaiting
    // a retake) is not completed, and since nothing leaves a final status it is set once, never moved.
    const next: SessionRow = { ...row, ...req.patch, status: req.to, updatedAt: now, completedAt: isFinal(req.to) ? now : null } as SessionRow;
    await this.deps.sessions.update(row.id, { ...req.patch, status: next.status, updatedAt: now, completedAt: next.completedAt }, tx);
    const type = eventForTransition(row.status as SessionStatus, req.to);
    if (type) {
      await this.deps.outbox.append(tx, {
        id: newId('evt_'),
        projectId: row.projectId,
        sessionId: row.id,
        type,
        payload: await this.record(next, tx),
        createdAt: now,
      });
      written.events++;
    }
    if (req.bill) await this.bill(tx, next, req.bill);
    return next;
  }

  private async bill(tx: Db, row: SessionRow, kind: BillingKind): Promise<void> {
    // Every query inside the transaction goes through `tx`: PGlite has one connection, and a
    // query on the outer handle would wait for this very transaction.
    const project = await this.deps.tenancy.findProject(row.projectId, tx);
    const account = project ? await this.deps.tenancy.findAccount(project.accountId, tx) : undefined;
    if (!account) return;
    await this.deps.billing.billDecision(tx, { account, projectId: row.projectId, sessionId: row.id, kind });
    await this.deps.sessions.update(row.id, { billedKind: kind }, tx);
  }

  /** Lazy expiry: a session past its TTL in a status that expires is moved to `expired` first. */
  private async expireIfDue(row: SessionRow, tx: Db, written: { events: number }): Promise<SessionRow> {
    if (!expiresByTtl(row.status as SessionStatus) || row.expiresAt > this.deps.clock.now()) return row;
    return this.apply(row, { to: 'expired', patch: { step: 'done' } }, tx, written);
  }

  /** Expires a session read outside a transaction when its TTL is over (cheap check first). */
  async refresh(row: SessionRow): Promise<SessionRow> {
    if (!expiresByTtl(row.status as SessionStatus) || row.expiresAt > this.deps.clock.now()) return row;
    return this.change(row.id, async () => null);
  }

  resultToken(row: Pick<SessionRow, 'resultTokenSealed' | 'id'>): string {
    return this.deps.cipher.decrypt(row.resultTokenSealed, row.id);
  }

  /**
   * The result record JSON (spec §2.5) of a row. Document sessions carry their risk band, read
   * (inside the caller's transaction when given) from the decision the document path stored.
   * `knownToken`: the result token when the caller holds it (the result read was asked with it),
   * which spares unsealing the stored copy.
   */
  async record(row: ResultRecordRow, tx?: Db, knownToken?: string): Promise<string> {
    const band = isDocumentPath(row.path) && this.deps.riskBands ? await this.deps.riskBands.riskBand(row.id, tx) : null;
    return serialiseResultRecord({
      resultToken: knownToken ?? this.resultToken(row),
      status: row.status as SessionStatus,
      verificationType: row.verificationType,
      ipCountry: row.ipCountry,
      externalUserId: row.externalUserId,
      reason: row.reason,
      checks: row.checks as Checks,
      risk: band ? { band } : null,
      createdAt: row.createdAt,
      completedAt: row.completedAt,
      resultExpiresAt: row.resultExpiresAt,
    });
  }

  /** The tenant callback with status, token and user_id, for terminal verdicts only (spec §2.3). */
  redirectUrl(row: SessionRow): string | undefined {
    const status = callbackStatus(row.status as SessionStatus);
    if (!status) return undefined;
    const url = new URL(row.callbackUrl);
    url.searchParams.set('status', status);
    url.searchParams.set('token', this.resultToken(row));
    if (row.externalUserId) url.searchParams.set('user_id', row.externalUserId);
    return url.toString();
  }
}
