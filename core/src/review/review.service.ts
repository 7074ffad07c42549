import { appError, invalidField, type CallContext, type core } from '@idgate/protos';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/tokens.ts';
import { decodeCursor, encodeCursor, pageLimit } from '../lib/page-cursor.ts';
import type { NewReview, ReviewRepository, ReviewRow } from './review.repository.ts';
import type { SessionRepository, SessionRow } from '../sessions/session.repository.ts';
import type { SessionDecisionsRepository } from '../sessions/session-decisions.repository.ts';
import { requireScope, type Principal, type TenancyService } from '../tenancy/tenancy.service.ts';
import type { SessionLifecycle } from '../sessions/session-lifecycle.service.ts';
import type { RetakeService } from '../widget/retake.service.ts';
import { withoutCaptureAttempts } from '../widget/capture-retakes.ts';

export type ReviewReason = 'aml_match' | 'data_mismatch';
const REVIEW_STATUSES = ['open', 'approved', 'rejected', 'retake_requested'] as const;
const MAX_NOTE = 2000;

// Typed by the members used, so a unit spec can pass plain fakes.
interface Deps {
  reviews: Pick<ReviewRepository, 'insert' | 'find' | 'list' | 'update'>;
  sessions: Pick<SessionRepository, 'findById'>;
  decisions: Pick<SessionDecisionsRepository, 'riskBand'>;
  lifecycle: Pick<SessionLifecycle, 'change' | 'resultToken'>;
  tenancy: Pick<TenancyService, 'authenticate'>;
  retakes: Pick<RetakeService, 'create'>;
  clock: Clock;
}

/**
 * The tenant review queue (spec §3, docs/decisions/review-queue.md): sessions parked in
 * pending_tenant_review with reason aml_match or data_mismatch; a reviewer with the secret key
 * or a restricted key with scope `review` approves (success, review.approved), rejects (failed,
 * review.rejected) or asks for a retake (awaiting_retake and a new linked session). The status
 * change, its outbox event and the bill happen in one transaction (SessionLifecycle).
 */
export class ReviewService {
  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }

  /** Puts a session in the queue; called inside the transaction that moves it to review. */
  async open(tx: Db, row: SessionRow, reason: ReviewReason, context: Record<string, unknown>): Promise<void> {
    const review: NewReview = {
      id: newId('rev_'),
      sessionId: row.id,
      projectId: row.projectId,
      reason,
      context,
      status: 'open',
      createdAt: this.deps.clock.now(),
    };
    await this.deps.reviews.insert(review, tx);
  }

  async list(req: core.ReviewListRequest, ctx: CallContext): Promise<core.ReviewList> {
    const principal = await this.reviewer(ctx);
    const status = req.status ?? 'open';
    if (!(REVIEW_STATUSES as readonly string[]).includes(status)) throw invalid('status', `status must be one of ${REVIEW_STATUSES.join(', ')}`);
    const limit = pageLimit(req.limit);
    const rows = await this.deps.reviews.list(principal.projectId, status, limit + 1, decodeCursor(req.cursor));
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { reviews: await Promise.all(page.map((r) => this.view(r))), nextCursor: rows.length > limit && last ? encodeCursor(last) : undefined };
  }

  async get(id: string, ctx: CallContext): Promise<core.Review> {
    const principal = await this.reviewer(ctx);
    return this.view(await this.owned(id, principal));
  }

  approve(id: string, note: string | undefined, ctx: CallContext): Promise<core.Review> {
    return this.decide(id, note, ctx, 'approved');
  }

  reject(id: string, note: string | undefined, ctx: CallContext): Promise<core.Review> {
    return this.decide(id, note, ctx, 'rejected');
  }

  async requestRetake(id: string, note: string | undefined, ctx: CallContext): Promise<core.RetakeReply> {
    const principal = await this.reviewer(ctx);
    const review = await this.owned(id, principal);
    const { review: after, ...created } = await this.retakeOwned(review, note, principal.keyId);
    return { review: await this.view(after), ...created };
  }

  /** Approve → success (review.approved), reject → failed (review.rejected); one Verification billed. */
  private async decide(id: string, note: string | undefined, ctx: CallContext, decision: 'approved' | 'rejected'): Promise<core.Review> {
    const principal = await this.reviewer(ctx);
    const review = await this.owned(id, principal);
    return this.view(await this.decideOwned(review, decision, note, principal.keyId));
  }

  /**
   * Decides a review the caller has already authorised and scoped (the API key's project above; the
   * dashboard member's account in DashboardReviewsApi). `keyId` is the API key that decided, or null
   * when a dashboard member did (the member is in the team's audit log). Returns the review after.
   */
  async decideOwned(review: ReviewRow, decision: 'approved' | 'rejected', note: string | undefined, keyId: string | null): Promise<ReviewRow> {
    const text = checkNote(note);
    await this.deps.lifecycle.change(review.sessionId, async (row, tx) => {
      const current = await this.deps.reviews.find(review.id, review.projectId, tx);
      if (current?.status !== 'open' || row.status !== 'pending_tenant_review')
        throw appError('SESSION_STATE_CONFLICT', { message: 'This review was already decided.' });
      await this.deps.reviews.update(review.id, { status: decision, note: text, decidedAt: this.deps.clock.now(), decidedByKeyId: keyId }, tx);
      return { to: decision === 'approved' ? 'success' : 'failed', bill: 'verification' };
    });
    return (await this.deps.reviews.find(review.id, review.projectId)) ?? review;
  }

  /** A retake of a review the caller has already authorised and scoped (see decideOwned). */
  async retakeOwned(
    review: ReviewRow,
    note: string | undefined,
    keyId: string | null,
  ): Promise<{ review: ReviewRow; initToken: string; verifyUrl: string; expiresAt: string }> {
    const created = await this.deps.retakes.create(review, checkNote(note), keyId);
    return { review: (await this.deps.reviews.find(review.id, review.projectId)) ?? review, ...created };
  }

  private async reviewer(ctx: CallContext): Promise<Principal> {
    const principal = await this.deps.tenancy.authenticate(ctx.apiKey);
    requireScope(principal, 'review');
    return principal;
  }

  /** A review of the caller's project, or 404 (another tenant's review is "unknown"). */
  private async owned(id: string, principal: Principal): Promise<ReviewRow> {
    const row = /^rev_[A-Za-z0-9_-]{8,40}$/.test(id) ? await this.deps.reviews.find(id, principal.projectId) : undefined;
    if (!row) throw appError('NOT_FOUND', { message: 'No such review.' });
    return row;
  }

  /** A review as the verify API shows it. */
  async view(r: ReviewRow): Promise<core.Review> {
    const session = await this.deps.sessions.findById(r.sessionId);
    if (!session) throw appError('NOT_FOUND', { message: 'No such review.' });
    const retake = r.retakeSessionId ? await this.deps.sessions.findById(r.retakeSessionId) : undefined;
    return {
      id: r.id,
      status: r.status,
      reason: r.reason,
      sessionToken: this.deps.lifecycle.resultToken(session),
      sessionStatus: session.status,
      externalUserId: session.externalUserId ?? undefined,
      contextJson: JSON.stringify(r.context),
      checksJson: JSON.stringify(withoutCaptureAttempts(session.checks)),
      riskBand: (await this.deps.decisions.riskBand(session.id)) ?? undefined,
      note: r.note ?? undefined,
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString(),
      retakeSessionToken: retake ? this.deps.lifecycle.resultToken(retake) : undefined,
    };
  }
}

function checkNote(note: string | undefined): string | null {
  if (note === undefined || note === '') return null;
  if (note.length > MAX_NOTE) throw invalid('note', `note must be at most ${MAX_NOTE} characters`);
  return note;
}

function invalid(field: string, msg: string) {
  return invalidField(['query', field], msg);
}
