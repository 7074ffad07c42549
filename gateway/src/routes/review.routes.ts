import type { FastifyInstance } from 'fastify';
import { callUnary, type DecisionClients, type UnaryMethodOf, type UnaryRequest, type core } from '@idgate/protos';
import * as S from '../schemas/verify.schemas.ts';
import * as D from '../schemas/decisions.schemas.ts';
import type { SchemaRequestTypeProvider } from '../schemas/json-schema.ts';
import { absentBodyAsEmptyObject, callContext, compact } from './context.ts';

const AUTH_ERRORS = {
  401: ['AUTH_REQUIRED', 'AUTH_INVALID_KEY', 'AUTH_BEARER_NOT_ACCEPTED'],
  403: ['AUTH_SECRET_KEY_REQUIRED', 'AUTH_SCOPE_MISSING'],
  503: ['UPSTREAM_UNAVAILABLE'],
};
const ONE_ERRORS = S.mergeErrors(S.PATH_ERRORS, { ...AUTH_ERRORS, 404: ['NOT_FOUND'] });
const DECIDE_ERRORS = S.mergeErrors(ONE_ERRORS, { 409: ['SESSION_STATE_CONFLICT'] });
const tags = ['reviews'];

/** A review as the API shows it (docs/decisions/review-queue.md). */
export function reviewBody(r: core.ReviewOut) {
  return compact({
    id: r.id,
    status: r.status,
    reason: r.reason,
    token: r.sessionToken,
    session_status: r.sessionStatus,
    external_user_id: r.externalUserId ?? null,
    context: JSON.parse(r.contextJson || '{}'),
    checks: JSON.parse(r.checksJson || '{}'),
    risk: r.riskBand ? { band: r.riskBand } : undefined,
    note: r.note ?? null,
    created_at: r.createdAt,
    decided_at: r.decidedAt ?? null,
    retake_token: r.retakeSessionToken ?? null,
  });
}

/**
 * The tenant review queue under /verify/v1/reviews (spec §3): secret key, or a restricted key
 * with scope `review`. Approve → success (review.approved), reject → failed (review.rejected),
 * retake → awaiting_retake plus a new linked session to send the user to.
 */
export function reviewRoutes(fastify: FastifyInstance, d: { clients: DecisionClients }): void {
  const app = fastify.withTypeProvider<SchemaRequestTypeProvider>();
  type Reviews = DecisionClients['reviews'];
  const call = <M extends UnaryMethodOf<Reviews>>(method: M, req: UnaryRequest<Reviews, M>, r: Parameters<typeof callContext>[0]) =>
    callUnary(d.clients.reviews, method, req, callContext(r));

  app.get(
    '/verify/v1/reviews',
    {
      schema: {
        tags,
        summary: "List the review queue (oldest first) with each review's context",
        headers: S.apiKeyHeader,
        querystring: D.reviewQuery,
        response: { 200: D.reviewListResponse, ...S.errors({ ...AUTH_ERRORS, 400: ['REQUEST_INVALID'] }) },
      },
    },
    async (req) => {
      const q = req.query;
      const res = await call('listReviews', compact({ status: q.status, limit: q.limit === undefined ? undefined : Number(q.limit), cursor: q.cursor }), req);
      return { success: true, data: { reviews: (res.reviews ?? []).map(reviewBody), next_cursor: res.nextCursor ?? null } };
    },
  );

  app.get(
    '/verify/v1/reviews/:id',
    {
      schema: {
        tags,
        summary: 'One review with its context',
        headers: S.apiKeyHeader,
        params: D.reviewParams,
        response: { 200: D.reviewResponse, ...S.errors(ONE_ERRORS) },
      },
    },
    async (req) => ({ success: true, data: reviewBody(await call('getReview', { id: req.params.id }, req)) }),
  );

  for (const [action, method, summary] of [
    ['approve', 'approveReview', 'Approve: the session becomes success (review.approved; one Verification billed)'],
    ['reject', 'rejectReview', 'Reject: the session becomes failed (review.rejected; one Verification billed)'],
  ] as const) {
    app.post(
      `/verify/v1/reviews/:id/${action}`,
      {
        preValidation: absentBodyAsEmptyObject, // the decision bodies are optional
        schema: {
          tags,
          summary,
          headers: S.apiKeyHeader,
          params: D.reviewParams,
          body: D.reviewDecisionBody,
          response: { 200: D.reviewResponse, ...S.bodyErrors(DECIDE_ERRORS) },
        },
      },
      async (req) => ({ success: true, data: reviewBody(await call(method, compact({ id: req.params.id, note: req.body.note }), req)) }),
    );
  }

  app.post(
    '/verify/v1/reviews/:id/retake',
    {
      preValidation: absentBodyAsEmptyObject, // the decision bodies are optional
      schema: {
        tags,
        summary: 'Ask for a retake: the session becomes awaiting_retake; the user recaptures in a new linked session',
        headers: S.apiKeyHeader,
        params: D.reviewParams,
        body: D.reviewDecisionBody,
        response: { 200: D.retakeResponse, ...S.bodyErrors(DECIDE_ERRORS) },
      },
    },
    async (req) => {
      const res = await call('requestRetake', compact({ id: req.params.id, note: req.body.note }), req);
      return {
        success: true,
        data: { review: reviewBody(res.review ?? {}), retake: { token: res.initToken, verify_url: res.verifyUrl, expires_at: res.expiresAt } },
      };
    },
  );
}
