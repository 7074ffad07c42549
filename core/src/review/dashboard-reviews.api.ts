import { appError, type CallContext, type core } from '@idgate/protos';
import type { Actor } from '../team/team.service.ts';
import type { TeamGate } from '../tenancy/project-keys.api.ts';
import { decodeCursor, encodeCursor } from '../lib/page-cursor.ts';
import type { ReviewRepository, ReviewRow } from './review.repository.ts';
import type { ReviewService } from './review.service.ts';

const STATUSES = ['open', 'approved', 'rejected', 'retake_requested'] as const;
/** The queue page lists this many, oldest first; a longer queue pages on by cursor (`next_cursor`). */
const PAGE = 100;
const DECISIONS = { approve: 'approved', reject: 'rejected', retake: 'retake_requested' } as const;
type Decision = keyof typeof DECISIONS;

/**
 * The review queue over gRPC for the dashboard (docs/dashboard.md "Review queue"): the same ReviewService as
 * the verify API's review endpoints, behind the member's `reviews.decide` and scoped to every project of the
 * member's account instead of one API key's project. A review of another account reads as unknown
 * (NOT_FOUND) and nothing changes. Each decision is in the audit log with the member (who, when); the
 * review row keeps its time and `decided_by_key_id` null (no key decided). The page shows the reason context
 * the verify API shows tenants, narrowed to what a reviewer needs, never a value read off a document.
 */
export class DashboardReviewsApi {
  private readonly d: {
    reviews: ReviewService;
    repository: Pick<ReviewRepository, 'findById' | 'listOfProjects' | 'sessionStatuses'>;
    team: TeamGate;
    projects: (accountId: string) => Promise<{ id: string; name: string }[]>;
    deciders: (accountId: string, reviewIds: readonly string[]) => Promise<Map<string, string>>;
  };

  constructor(d: DashboardReviewsApi['d']) {
    this.d = d;
  }

  async listReviews(req: core.DashboardReviewListRequest, ctx: CallContext): Promise<core.DashboardReviewList> {
    const actor = await this.d.team.actor(ctx, 'reviews.decide');
    const status = req.status || 'open';
    if (!(STATUSES as readonly string[]).includes(status)) throw appError('REQUEST_INVALID', { message: `status must be one of ${STATUSES.join(', ')}.` });
    const projects = await this.d.projects(actor.accountId);
    const chosen = req.projectId ? projects.filter((p) => p.id === req.projectId) : projects;
    if (req.projectId && !chosen.length) throw appError('PROJECT_NOT_FOUND');
    if (req.after && req.before) throw appError('REQUEST_INVALID', { message: 'Pass after or before, not both.' });
    const after = decodeCursor(req.after ?? undefined);
    const before = decodeCursor(req.before ?? undefined);
    // Keyset on (created_at, id): a page costs the same anywhere in the queue, and no review is listed on two
    // pages or skipped between them while the queue stands still.
    const rows = await this.d.repository.listOfProjects(
      chosen.map((p) => p.id),
      status,
      PAGE + 1,
      { after, before },
    );
    const more = rows.length > PAGE;
    const page = rows.slice(0, PAGE);
    if (before) page.reverse();
    const first = page[0];
    const last = page[page.length - 1];
    // Going forward, the earlier reviews exist when we came from a cursor; going back, the later ones always do.
    const hasNext = before ? true : more;
    const hasPrev = before ? more : Boolean(after);
    const names = new Map(projects.map((p) => [p.id, p.name]));
    const deciders = await this.d.deciders(
      actor.accountId,
      page.filter((r) => r.decidedAt).map((r) => r.id),
    );
    return {
      reviews: await this.messages(page, names, deciders),
      projects: projects.map((p) => ({ id: p.id, name: p.name })),
      truncated: hasNext && Boolean(last),
      nextCursor: hasNext && last ? encodeCursor(last) : undefined,
      prevCursor: hasPrev && first ? encodeCursor(first) : undefined,
    };
  }

  async getReview(req: core.DashboardReviewIdRequest, ctx: CallContext): Promise<core.DashboardReview> {
    const actor = await this.d.team.actor(ctx, 'reviews.decide');
    const { review, names } = await this.owned(actor, req.id);
    const [out] = await this.messages([review], names, await this.d.deciders(actor.accountId, [review.id]));
    return out!;
  }

  async decide(req: core.DashboardReviewDecisionRequest, ctx: CallContext): Promise<core.DashboardReviewDecided> {
    const actor = await this.d.team.actor(ctx, 'reviews.decide');
    const decision = req.decision as Decision;
    if (!Object.hasOwn(DECISIONS, decision)) throw appError('REQUEST_INVALID', { message: 'decision must be approve, reject or retake.' });
    const { review, names } = await this.owned(actor, req.id);
    const note = req.note ?? undefined;
    let after: ReviewRow;
    let retake: { verifyUrl: string; expiresAt: string } | undefined;
    if (decision === 'retake') {
      const out = await this.d.reviews.retakeOwned(review, note, null);
      after = out.review;
      retake = { verifyUrl: out.verifyUrl, expiresAt: out.expiresAt };
    } else after = await this.d.reviews.decideOwned(review, DECISIONS[decision], note, null);
    // The note is the reviewer's free text (it may name the person): the log says only that there was one.
    await this.d.team.record(
      actor,
      `review.${DECISIONS[decision]}`,
      { type: 'review', id: review.id },
      { project: review.projectId, reason: review.reason, with_note: Boolean(note) },
    );
    return {
      review: (await this.messages([after], names, new Map([[review.id, actor.email]])))[0],
      retakeVerifyUrl: retake?.verifyUrl,
      retakeExpiresAt: retake?.expiresAt,
    };
  }

  /** The review, if one of the member's account's projects holds it; otherwise the answer of an unknown id. */
  private async owned(actor: Actor, id: string | undefined): Promise<{ review: ReviewRow; names: Map<string, string> }> {
    const review = id && /^rev_[A-Za-z0-9_-]{8,40}$/.test(id) ? await this.d.repository.findById(id) : undefined;
    const names = new Map((await this.d.projects(actor.accountId)).map((p) => [p.id, p.name]));
    if (!review || !names.has(review.projectId)) throw appError('NOT_FOUND', { message: 'No such review.' });
    return { review, names };
  }

  /**
   * The reviews as the page shows them, with their sessions' statuses read in one query: the page needs no
   * result token (never shown), so none is unsealed, and 100 reviews cost one read, not 100.
   */
  private async messages(rows: ReviewRow[], names: Map<string, string>, deciders: Map<string, string>): Promise<core.DashboardReview[]> {
    const statuses = await this.d.repository.sessionStatuses(rows.map((r) => r.sessionId));
    return rows.map((r) => this.message(r, names, deciders, statuses.get(r.sessionId) ?? ''));
  }

  private message(r: ReviewRow, names: Map<string, string>, deciders: Map<string, string>, sessionStatus: string): core.DashboardReview {
    const decidedBy = deciders.get(r.id) ?? (r.decidedByKeyId ? `API key ${r.decidedByKeyId}` : undefined);
    return {
      id: r.id,
      projectId: r.projectId,
      projectName: names.get(r.projectId) ?? r.projectId,
      status: r.status,
      reason: r.reason,
      sessionStatus,
      contextJson: JSON.stringify(reviewerContext(r.context)),
      note: r.note ?? undefined,
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString(),
      decidedBy: r.decidedAt ? decidedBy : undefined,
    };
  }
}

type AmlHit = { matched_name?: unknown; matched_name_latin?: unknown; score?: unknown; source_lists?: unknown };

/**
 * The part of a review's context a reviewer sees: for aml_match each hit's matched name (and its Latin form),
 * score and source lists; for data_mismatch the per-field verdicts (match, mismatch, not_on_document). The
 * context never holds a value read off the document (decisions/data-match.md); this narrows it further.
 */
export function reviewerContext(context: unknown): { aml?: AmlHit[]; data_match?: { fields: Record<string, string> } } {
  const c = (context ?? {}) as { aml?: unknown; data_match?: { fields?: unknown } | null };
  const out: { aml?: AmlHit[]; data_match?: { fields: Record<string, string> } } = {};
  if (Array.isArray(c.aml))
    out.aml = (c.aml as AmlHit[]).map((h) => ({
      matched_name: h.matched_name,
      matched_name_latin: h.matched_name_latin,
      score: h.score,
      source_lists: h.source_lists,
    }));
  const fields = c.data_match?.fields;
  if (fields && typeof fields === 'object')
    out.data_match = {
      fields: Object.fromEntries(Object.entries(fields as Record<string, unknown>).filter(([, v]) => typeof v === 'string')) as Record<string, string>,
    };
  return out;
}
