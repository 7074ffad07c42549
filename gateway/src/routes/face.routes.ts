import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callUnary, ERROR_CATALOGUE, isErrorCode, type DecisionClients, type UnaryMethodOf, type UnaryRequest, type core } from '@idgate/protos';
import { imageBodyLimit } from '@idgate/platform';
import { imagesAt, type ImageUploads } from '../plugins/image-upload.ts';
import * as S from '../schemas/verify.schemas.ts';
import * as F from '../schemas/face.schemas.ts';
import type { SchemaRequestTypeProvider } from '../schemas/json-schema.ts';
import { callContext, compact } from './context.ts';

const AUTH_ERRORS = {
  401: ['AUTH_REQUIRED', 'AUTH_INVALID_KEY', 'AUTH_BEARER_NOT_ACCEPTED'],
  403: ['AUTH_SECRET_KEY_REQUIRED', 'AUTH_SCOPE_MISSING'],
  503: ['UPSTREAM_UNAVAILABLE'],
};
const IMAGE_ERRORS = {
  400: ['IMAGE_EMPTY'],
  413: ['IMAGE_TOO_LARGE'],
  429: ['UPLOADS_IN_FLIGHT'],
  501: ['FEATURE_NOT_AVAILABLE'],
  503: ['INFERENCE_BUSY', 'UPLOADS_BUSY'],
};
const ONE_ERRORS = S.mergeErrors(S.PATH_ERRORS, AUTH_ERRORS, { 404: ['NOT_FOUND'] });

/**
 * `{ code, message, reasons? }` of the error a job ended with: the catalogue's safe message, never
 * the node's; `reasons` (FACE_QUALITY_LOW: blur, face_rotated, …) as an HTTP error's details.reasons.
 */
function errorOf(code: string | undefined, reasons: string[] | undefined): { code: string; message: string; reasons?: string[] } | null {
  if (!code) return null;
  const message = isErrorCode(code) ? ERROR_CATALOGUE[code].message : ERROR_CATALOGUE.INTERNAL.message;
  return reasons?.length ? { code, message, reasons } : { code, message };
}

export function challengeBody(c: core.FaceChallengeOut) {
  return {
    challenge_id: c.challengeId,
    type: c.type,
    user_id: c.userId,
    status: c.status,
    reason: c.reason ?? null,
    error: errorOf(c.errorCode, c.errorReasons),
    created_at: c.createdAt,
    completed_at: c.completedAt ?? null,
  };
}

export function entryBody(e: core.BlacklistEntryOut) {
  return {
    id: e.id,
    source: e.source,
    reason: e.reason,
    status: e.status,
    error: errorOf(e.errorCode, e.errorReasons),
    created_at: e.createdAt,
    processed_at: e.processedAt ?? null,
  };
}

/**
 * Face 2FA (/verify/v1/2fa, scope `2fa`) and the face blacklist (/verify/v1/blacklist, scope
 * `blacklist`), spec §4.1; docs/face-2fa.md and docs/blacklist.md. The adds and challenges are
 * asynchronous: 202 with status `processing`, then read the challenge or entry.
 */
export function faceRoutes(fastify: FastifyInstance, d: { clients: DecisionClients; uploads: ImageUploads; maxImageBytes: number }): void {
  const app = fastify.withTypeProvider<SchemaRequestTypeProvider>();
  type Faces = DecisionClients['faces'];
  const call = <M extends UnaryMethodOf<Faces>>(method: M, req: UnaryRequest<Faces, M>, r: FastifyRequest) =>
    callUnary(d.clients.faces, method, req, callContext(r));
  // One image of at most INFERENCE_MAX_IMAGE_BYTES; a tenant's client is its API key (plugins/image-upload.ts).
  const upload = d.uploads.route({
    bodyLimit: imageBodyLimit(d.maxImageBytes),
    maxImageBytes: d.maxImageBytes,
    tooLarge: 'IMAGE_TOO_LARGE',
    clientBy: 'api-key',
    images: imagesAt('image'),
  });
  const accepted = <T>(reply: FastifyReply, data: T) => reply.code(202).send({ success: true, data });

  const challengeRoutes: [string, 'registerFace' | 'verifyFace', string, Record<number, string[]>][] = [
    ['/verify/v1/2fa/register', 'registerFace', "Face 2FA: enroll (or re-enroll) a user's face; asynchronous, free", {}],
    [
      '/verify/v1/2fa/verify',
      'verifyFace',
      "Face 2FA: check a face against the user's enrollment; asynchronous, one Verification when decided",
      { 402: ['ALLOWANCE_EXHAUSTED', 'BUDGET_EXCEEDED', 'PAYMENT_REQUIRED'], 404: ['FACE_2FA_NOT_ENROLLED'] },
    ],
  ];
  for (const [path, method, summary, extra] of challengeRoutes) {
    app.post(
      path,
      {
        ...upload,
        schema: {
          tags: ['face-2fa'],
          summary,
          headers: S.apiKeyHeader,
          body: F.faceChallengeBody,
          response: { 202: F.faceChallengeResponse, ...S.bodyErrors(AUTH_ERRORS, IMAGE_ERRORS, { 402: ['PAYMENT_REQUIRED'] }, extra) },
        },
      },
      async (req, reply) => {
        const res = await call(method, { userId: req.body.user_id, image: Buffer.from(req.body.image, 'base64') }, req);
        return accepted(reply, challengeBody(res));
      },
    );
  }

  app.get(
    '/verify/v1/2fa/status/:id',
    {
      schema: {
        tags: ['face-2fa'],
        summary: 'A Face 2FA challenge: processing, passed, failed (with reason) or error',
        headers: S.apiKeyHeader,
        params: F.faceChallengeParams,
        response: { 200: F.faceChallengeResponse, ...S.errors(ONE_ERRORS) },
      },
    },
    async (req) => ({ success: true, data: challengeBody(await call('getFaceChallenge', { id: req.params.id }, req)) }),
  );

  app.delete(
    '/verify/v1/2fa/users/:user_id',
    {
      schema: {
        tags: ['face-2fa'],
        summary: "Delete a user's enrollment and challenges (GDPR); idempotent",
        headers: S.apiKeyHeader,
        params: F.faceUserParams,
        response: { 200: F.faceUserDeletedResponse, ...S.errors(S.mergeErrors(S.PATH_ERRORS, AUTH_ERRORS)) },
      },
    },
    async (req) => {
      const res = await call('deleteFaceUser', { userId: req.params.user_id }, req);
      return { success: true, data: { user_id: res.userId, deleted: res.deleted === true } };
    },
  );

  app.post(
    '/verify/v1/blacklist/session',
    {
      schema: {
        tags: ['blacklist'],
        summary: 'Blacklist the person of a decided session (its server-side selfie, within 24 hours)',
        headers: S.apiKeyHeader,
        body: F.blacklistSessionBody,
        response: { 202: F.blacklistEntryResponse, ...S.bodyErrors(AUTH_ERRORS, { 404: ['TOKEN_NOT_FOUND'], 409: ['BLACKLIST_SELFIE_UNAVAILABLE'] }) },
      },
    },
    async (req, reply) => accepted(reply, entryBody(await call('blacklistSession', { sessionToken: req.body.session_token, reason: req.body.reason }, req))),
  );

  app.post(
    '/verify/v1/blacklist/image',
    {
      ...upload,
      schema: {
        tags: ['blacklist'],
        summary: 'Blacklist the face in an image; asynchronous (status processing, then active or failed)',
        headers: S.apiKeyHeader,
        body: F.blacklistImageBody,
        response: { 202: F.blacklistEntryResponse, ...S.bodyErrors(AUTH_ERRORS, IMAGE_ERRORS) },
      },
    },
    async (req, reply) =>
      accepted(reply, entryBody(await call('blacklistImage', { image: Buffer.from(req.body.image, 'base64'), reason: req.body.reason }, req))),
  );

  app.get(
    '/verify/v1/blacklist',
    {
      schema: {
        tags: ['blacklist'],
        summary: "The account's active entries, newest first (no embeddings)",
        headers: S.apiKeyHeader,
        querystring: F.blacklistQuery,
        response: { 200: F.blacklistListResponse, ...S.errors({ ...AUTH_ERRORS, 400: ['REQUEST_INVALID'] }) },
      },
    },
    async (req) => {
      const q = req.query;
      const res = await call('listBlacklist', compact({ limit: q.limit === undefined ? undefined : Number(q.limit), cursor: q.cursor }), req);
      return { success: true, data: { entries: (res.entries ?? []).map(entryBody), next_cursor: res.nextCursor ?? null } };
    },
  );

  app.get(
    '/verify/v1/blacklist/:id',
    {
      schema: {
        tags: ['blacklist'],
        summary: 'One entry in any status (processing, active, failed)',
        headers: S.apiKeyHeader,
        params: F.blacklistParams,
        response: { 200: F.blacklistEntryResponse, ...S.errors(ONE_ERRORS) },
      },
    },
    async (req) => ({ success: true, data: entryBody(await call('getBlacklistEntry', { id: req.params.id }, req)) }),
  );

  app.delete(
    '/verify/v1/blacklist/:id',
    {
      schema: {
        tags: ['blacklist'],
        summary: 'Remove an entry',
        headers: S.apiKeyHeader,
        params: F.blacklistParams,
        response: { 200: F.blacklistDeletedResponse, ...S.errors(ONE_ERRORS) },
      },
    },
    async (req) => {
      const res = await call('deleteBlacklistEntry', { id: req.params.id }, req);
      return { success: true, data: { id: res.id, deleted: true } };
    },
  );
}
