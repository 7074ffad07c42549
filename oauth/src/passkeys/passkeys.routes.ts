import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { appError, isAppError, unstorableText, unstorableTextRefusal } from '@idgate/protos';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { LoginGuard } from '../accounts/login-guard.ts';
import type { UsersRepository } from '../accounts/users.repository.ts';
import { newSecret, sha256Hex } from '../crypto/secrets.ts';
import { cookie, field, seeOther } from '../web/http-helpers.ts';
import { PORTAL_COOKIE, PortalSessions, sessionCookie } from '../web/portal-session.ts';
import { passkeysScript } from '../web/passkeys.script.ts';
import type { SharedSignIn } from '../web/shared-sign-in.ts';
import type { PasskeyService } from './passkey-service.ts';
import { CHALLENGE_TTL_MS } from './challenge-store.ts';

export interface PasskeyRouteDeps {
  passkeys: PasskeyService;
  provider: () => Provider;
  users: UsersRepository;
  sessions: PortalSessions;
  /** Keeps the provider's and the portal's sessions in step, as after a password sign-in. */
  signIn?: SharedSignIn;
  /** The sign-in forms' throttle: failed passkey sign-ins count per address like failed passwords. */
  guard: LoginGuard;
  /** Path of {auth_url} on this server, e.g. `/auth`. */
  base: string;
  /** Origin of {auth_url}: the only one whose browser requests these endpoints accept. */
  authOrigin: string;
  secureCookies: boolean;
}

/** Cookie that binds a portal sign-in's challenge to this browser. */
const SIGN_IN_COOKIE = 'idg_passkey';
const PORTAL_SESSION_SECONDS = 3600;

/** A WebAuthn credential response as JSON (sizes generous, shapes strict: nothing else reaches the verifier). */
const B64 = { type: 'string', pattern: '^[A-Za-z0-9_-]*={0,2}$' } as const;
const CREDENTIAL = {
  type: 'object',
  required: ['id', 'rawId', 'type', 'response'],
  properties: {
    id: { ...B64, maxLength: 1400 },
    rawId: { ...B64, maxLength: 1400 },
    type: { type: 'string', const: 'public-key' },
    response: {
      type: 'object',
      required: ['clientDataJSON'],
      properties: {
        clientDataJSON: { ...B64, maxLength: 8192 },
        authenticatorData: { ...B64, maxLength: 8192 },
        signature: { ...B64, maxLength: 2048 },
        userHandle: { anyOf: [{ ...B64, maxLength: 1024 }, { type: 'null' }] },
        attestationObject: { ...B64, maxLength: 16384 },
        publicKey: { ...B64, maxLength: 4096 },
        publicKeyAlgorithm: { type: 'integer' },
        transports: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 32 } },
      },
    },
    clientExtensionResults: { type: 'object' },
    authenticatorAttachment: { anyOf: [{ type: 'string', maxLength: 32 }, { type: 'null' }] },
  },
} as const;
const SESSION = { type: 'string', minLength: 1, maxLength: 200 } as const;
// Hidden from /openapi.json like the other screens' endpoints: docs/oauth.md "Passkeys" describes them.
const schemas = {
  portalSignInOptions: { hide: true, body: { type: 'object', additionalProperties: false, properties: {} } },
  portalSignIn: { hide: true, body: { type: 'object', additionalProperties: false, required: ['response'], properties: { response: CREDENTIAL } } },
  consentSignInOptions: { hide: true, body: { type: 'object', additionalProperties: false, required: ['session'], properties: { session: SESSION } } },
  consentSignIn: {
    hide: true,
    body: { type: 'object', additionalProperties: false, required: ['response', 'session'], properties: { response: CREDENTIAL, session: SESSION } },
  },
  registerOptions: { hide: true, body: { type: 'object', additionalProperties: false, properties: {} } },
  register: {
    hide: true,
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['response'],
      properties: { response: CREDENTIAL, name: { type: 'string', maxLength: 200 } },
    },
  },
};
const json = { bodyLimit: 64 * 1024 };

/**
 * The passkey ceremonies under {auth_url} (docs/oauth.md "Passkeys"): JSON endpoints for the
 * pages' script (and any same-origin caller), the script itself, and the portal's remove form.
 * Sign-in challenges are bound to the consent interaction (its cookie and `session`) or, at the
 * portal, to a 2-minute cookie, so an assertion made in one browser or for one purpose is refused
 * anywhere else.
 */
export function passkeyRoutes(app: FastifyInstance, d: PasskeyRouteDeps): void {
  const script = passkeysScript();
  app.get(`${d.base}/passkeys/passkeys.js`, async (_req, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(script),
  );

  app.register(async (scope) => {
    scope.addHook('preValidation', async (req, reply) => {
      reply.header('cache-control', 'no-store');
      // Browsers send Origin on every POST: a page of another site may not drive these.
      const origin = req.headers.origin;
      if (origin && origin !== d.authOrigin) throw appError('REQUEST_INVALID', { message: 'Cross-origin requests are not accepted here.' });
      const issues = unstorableText(req.body, ['body']);
      if (issues.length) throw unstorableTextRefusal(issues);
    });
    ceremonyRoutes(scope, d);
  });

  app.post(`${d.base}/portal/passkeys/remove`, async (req, reply) => {
    const session = await d.sessions.get(cookie(req, PORTAL_COOKIE));
    if (!session || !PortalSessions.csrfOk(session, field(req, 'csrf'))) return seeOther(reply, `${d.base}/portal`);
    const removed = await d.passkeys.remove(session.userId, field(req, 'passkey_id'));
    return seeOther(reply, `${d.base}/portal${removed ? '?notice=passkeyRemoved' : ''}`);
  });
}

function ceremonyRoutes(app: FastifyInstance, d: PasskeyRouteDeps): void {
  /** The signed-in portal user of a JSON request: session cookie plus its CSRF token in X-CSRF-Token. */
  const portalUser = async (req: FastifyRequest) => {
    const session = await d.sessions.get(cookie(req, PORTAL_COOKIE));
    const csrf = req.headers['x-csrf-token'];
    const user = session && typeof csrf === 'string' && PortalSessions.csrfOk(session, csrf) ? await d.users.byId(session.userId) : undefined;
    if (!user) throw appError('PASSKEY_SIGN_IN_REQUIRED');
    return user;
  };

  app.post(`${d.base}/passkeys/register/options`, { schema: schemas.registerOptions, ...json }, async (req) => {
    const user = await portalUser(req);
    return ok(await d.passkeys.registrationOptions({ id: user.id, email: user.email, displayName: user.displayName }));
  });

  app.post(`${d.base}/passkeys/register`, { schema: schemas.register, ...json }, async (req, reply) => {
    const user = await portalUser(req);
    const body = req.body as { response: RegistrationResponseJSON; name?: string };
    reply.code(201);
    return ok(await d.passkeys.register(user.id, body.response, body.name));
  });

  app.get(`${d.base}/passkeys`, async (req) => {
    const session = await d.sessions.get(cookie(req, PORTAL_COOKIE));
    if (!session) throw appError('PASSKEY_SIGN_IN_REQUIRED');
    return ok(await d.passkeys.list(session.userId));
  });

  app.post(`${d.base}/passkeys/login/options`, { schema: schemas.portalSignInOptions, ...json }, async (_req, reply) => {
    const nonce = newSecret('xpk_');
    reply.header('set-cookie', signInCookie(d, nonce, Math.ceil(CHALLENGE_TTL_MS / 1000)));
    return ok(await d.passkeys.authenticationOptions(portalBinding(nonce)));
  });

  app.post(`${d.base}/passkeys/login`, { schema: schemas.portalSignIn, ...json }, async (req, reply) => {
    const { userId } = await throttled(d, req, (req.body as { response: AuthenticationResponseJSON }).response, async () =>
      portalBinding(cookie(req, SIGN_IN_COOKIE) ?? ''),
    );
    await d.signIn?.endProviderSession(req, reply, userId);
    const portal = sessionCookie(await d.sessions.create(userId), { path: d.base, secure: d.secureCookies, maxAgeSeconds: PORTAL_SESSION_SECONDS });
    reply.header('set-cookie', [portal, signInCookie(d, '', 0)]);
    return ok({ redirect_to: `${d.base}/portal` });
  });

  // Under /consent: the browser sends oidc-provider's interaction cookie only below that path.
  app.post(`${d.base}/consent/passkey/options`, { schema: schemas.consentSignInOptions, ...json }, async (req, reply) => {
    const { session } = req.body as { session: string };
    return ok(await d.passkeys.authenticationOptions(await consentBinding(d, req, reply, session)));
  });

  app.post(`${d.base}/consent/passkey`, { schema: schemas.consentSignIn, ...json }, async (req, reply) => {
    const body = req.body as { response: AuthenticationResponseJSON; session: string };
    const { userId } = await throttled(d, req, body.response, () => consentBinding(d, req, reply, body.session));
    // The OIDC interaction continues exactly as after a password sign-in (consent.routes.ts),
    // and the same sign-in opens the portal.
    const ts = Math.floor(Date.now() / 1000);
    if (d.signIn) reply.header('set-cookie', await d.signIn.portalCookieFor(req, userId, ts));
    const redirectTo = await d.provider().interactionResult(req.raw, reply.raw, { login: { accountId: userId, ts } }, { mergeWithLastSubmission: false });
    return ok({ redirect_to: redirectTo });
  });
}

/**
 * A passkey sign-in under the sign-in forms' throttle: refused with 429 while the client address
 * is over its window, and every refusal counts in it like a wrong password.
 */
async function throttled(
  d: PasskeyRouteDeps,
  req: FastifyRequest,
  response: AuthenticationResponseJSON,
  binding: () => Promise<string>,
): Promise<{ userId: string; passkeyId: string }> {
  const retryAfterSeconds = await d.guard.addressRetryAfter(req.ip);
  if (retryAfterSeconds > 0) throw appError('RATE_LIMITED', { details: { retryAfterSeconds } });
  try {
    return await d.passkeys.authenticate(response, await binding());
  } catch (err) {
    if (isAppError(err)) await d.guard.recordAddressFailure(req.ip);
    throw err;
  }
}

/** The consent interaction this browser (its interaction cookie) is in, when it is the one named. */
async function consentBinding(d: PasskeyRouteDeps, req: FastifyRequest, reply: FastifyReply, session: string): Promise<string> {
  const details = await d
    .provider()
    .interactionDetails(req.raw, reply.raw)
    .catch(() => undefined);
  if (!details || details.uid !== session) throw appError('OAUTH_CONSENT_SESSION_NOT_FOUND');
  return `consent:${details.uid}`;
}

function portalBinding(nonce: string): string {
  return nonce ? `portal:${sha256Hex(nonce)}` : 'portal:none';
}

function signInCookie(d: PasskeyRouteDeps, value: string, maxAgeSeconds: number): string {
  return `${SIGN_IN_COOKIE}=${value}; Path=${d.base || '/'}; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${d.secureCookies ? '; Secure' : ''}`;
}

function ok<T>(data: T): { success: true; data: T } {
  return { success: true, data };
}
