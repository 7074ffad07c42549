import type { IncomingMessage } from 'node:http';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { CLAIMS_SUPPORTED } from './claims.ts';
import { SCOPES } from '../settings.ts';
import { publicJwk, type SigningJwk } from '../keys/signing-keys.ts';
import type { AccessTokenJwt } from './access-token-jwt.ts';
import { looksLikeJwt } from './access-token-jwt.ts';
import type { AuthFailureGuard } from './auth-failure-guard.ts';
import { revokeByPossession } from './revoke-by-possession.ts';

type Ctx = KoaContextWithOIDC & { req: KoaContextWithOIDC['req'] & { body?: string }; state: { form?: URLSearchParams } };
type Next = () => Promise<void>;

const AUTHORIZE_PATH = '/oauth/authorize';
const REVOKE_PATH = '/oauth/revoke';
const CLIENT_AUTH_PATHS = new Set(['/oauth/token', '/oauth/introspect', REVOKE_PATH]);
const TOKEN_PARAM_PATHS = new Set(['/oauth/introspect', REVOKE_PATH]);
const FORM = 'application/x-www-form-urlencoded';
/** oidc-provider's own limit on form bodies. */
const BODY_LIMIT = 56 * 1024;
/** An authorization request by POST becomes a URL: keep it well inside header limits. */
const AUTHORIZE_BODY_LIMIT = 8 * 1024;

/** Discovery values fixed by spec §4.2 (oidc-provider would list more methods and claims). */
const DISCOVERY_OVERRIDES = {
  scopes_supported: [...SCOPES],
  response_types_supported: ['code'],
  grant_types_supported: ['authorization_code', 'refresh_token'],
  token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
  introspection_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
  revocation_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
  subject_types_supported: ['public'],
  id_token_signing_alg_values_supported: ['RS256'],
  code_challenge_methods_supported: ['S256'],
  claims_supported: CLAIMS_SUPPORTED,
};

export interface MiddlewareDeps {
  guard: AuthFailureGuard;
  atJwt: AccessTokenJwt;
  published: SigningJwk[];
  /** {base_url}: the realm of WWW-Authenticate and the target of POST authorization requests. */
  issuer: string;
  /** `{auth_url}/consent`: where a successful authorization request sends the browser. */
  consentUrl: string;
}

/** Koa middleware around oidc-provider's routes, each step one rule (STYLE 2.5). */
export function installMiddleware(provider: Provider, d: MiddlewareDeps): void {
  provider.use(async function authorizeByPost(ctx: Ctx, next: Next) {
    if (ctx.method !== 'POST' || ctx.path !== AUTHORIZE_PATH) return next();
    await redirectPostedAuthorization(ctx, d.issuer);
  });
  provider.use(async function noStoreAtClientEndpoints(ctx: Ctx, next: Next) {
    if (!CLIENT_AUTH_PATHS.has(ctx.path)) return next();
    // Before (answers given here) and after (errors oidc-provider rendered) the route.
    noStore(ctx);
    try {
      await next();
    } finally {
      noStore(ctx);
    }
  });
  provider.use(async function readClientForm(ctx: Ctx, next: Next) {
    if (ctx.method === 'POST' && CLIENT_AUTH_PATHS.has(ctx.path) && ctx.is(FORM)) {
      const body = await readBody(ctx.req, ctx.request.length, BODY_LIMIT);
      if (body === undefined) return oauthError(ctx, 400, 'invalid_request', 'the request body is too large');
      ctx.state.form = new URLSearchParams(body);
      ctx.req.body = body; // oidc-provider parses it from here (the stream is read)
    }
    await next();
  });
  // Before the lockout: a revocation without client credentials authenticates nothing.
  provider.use(async function revokeWithoutClientAuth(ctx: Ctx, next: Next) {
    if (ctx.method !== 'POST' || ctx.path !== REVOKE_PATH || presentedClientAuth(ctx)) return next();
    await revokeUnauthenticated(ctx, provider, d.atJwt);
  });
  provider.use(async function refuseLockedOut(ctx: Ctx, next: Next) {
    if (ctx.method === 'POST' && CLIENT_AUTH_PATHS.has(ctx.path) && (await d.guard.blocked(ctx.ip, presentedClientId(ctx)))) {
      ctx.set('retry-after', String(d.guard.retryAfterSeconds()));
      return oauthError(ctx, 429, 'temporarily_unavailable', 'too many failed client authentications; retry later');
    }
    await next();
  });
  provider.use(async function unwrapPresentedJwt(ctx: Ctx, next: Next) {
    const form = ctx.state.form;
    if (form && TOKEN_PARAM_PATHS.has(ctx.path)) {
      await rewriteTokenParam(form, d.atJwt);
      ctx.req.body = form.toString();
    }
    await next();
  });
  provider.use(async function explainMissingOpenIdScope(ctx: Ctx, next: Next) {
    await next();
    if (ctx.oidc?.route === 'authorization' && ctx.status >= 300 && ctx.status < 400) {
      const location = withOpenIdScopeError(ctx.response.get('location'));
      if (location) ctx.redirect(location);
    }
  });
  provider.use(async function shapeResponses(ctx: Ctx, next: Next) {
    await next();
    const route = ctx.oidc?.route;
    if (route === 'discovery' && ctx.status === 200) Object.assign(ctx.body as object, DISCOVERY_OVERRIDES);
    if (route === 'jwks' && ctx.status === 200) {
      ctx.body = { keys: d.published.map(publicJwk) };
      ctx.set('cache-control', 'public, max-age=3600'); // spec §8: JWKS cached for 1 hour
    }
    if (route === 'revocation' && ctx.status === 200) ctx.body = { status: 'ok' }; // spec §4.2
    if (route === 'introspection' && ctx.status === 200) nameRefreshTokenType(ctx);
    // Spec §4.2: "On success the service answers 302 to the consent screen" (oidc-provider: 303).
    if (route === 'authorization' && ctx.method === 'GET' && ctx.status === 303 && ctx.response.get('location').startsWith(`${d.consentUrl}?`))
      ctx.status = 302;
    if (ctx.status === 429) ctx.set('retry-after', String(d.guard.retryAfterSeconds()));
    if (!CLIENT_AUTH_PATHS.has(ctx.path) || ctx.method !== 'POST') return;
    if (ctx.status === 400 && !presentedClientAuth(ctx)) missingClientAuth(ctx);
    if (ctx.status === 401 && (ctx.body as { error?: string } | undefined)?.error === 'invalid_client') {
      // RFC 6749 §5.2: 401 invalid_client carries WWW-Authenticate (oidc-provider sets it for Basic only).
      if (!ctx.response.get('www-authenticate')) ctx.set('www-authenticate', `Basic realm="${d.issuer}"`);
      await d.guard.recordFailure(ctx.ip, presentedClientId(ctx));
    }
  });
}

/**
 * OpenID Connect Core 3.1.2.1: the authorization endpoint takes POST (form-encoded) as well as
 * GET (conformance OIDCCEnsurePostRequestSucceeds). The request is answered with 303 to the
 * same request as GET: the browser then sends the provider's SameSite=Lax session cookie (a
 * cross-site POST would not carry it, and a signed-in user would have to sign in again), and
 * oidc-provider validates it like any other authorization request.
 */
async function redirectPostedAuthorization(ctx: Ctx, issuer: string): Promise<void> {
  if (!ctx.is(FORM)) return oauthError(ctx, 400, 'invalid_request', `only ${FORM} bodies are supported on POST ${AUTHORIZE_PATH}`);
  const body = await readBody(ctx.req, ctx.request.length, AUTHORIZE_BODY_LIMIT);
  if (body === undefined) return oauthError(ctx, 400, 'invalid_request', 'the authorization request is too large');
  const query = new URLSearchParams(body).toString();
  ctx.set('cache-control', 'no-store');
  ctx.status = 303;
  ctx.redirect(`${issuer}${AUTHORIZE_PATH}${query ? `?${query}` : ''}`);
}

/** POST /oauth/revoke without client credentials: possession of the token is enough (revoke-by-possession.ts). */
async function revokeUnauthenticated(ctx: Ctx, provider: Provider, atJwt: AccessTokenJwt): Promise<void> {
  if (!ctx.state.form && ctx.get('content-type'))
    return oauthError(ctx, 400, 'invalid_request', `only ${FORM} content-type bodies are supported on POST ${REVOKE_PATH}`);
  const form = ctx.state.form ?? new URLSearchParams();
  const tokens = form.getAll('token');
  if (tokens.length > 1) return oauthError(ctx, 400, 'invalid_request', "'token' parameter must not be provided twice");
  if (!tokens[0]) return oauthError(ctx, 400, 'invalid_request', "missing required parameter 'token'");
  const value = looksLikeJwt(tokens[0]) ? await atJwt.jtiOf(tokens[0]) : tokens[0];
  if (value) await revokeByPossession(provider, value, form.get('token_type_hint'), form.get('client_id') ?? undefined);
  ctx.status = 200;
  ctx.body = { status: 'ok' };
}

/**
 * /introspect and /revoke refuse JWTs outright (oidc-provider's rejectStructuredTokens); our
 * access-token JWTs are verified here and replaced by the id of the stored token, and a JWT
 * that fails verification by a value that matches nothing (→ `active: false` / 200).
 */
async function rewriteTokenParam(form: URLSearchParams, atJwt: AccessTokenJwt): Promise<void> {
  const tokens = form.getAll('token');
  if (tokens.length === 1 && looksLikeJwt(tokens[0])) form.set('token', (await atJwt.jtiOf(tokens[0])) ?? 'invalid-access-token');
}

/**
 * An authorization request without `openid` fails in oidc-provider with "openid scope must be
 * requested for clients with require_auth_time": true (every ID token carries auth_time), but it
 * names client metadata the relying party never set. Spec §4.2's token response always holds an
 * ID token, so `openid` is required: the redirect says so, as `invalid_scope` (RFC 6749 §4.1.2.1).
 * Returns the rewritten redirect, or undefined when the redirect is another answer.
 */
export function withOpenIdScopeError(location: string): string | undefined {
  if (!location) return undefined;
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    return undefined;
  }
  if (!url.searchParams.get('error_description')?.startsWith('openid scope must be requested for clients with')) return undefined;
  url.searchParams.set('error', 'invalid_scope');
  url.searchParams.set('error_description', 'the openid scope is required: every authorization here is an OpenID Connect sign-in');
  return url.toString();
}

/** Spec §4.2: an active token's introspection names its type; oidc-provider gives none for refresh tokens. */
function nameRefreshTokenType(ctx: Ctx): void {
  const body = ctx.body as { active?: boolean; token_type?: string } | undefined;
  if (body?.active === true && body.token_type === undefined && (ctx.oidc.entities as { RefreshToken?: unknown }).RefreshToken)
    body.token_type = 'refresh_token';
}

/** The request body as text, or undefined past `limit` bytes (the rest is left unread). */
async function readBody(req: IncomingMessage, length: number | undefined, limit: number): Promise<string | undefined> {
  if (length !== undefined && length > limit) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req.iterator({ destroyOnReturn: false })) {
    size += (chunk as Buffer).length;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** RFC 6749 §5.1, RFC 7009, RFC 7662: token, revocation and introspection answers are never cached. */
function noStore(ctx: Ctx): void {
  ctx.set('cache-control', 'no-store');
  if (ctx.path === '/oauth/token') ctx.set('pragma', 'no-cache');
}

function oauthError(ctx: Ctx, status: number, error: string, description: string): void {
  ctx.status = status;
  ctx.body = { error, error_description: description };
}

/** The client id a request names (body `client_id`, else the user of HTTP Basic), authenticated or not. */
function presentedClientId(ctx: Ctx): string | undefined {
  const fromBody = ctx.state.form?.get('client_id');
  if (fromBody) return fromBody;
  const basic = /^basic\s+(.+)$/i.exec(ctx.get('authorization'))?.[1];
  if (!basic) return undefined;
  const user = Buffer.from(basic, 'base64').toString('utf8').split(':')[0];
  try {
    return user ? decodeURIComponent(user) : undefined;
  } catch {
    return user;
  }
}

/** Whether the request carries client credentials (HTTP Basic or a client_secret); a client_id alone is none. */
function presentedClientAuth(ctx: Ctx): boolean {
  return Boolean(ctx.get('authorization')) || Boolean(ctx.state.form?.get('client_secret'));
}

/** RFC 7662 §2.1 / RFC 6749 §5.2: a request without client authentication is 401 invalid_client (C-INT-1). */
function missingClientAuth(ctx: Ctx): void {
  ctx.status = 401;
  ctx.body = { error: 'invalid_client', error_description: 'client authentication is required (client_secret_basic or client_secret_post)' };
}
