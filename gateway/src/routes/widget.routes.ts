import type { FastifyInstance } from 'fastify';
import { callUnary, hasServiceIdHint, hasWalletHint, type CoreClients, type core } from '@idgate/protos';
import { framesBodyLimit } from '@idgate/platform';
import type { KeyValueStore } from '@idgate/platform/kv';
import { imagesAt, type ImageUploads } from '../plugins/image-upload.ts';
import { rateLimit } from '../plugins/rate-limit.ts';
import * as S from '../schemas/verify.schemas.ts';
import type { SchemaRequestTypeProvider } from '../schemas/json-schema.ts';
import { absentBodyAsEmptyObject, callContext, compact } from './context.ts';

// Every route on a widget session answers SESSION_EXPIRED for a session past its time to live.
const SESSION_ERRORS = { 401: ['WIDGET_SESSION_INVALID'], 409: ['SESSION_STATE_CONFLICT'], 410: ['SESSION_EXPIRED'], 429: ['RATE_LIMITED'] };

/**
 * Widget-facing endpoints (spec §4.1 leaves paths and shapes to us; docs/widget.md "Widget API").
 * The browser holds no API secret: the init token starts a widget session, whose xws_ token
 * (header X-Widget-Session) authorises the rest. Limited per client address.
 */
/** The widget state envelope (shared with the document route). */
export const widgetStateBody = (s: core.WidgetState) => ({
  success: true,
  data: compact({
    session_status: s.sessionStatus,
    step: s.step,
    path: s.path,
    widget_session: s.widgetSession,
    nonce: s.nonce,
    nonce_expires_at: s.nonceExpiresAt,
    min_age: s.minAge,
    device_age_gate: s.deviceAgeGate,
    purpose: s.purpose,
    verification_mode: s.verificationMode,
    theme: s.theme,
    locale: s.locale,
    redirect_url: s.redirectUrl,
    document_path_available: s.documentPathAvailable ?? false,
    reason: s.reason,
    accepted_model_hashes: s.acceptedModelHashes?.length ? s.acceptedModelHashes : undefined,
    expires_at: s.expiresAt,
    service_account_offer: s.serviceAccountOffer,
    bracket_method: s.bracketMethod,
    service_id_step_up: s.serviceIdStepUp,
    server_side_checks: s.serverSideChecks,
    retake_reason: s.retakeReason,
    retake_attempts_left: s.retakeAttemptsLeft,
    document_side_missing: s.documentSideMissing,
    wallet_offered: s.walletOffered,
  }),
});

export function widgetRoutes(
  fastify: FastifyInstance,
  d: { core: CoreClients; kv: KeyValueStore; now?: () => number; perMinute: number; uploads: ImageUploads; maxFrameBytes: number },
): void {
  const app = fastify.withTypeProvider<SchemaRequestTypeProvider>();
  const limit = rateLimit(d.kv, { name: 'widget', perMinute: d.perMinute, by: 'client-ip' }, d.now);
  const state = widgetStateBody;

  app.post(
    '/verify/v1/widget/sessions',
    {
      preHandler: limit,
      schema: {
        tags: ['widget'],
        summary: 'Start the widget session from the init token (single use)',
        body: S.widgetStartBody,
        response: {
          200: S.widgetState,
          ...S.bodyErrors({
            404: ['TOKEN_NOT_FOUND'],
            410: ['INIT_TOKEN_USED', 'INIT_TOKEN_EXPIRED', 'SESSION_EXPIRED', 'SESSION_CANCELED'],
            429: ['RATE_LIMITED'],
          }),
        },
      },
    },
    async (req) => {
      const hints = compact({
        // The embedder or widget says a wallet is available, or this browser passed with one before (first-party hint).
        walletAvailable: req.body.wallet === true || req.body.wallet_available === true || hasWalletHint(req.headers.cookie) || undefined,
        serviceIdHint: req.body.service_id === true || hasServiceIdHint(req.headers.cookie) || undefined,
      });
      return state(await callUnary(d.core.widget, 'start', { initToken: req.body.token, ...hints }, callContext(req)));
    },
  );

  app.get(
    '/verify/v1/widget/session',
    {
      preHandler: limit,
      schema: {
        tags: ['widget'],
        summary: 'Current widget state (issues a fresh device nonce when needed, or on renew_nonce=true: a reload or hand-off lost it)',
        headers: S.widgetSessionHeader,
        querystring: S.renewNonceQuery,
        response: { 200: S.widgetState, ...S.errors(SESSION_ERRORS) },
      },
    },
    async (req) => state(await callUnary(d.core.widget, 'getProgress', { renewNonce: req.query.renew_nonce === 'true' }, callContext(req))),
  );

  app.post(
    '/verify/v1/widget/session/device-verdict',
    {
      preHandler: limit,
      schema: {
        tags: ['widget'],
        summary: 'Report the on-device (path A) verdict with its evidence, bound to the nonce',
        headers: S.widgetSessionHeader,
        body: S.deviceVerdictBody,
        response: {
          200: S.widgetState,
          ...S.bodyErrors({
            ...SESSION_ERRORS,
            409: ['SESSION_STATE_CONFLICT', 'SERVER_SIDE_CHECKS_REQUIRED'],
            422: ['DEVICE_NONCE_INVALID', 'DEVICE_EVIDENCE_REJECTED'],
          }),
        },
      },
    },
    async (req) => {
      const b = req.body;
      const request: core.DeviceVerdictRequestIn = {
        nonce: b.nonce,
        livenessPassed: b.liveness_passed,
        ageVerdict: b.age_verdict,
        ageGate: b.age_gate,
        modelHashes: b.model_hashes,
        frames: b.frames.map((f) => ({
          livenessScore: f.liveness_score,
          ageEstimate: f.age_estimate,
          ageLow: f.age_low,
          ageHigh: f.age_high,
          ageLowFloor: f.age_low_floor,
          ageLowCeiling: f.age_low_ceiling,
          durationMs: f.duration_ms,
          frameHash: f.frame_hash,
        })),
        chainHash: b.chain_hash,
        captureStartedMs: String(b.capture_started_ms),
        captureFinishedMs: String(b.capture_finished_ms),
      };
      return state(await callUnary(d.core.widget, 'submitDeviceVerdict', request, callContext(req)));
    },
  );

  // Frames are base64 in JSON (at most 8), each at most FACE_FRAME_MAX_BYTES: the body limit is sized for them
  // alone, and the request is admitted by the in-flight budgets before its body is read (plugins/image-upload.ts).
  const frames = d.uploads.route(
    {
      bodyLimit: framesBodyLimit(d.maxFrameBytes),
      maxImageBytes: d.maxFrameBytes,
      tooLarge: 'IMAGE_TOO_LARGE',
      clientBy: 'client-ip',
      images: imagesAt('frames'),
    },
    [limit],
  );
  app.post(
    '/verify/v1/widget/session/frames',
    {
      ...frames,
      schema: {
        tags: ['widget'],
        summary:
          'Camera frames (1-8, base64 JPEG/PNG/WebP): path A checks on the server at step face_capture, the document path liveness at step liveness_required; processed in memory and dropped',
        headers: S.widgetSessionHeader,
        body: S.framesBody,
        response: {
          200: S.widgetState,
          ...S.bodyErrors({
            ...SESSION_ERRORS,
            400: ['IMAGE_EMPTY'],
            413: ['IMAGE_TOO_LARGE'],
            422: ['IMAGE_UNDECODABLE', 'IMAGE_ANIMATED', 'FACE_NOT_FOUND', 'FACE_MULTIPLE', 'FACE_QUALITY_LOW'],
            429: ['RATE_LIMITED', 'UPLOADS_IN_FLIGHT'],
            501: ['FEATURE_NOT_AVAILABLE'],
            503: ['INFERENCE_BUSY', 'UPLOADS_BUSY', 'UPSTREAM_UNAVAILABLE'],
            504: ['INFERENCE_TIMEOUT'],
          }),
        },
      },
    },
    async (req) => {
      const frames = req.body.frames.map((f) => Buffer.from(f, 'base64'));
      return state(await callUnary(d.core.widget, 'submitFrames', { frames }, callContext(req)));
    },
  );

  app.post(
    '/verify/v1/widget/session/handoff',
    {
      preValidation: absentBodyAsEmptyObject,
      preHandler: limit,
      schema: {
        tags: ['widget'],
        summary: 'A short-lived, single-use hand-off token for continuing this session on another device (QR code)',
        headers: S.widgetSessionHeader,
        body: S.noBody,
        response: { 200: S.handoffToken, ...S.bodyErrors(SESSION_ERRORS) },
      },
    },
    async (req) => {
      const t = await callUnary(d.core.widget, 'createHandoff', {}, callContext(req));
      return { success: true, data: { handoff_token: t.handoffToken, expires_at: t.expiresAt } };
    },
  );

  app.post(
    '/verify/v1/widget/handoff',
    {
      preHandler: limit,
      schema: {
        tags: ['widget'],
        summary: "Exchange a hand-off token once for this device's own widget session (the other device keeps its own)",
        body: S.handoffExchangeBody,
        response: { 200: S.widgetState, ...S.bodyErrors({ 410: ['HANDOFF_TOKEN_INVALID', 'SESSION_EXPIRED'], 429: ['RATE_LIMITED'] }) },
      },
    },
    async (req) => state(await callUnary(d.core.widget, 'exchangeHandoff', { handoffToken: req.body.token }, callContext(req))),
  );

  app.post(
    '/verify/v1/widget/session/cancel',
    {
      preValidation: absentBodyAsEmptyObject,
      preHandler: limit,
      schema: {
        tags: ['widget'],
        summary: 'Cancel the session (the user left); redirect_url carries status=canceled',
        headers: S.widgetSessionHeader,
        body: S.noBody,
        response: { 200: S.widgetState, ...S.bodyErrors(SESSION_ERRORS) },
      },
    },
    async (req) => state(await callUnary(d.core.widget, 'cancel', {}, callContext(req))),
  );
}
