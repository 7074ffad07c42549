import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appError, callUnary, isProofMethod, serviceIdHintCookie, type CoreClients, type DecisionClients } from '@idgate/protos';
import type { KeyValueStore } from '@idgate/platform/kv';
import type { AgeOfferSource, AuthenticationResponseJSON, OAuthHandle } from '@idgate/oauth';
import { rateLimit } from '../plugins/rate-limit.ts';
import * as S from '../schemas/verify.schemas.ts';
import type { SchemaRequestTypeProvider } from '../schemas/json-schema.ts';
import { absentBodyAsEmptyObject, callContext } from './context.ts';
import { widgetStateBody } from './widget.routes.ts';

/** An age proof of a service ID as it crosses to core: bracket, method and dates, nothing else. */
export interface AgeProofWire {
  method: string;
  bracket: number;
  /** Absent for a facial estimate and once 25 is met. */
  nextChangeAt?: string;
  verifiedAt: string;
}

/**
 * What path D needs from the OpenID Connect provider's accounts (package oauth): passkey options
 * bound to one widget session, and the age proofs of the account whose passkey signed them. The
 * account id stays on that side: core gets only the proofs.
 */
export interface ServiceIdSignIn {
  options(binding: string): Promise<Record<string, unknown>>;
  /** Throws a catalogue error (4xx) for an assertion that is unknown, forged, replayed or bound elsewhere. */
  proofs(assertion: Record<string, unknown>, binding: string): Promise<AgeProofWire[]>;
}

const SESSION_ERRORS = { 401: ['WIDGET_SESSION_INVALID'], 409: ['SESSION_STATE_CONFLICT'], 410: ['SESSION_EXPIRED'], 429: ['RATE_LIMITED'] };

/**
 * The passkey binds to the widget session that asked for its challenge: an assertion made for one
 * session can pass no other, and only once (the challenge is single use).
 */
function bindingOf(req: FastifyRequest): string {
  const token = callContext(req).widgetSession;
  if (!token) throw appError('WIDGET_SESSION_INVALID');
  return `widget:${createHash('sha256').update(token).digest('hex')}`;
}

/**
 * Path D on the widget (docs/widget.md "Service ID (path D)"): passkey options for this widget
 * session, the assertion (the session passes at once with verification_type `token` when the saved
 * age meets it, else `service_id_step_up` says why and the session goes on), or "another way".
 */
export function serviceIdRoutes(
  fastify: FastifyInstance,
  d: { core: CoreClients; kv: KeyValueStore; now?: () => number; perMinute: number; signIn: () => ServiceIdSignIn | undefined; secureCookies: boolean },
): void {
  const app = fastify.withTypeProvider<SchemaRequestTypeProvider>();
  const limit = rateLimit(d.kv, { name: 'widget', perMinute: d.perMinute, by: 'client-ip' }, d.now);
  const signIn = () => {
    const s = d.signIn();
    if (!s) throw appError('FEATURE_NOT_AVAILABLE', { message: 'Service IDs need the OpenID Connect provider, which this gateway does not mount.' });
    return s;
  };

  app.post(
    '/verify/v1/widget/session/service-id/options',
    {
      preValidation: absentBodyAsEmptyObject,
      preHandler: limit,
      schema: {
        tags: ['widget'],
        summary: 'WebAuthn options to sign in with the passkey of a service ID (path D), bound to this widget session',
        headers: S.widgetSessionHeader,
        body: S.noBody,
        response: { 200: S.passkeyOptions, ...S.bodyErrors({ ...SESSION_ERRORS, 501: ['FEATURE_NOT_AVAILABLE'] }) },
      },
    },
    async (req) => {
      const binding = bindingOf(req);
      // The session must be live and waiting: no challenge for a decided or expired one.
      const progress = await callUnary(d.core.widget, 'getProgress', {}, callContext(req));
      if (progress.sessionStatus !== 'in_progress') throw appError('SESSION_STATE_CONFLICT', { message: 'This session is not waiting for a verification.' });
      return { success: true, data: await signIn().options(binding) };
    },
  );

  app.post(
    '/verify/v1/widget/session/service-id/assertion',
    {
      preHandler: limit,
      schema: {
        tags: ['widget'],
        summary: "The passkey's assertion: the session passes with the service ID's saved age, or service_id_step_up says why not",
        headers: S.widgetSessionHeader,
        body: S.passkeyAssertionBody,
        response: {
          200: S.widgetState,
          ...S.bodyErrors({
            ...SESSION_ERRORS,
            400: ['PASSKEY_CHALLENGE_INVALID'],
            401: ['WIDGET_SESSION_INVALID', 'PASSKEY_INVALID'],
            501: ['FEATURE_NOT_AVAILABLE'],
          }),
        },
      },
    },
    async (req, reply) => {
      const proofs = await signIn().proofs(req.body.credential, bindingOf(req));
      const state = await callUnary(d.core.widget, 'resolveServiceId', { proofs, declined: false }, callContext(req));
      // This browser holds a service ID: offer the passkey first next time (no identifier in it).
      void reply.header('set-cookie', serviceIdHintCookie({ secure: d.secureCookies }));
      return widgetStateBody(state);
    },
  );

  app.post(
    '/verify/v1/widget/session/service-id/decline',
    {
      preValidation: absentBodyAsEmptyObject,
      preHandler: limit,
      schema: {
        tags: ['widget'],
        summary: 'Verify another way: from the service-ID step the session moves to the path the rules pick without one',
        headers: S.widgetSessionHeader,
        body: S.noBody,
        response: { 200: S.widgetState, ...S.bodyErrors(SESSION_ERRORS) },
      },
    },
    async (req) => widgetStateBody(await callUnary(d.core.widget, 'resolveServiceId', { proofs: [], declined: true }, callContext(req))),
  );
}

/** The provider's save page asks core what a passed session offers (ServiceIdService.BracketForSession). */
export function ageOffersFrom(clients: DecisionClients): AgeOfferSource {
  return {
    async offer(resultToken, claim) {
      const r = await callUnary(clients.serviceIds, 'bracketForSession', { resultToken, claim });
      const method = r.method ?? '';
      if (!r.bracket || !isProofMethod(method)) throw appError('SESSION_STATE_CONFLICT', { message: 'This session offers no age to save.' });
      return {
        proof: { method, bracket: r.bracket, nextChangeAt: r.nextChangeAt ? new Date(r.nextChangeAt) : null, verifiedAt: new Date(r.verifiedAt ?? '') },
        redirectUrl: r.redirectUrl ?? undefined,
      };
    },
  };
}

/**
 * Path D's sign-in through the provider's passkeys: the assertion names the account, whose age
 * proofs (and nothing else) go on to core.
 */
export function passkeySignIn(oauth: Pick<OAuthHandle, 'passkeys' | 'users'>): ServiceIdSignIn {
  return {
    options: async (binding) => ({ ...(await oauth.passkeys.authenticationOptions(binding)) }),
    async proofs(assertion, binding) {
      const { userId } = await oauth.passkeys.authenticate(assertion as unknown as AuthenticationResponseJSON, binding);
      const user = await oauth.users.byId(userId);
      return (user?.ageProofs ?? []).map((p) => ({
        method: p.method,
        bracket: p.bracket,
        nextChangeAt: p.nextChangeAt?.toISOString(),
        verifiedAt: p.verifiedAt.toISOString(),
      }));
    },
  };
}
