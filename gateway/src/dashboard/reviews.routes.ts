import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callUnary, type DecisionClients } from '@idgate/protos';
import type { Signed } from './dashboard.routes.ts';
import { REVIEW_STATUSES, reviewPage, reviewsPage } from './reviews.views.ts';

/** What the dashboard's scope lends a section: sign-in and CSRF checks, error pages, replies. */
interface SectionKit {
  reviews: DecisionClients['dashboardReviews'];
  signedIn: (req: FastifyRequest, reply: FastifyReply) => Promise<Signed | undefined>;
  signedPost: (req: FastifyRequest, reply: FastifyReply) => Promise<Signed | undefined>;
  failed: (reply: FastifyReply, s: Signed, err: unknown) => FastifyReply;
  page: (reply: FastifyReply, html: string, status?: number) => FastifyReply;
  seeOther: (reply: FastifyReply, location: string) => FastifyReply;
  field: (req: FastifyRequest, name: string) => string;
}

const NOTICES: Record<string, string> = {
  approved: 'Approved: the session succeeded and review.approved is sent to your webhooks.',
  rejected: 'Rejected: the session failed and review.rejected is sent to your webhooks.',
};

/**
 * The review queue pages (docs/dashboard.md "Review queue"): the queue, one review, and its decision. Core's
 * DashboardReviewsService checks `reviews.decide` and the account on every call, so a developer's post or
 * another tenant's review id is refused there (403, 404) whatever the page offered.
 */
export function reviewRoutes(scope: FastifyInstance, k: SectionKit): void {
  const hide = { schema: { hide: true } };
  const idOf = (req: FastifyRequest) => (req.params as { id?: string }).id ?? '';

  scope.get('/dashboard/reviews', hide, async (req, reply) => {
    const s = await k.signedIn(req, reply);
    if (!s) return reply;
    const q = req.query as { project?: string; status?: string; notice?: string; after?: string; before?: string };
    // An unknown status in the address shows the waiting queue rather than an error page.
    const status = q.status && Object.hasOwn(REVIEW_STATUSES, q.status) ? q.status : 'open';
    const projectId = typeof q.project === 'string' ? q.project : '';
    try {
      const cursor = { after: textOf(q.after), before: textOf(q.before) };
      const list = await callUnary(k.reviews, 'listReviews', { projectId: projectId || undefined, status, ...cursor }, s.ctx);
      const hrefOf = (key: 'after' | 'before', c: string | undefined) =>
        c ? `/dashboard/reviews?${new URLSearchParams({ ...(projectId ? { project: projectId } : {}), status, [key]: c }).toString()}` : undefined;
      return k.page(
        reply,
        reviewsPage({
          member: s.member,
          csrf: s.csrf,
          reviews: list.reviews ?? [],
          projects: list.projects ?? [],
          projectId,
          status,
          truncated: list.truncated === true,
          prevHref: hrefOf('before', list.prevCursor ?? undefined),
          nextHref: hrefOf('after', list.nextCursor ?? undefined),
          notice: NOTICES[q.notice ?? ''],
        }),
      );
    } catch (err) {
      return k.failed(reply, s, err);
    }
  });

  scope.get('/dashboard/reviews/:id', hide, async (req, reply) => {
    const s = await k.signedIn(req, reply);
    if (!s) return reply;
    try {
      const review = await callUnary(k.reviews, 'getReview', { id: idOf(req) }, s.ctx);
      const notice = NOTICES[(req.query as { notice?: string }).notice ?? ''];
      return k.page(reply, reviewPage({ member: s.member, csrf: s.csrf, review, notice }));
    } catch (err) {
      return k.failed(reply, s, err);
    }
  });

  scope.post('/dashboard/reviews/:id/decide', hide, async (req, reply) => {
    const s = await k.signedPost(req, reply);
    if (!s) return reply;
    const id = idOf(req);
    const decision = k.field(req, 'decision');
    try {
      const out = await callUnary(k.reviews, 'decide', { id, decision, note: k.field(req, 'note') || undefined }, s.ctx);
      // A retake's link for the person is shown on this answer only; the others redirect (a reload never decides again).
      if (decision === 'retake')
        return k.page(
          reply,
          reviewPage({
            member: s.member,
            csrf: s.csrf,
            review: out.review ?? {},
            retake: { verifyUrl: out.retakeVerifyUrl ?? '', expiresAt: out.retakeExpiresAt ?? '' },
          }),
        );
      return k.seeOther(reply, `/dashboard/reviews/${encodeURIComponent(id)}?notice=${decision === 'approve' ? 'approved' : 'rejected'}`);
    } catch (err) {
      return k.failed(reply, s, err);
    }
  });
}

/** A query value that is one non-empty string (a repeated key arrives as an array, and is ignored). */
function textOf(v: unknown): string | undefined {
  return typeof v === 'string' && v ? v : undefined;
}
