import type { FastifyInstance } from 'fastify';
import { callUnary, type CoreClients, type core } from '@idgate/protos';
import type { KeyValueStore } from '@idgate/platform/kv';
import { rateLimit } from '../plugins/rate-limit.ts';
import * as S from '../schemas/verify.schemas.ts';
import type { SchemaRequestTypeProvider, SchemaTypeProvider } from '../schemas/json-schema.ts';
import { absentBodyAsEmptyObject, callContext, compact } from './context.ts';

const AUTH_ERRORS = {
  401: ['AUTH_REQUIRED', 'AUTH_INVALID_KEY', 'AUTH_BEARER_NOT_ACCEPTED'],
  403: ['AUTH_SECRET_KEY_REQUIRED', 'AUTH_SCOPE_MISSING'],
  429: ['RATE_LIMITED'],
  503: ['UPSTREAM_UNAVAILABLE'],
};

/** Tenant-server endpoints of spec §4.1. Handlers: decode → one gRPC call → encode. */
export function verifyRoutes(
  fastify: FastifyInstance,
  d: { core: CoreClients; kv: KeyValueStore; now?: () => number; limits: { init: number; tokenVerify: number } },
): void {
  const app = fastify.withTypeProvider<SchemaRequestTypeProvider>();
  // Routes whose reply is checked against the response schema as well (see SchemaRequestTypeProvider for why not all).
  const checked = fastify.withTypeProvider<SchemaTypeProvider>();
  app.post(
    '/verify/v1/init',
    {
      preHandler: rateLimit(d.kv, { name: 'init', perMinute: d.limits.init, by: 'api-key' }, d.now),
      schema: {
        tags: ['verify'],
        summary: 'Create a verification session',
        headers: S.apiKeyHeader,
        body: S.initBody,
        response: {
          200: S.initResponse,
          ...S.bodyErrors({
            400: ['INVALID_VERIFICATION_MODE', 'EXPECTED_REQUIRES_DOCUMENT', 'INVALID_CALLBACK_URL', 'INVALID_MIN_AGE'],
            402: ['ALLOWANCE_EXHAUSTED', 'BUDGET_EXCEEDED', 'PAYMENT_REQUIRED'],
            ...AUTH_ERRORS,
          }),
        },
      },
    },
    async (req) => {
      const b = req.body;
      const request: core.InitRequestIn = compact({
        callbackUrl: b.callback_url,
        minAge: b.min_age,
        verificationMode: b.verification_mode,
        purpose: b.purpose,
        mismatchPolicy: b.mismatch_policy,
        userId: b.user_id,
        theme: b.theme,
        locale: b.locale,
        expected: b.expected
          ? compact({
              firstName: b.expected.first_name,
              lastName: b.expected.last_name,
              dateOfBirth: b.expected.date_of_birth,
              documentNumber: b.expected.document_number,
              nationality: b.expected.nationality,
            })
          : undefined,
      });
      const res = await d.core.verify('init', request, callContext(req));
      return { success: true, data: { token: res.token, verify_url: res.verifyUrl, expires_at: res.expiresAt } };
    },
  );

  app.get(
    '/verify/v1/result/:token',
    {
      schema: {
        tags: ['verify'],
        summary:
          'Read the result record by result token (xtk_; secret key; consumes the token once final) or by init token (xit_; a look-up that never consumes)',
        headers: S.apiKeyHeader,
        params: S.tokenParams,
        response: {
          200: S.resultResponse,
          ...S.errors(S.mergeErrors(S.PATH_ERRORS, { 404: ['TOKEN_NOT_FOUND'], 410: ['RESULT_TOKEN_CONSUMED', 'RESULT_TOKEN_EXPIRED'], ...AUTH_ERRORS })),
        },
      },
    },
    async (req, reply) => {
      const res = await d.core.verify('getResult', { token: req.params.token }, callContext(req));
      // The record is core's serialised bytes: sent as they are, so they equal the webhook's data.
      return reply.type('application/json; charset=utf-8').send(`{"success":true,"data":${res.recordJson}}`);
    },
  );

  app.get(
    '/verify/v1/status/:token',
    {
      schema: {
        tags: ['verify'],
        summary:
          'Session status by result token or init token (secret, restricted verify:status or public key; never consumes; a result token consumed by the result endpoint, or expired, is 410; an init token answers while the session exists)',
        headers: S.apiKeyHeader,
        params: S.tokenParams,
        response: {
          200: S.statusResponse,
          ...S.errors(S.mergeErrors(S.PATH_ERRORS, { 404: ['TOKEN_NOT_FOUND'], 410: ['RESULT_TOKEN_CONSUMED', 'RESULT_TOKEN_EXPIRED'], ...AUTH_ERRORS })),
        },
      },
    },
    async (req) => statusBody(await d.core.verify('getStatus', { token: req.params.token }, callContext(req))),
  );

  app.post(
    '/verify/v1/cancel/:token',
    {
      preValidation: absentBodyAsEmptyObject,
      schema: {
        tags: ['verify'],
        summary:
          'Cancel a session that is not final, by init or result token (secret key; emits session.canceled once; canceling a canceled session answers its status again)',
        headers: S.apiKeyHeader,
        params: S.tokenParams,
        body: S.noBody,
        response: {
          200: S.statusResponse,
          ...S.bodyErrors(S.PATH_ERRORS, { 404: ['TOKEN_NOT_FOUND'], 409: ['SESSION_ALREADY_FINAL', 'SESSION_STATE_CONFLICT'], ...AUTH_ERRORS }),
        },
      },
    },
    async (req) => statusBody(await callUnary(d.core.verification, 'cancel', { token: req.params.token }, callContext(req))),
  );

  checked.post(
    '/verify/v1/verification-tokens/verify',
    {
      preHandler: rateLimit(d.kv, { name: 'token-verify', perMinute: d.limits.tokenVerify, by: 'api-key' }, d.now),
      schema: {
        tags: ['verify'],
        summary: 'Verify a result token without consuming it (one billable Check per call unless Idempotency-Key repeats)',
        headers: {
          type: 'object',
          properties: {
            'x-api-key': { type: 'string' },
            'idempotency-key': { type: 'string', description: '1 to 255 printable ASCII characters; anything else is IDEMPOTENCY_KEY_INVALID' },
          },
        },
        body: S.verifyTokenBody,
        response: { 200: S.verifyTokenResponse, ...S.bodyErrors({ 400: ['IDEMPOTENCY_KEY_INVALID'], ...AUTH_ERRORS }) },
      },
    },
    async (req) => {
      const key = req.headers['idempotency-key'];
      const res = await d.core.verify(
        'verifyToken',
        compact({ token: req.body.token, idempotencyKey: typeof key === 'string' ? key : undefined }),
        callContext(req),
      );
      // `as const`: the reply type is inferred with the schema, and a bare `true` would widen to boolean there.
      return {
        success: true as const,
        data: compact({
          valid: res.valid ?? false,
          status: res.status,
          verified: res.verified,
          age_gate: res.ageGate,
          expires_at: res.expiresAt,
          billed: res.billed ?? false,
        }),
      };
    },
  );
}

/** The status envelope of GET /status and POST /cancel. */
function statusBody(res: core.StatusResponse) {
  return { success: true, data: { status: res.status, terminal: res.terminal ?? false, updated_at: res.updatedAt, step: res.step } };
}
