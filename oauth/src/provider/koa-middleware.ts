import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { CLAIMS_SUPPORTED } from './claims.ts';
import { SCOPES } from '../settings.ts';
import { publicJwk, type SigningJwk } from '../keys/signing-keys.ts';
import type { AccessTokenJwt } from './access-token-jwt.ts';
import { looksLikeJwt } from './access-token-jwt.ts';
import type { AuthFailureGuard } from './auth-failure-guard.ts';

type Ctx = KoaContextWithOIDC & { req: KoaContextWithOIDC['req'] & { body?: string } };
type Next = () => Promise<void>;

const CLIENT_AUTH_PATHS = new Set(['/oauth/token', '/oauth/introspect', '/oauth/revoke']);
const TOKEN_PARAM_PATHS = new Set(['/oauth/introspect', '/oauth/revoke']);
const BODY_LIMIT = 56 * 1024;

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

/** Koa middleware around oidc-provider's routes, each step one rule (STYLE 2.5). */
export function installMiddleware(provider: Provider, d: { guard: AuthFailureGuard; atJwt: AccessTokenJwt; published: SigningJwk[] }): void {
  provider.use(async function refuseBlockedAddress(ctx: Ctx, next: Next) {
    if (ctx.method === 'POST' && CLIENT_AUTH_PATHS.has(ctx.path) && (await d.guard.blocked('ip', ctx.ip))) {
      ctx.status = 429;
      ctx.set('retry-after', String(d.guard.retryAfterSeconds()));
      ctx.body = { error: 'temporarily_unavailable', error_description: 'too many failed client authentications; retry later' };
      return;
    }
    await next();
  });
  provider.use(async function unwrapPresentedJwt(ctx: Ctx, next: Next) {
    if (ctx.method === 'POST' && TOKEN_PARAM_PATHS.has(ctx.path) && ctx.is('application/x-www-form-urlencoded')) await rewriteTokenParam(ctx, d.atJwt);
    await next();
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
    if (ctx.status === 429) ctx.set('retry-after', String(d.guard.retryAfterSeconds()));
    if (CLIENT_AUTH_PATHS.has(ctx.path) && ctx.status === 400 && !presentedClientAuth(ctx)) missingClientAuth(ctx);
    if (CLIENT_AUTH_PATHS.has(ctx.path) && ctx.status === 401 && (ctx.body as { error?: string } | undefined)?.error === 'invalid_client') {
      await d.guard.recordFailure(presentedClientId(ctx), ctx.ip);
    }
  });
}

/**
 * /introspect and /revoke refuse JWTs outright (oidc-provider's rejectStructuredTokens); our
 * access-token JWTs are verified here and replaced by the id of the stored token, and a JWT
 * that fails verification by a value that matches nothing (→ `active: false` / 200).
 */
async function rewriteTokenParam(ctx: Ctx, atJwt: AccessTokenJwt): Promise<void> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) break;
    chunks.push(chunk as Buffer);
  }
  const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  const tokens = form.getAll('token');
  if (tokens.length === 1 && looksLikeJwt(tokens[0])) form.set('token', (await atJwt.jtiOf(tokens[0])) ?? 'invalid-access-token');
  ctx.req.body = form.toString();
}

function presentedClientId(ctx: Ctx): string | undefined {
  const fromParams = (ctx.oidc?.params as { client_id?: unknown } | undefined)?.client_id;
  if (typeof fromParams === 'string') return fromParams;
  const basic = /^basic\s+(.+)$/i.exec(ctx.get('authorization'))?.[1];
  if (!basic) return undefined;
  const user = Buffer.from(basic, 'base64').toString('utf8').split(':')[0];
  return user ? decodeURIComponent(user) : undefined;
}

function presentedClientAuth(ctx: Ctx): boolean {
  return Boolean(ctx.get('authorization')) || typeof (ctx.oidc?.params as { client_secret?: unknown } | undefined)?.client_secret === 'string';
}

/** RFC 7662 §2.1 / RFC 6749 §5.2: a request without client authentication is 401 invalid_client (C-INT-1). */
function missingClientAuth(ctx: Ctx): void {
  ctx.status = 401;
  ctx.set('www-authenticate', 'Basic realm="idgate"');
  ctx.body = { error: 'invalid_client', error_description: 'client authentication is required (client_secret_basic or client_secret_post)' };
}
