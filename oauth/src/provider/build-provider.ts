import { createHmac } from 'node:crypto';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Logger } from '@idgate/platform';
import type { KeyValueStore } from '@idgate/platform/kv';
import type { SqlHandle } from '../db/sql.ts';
import type { OAuthSettings } from '../settings.ts';
import { SCOPES } from '../settings.ts';
import type { ClientRegistry } from '../clients/client-registry.ts';
import type { UsersRepository } from '../accounts/users.repository.ts';
import type { ClaimsSnapshots } from '../accounts/claims-snapshots.ts';
import { ChallengeReuseDetector } from './challenge-reuse.ts';
import type { SigningJwk } from '../keys/signing-keys.ts';
import { adapterFactory } from '../adapter/factory.ts';
import { accountFor, SCOPE_CLAIMS } from './claims.ts';
import { AccessTokenJwt } from './access-token-jwt.ts';
import { AuthFailureGuard } from './auth-failure-guard.ts';
import { patchModels } from './patches.ts';
import { installMiddleware } from './koa-middleware.ts';
import { renderError } from './render-error.ts';
import { latestGrantId } from '../accounts/grants.ts';

export interface ProviderDeps {
  settings: OAuthSettings;
  sql: SqlHandle;
  kv: KeyValueStore;
  log: Logger;
  clients: ClientRegistry;
  users: UsersRepository;
  /** The claims snapshots the users repository forgets into (grants forget theirs here). */
  snapshots: ClaimsSnapshots;
  keys: { active: SigningJwk; published: SigningJwk[] };
  /** DATA_KEYS specs; cookie-signing keys are derived from them (stable across instances). */
  dataKeys: string[];
}

/** new Provider(issuer, configuration) with everything idgate decides (spec §2.6, §4.2, §5). */
export function buildProvider(d: ProviderDeps): Provider {
  const s = d.settings;
  const provider = new Provider(s.issuer, configuration(d));
  // Every URL the provider builds comes from the issuer's origin (the gateway pins
  // X-Forwarded-Host/Proto to BASE_URL), so discovery never reflects a request's Host header.
  provider.proxy = true;
  const atJwt = new AccessTokenJwt(s.issuer, d.keys.active, d.keys.published);
  const guard = new AuthFailureGuard(d.kv, s.tokenAuthFailuresPerMinute);
  patchModels(provider, atJwt);
  installMiddleware(provider, { guard, atJwt, published: d.keys.published, issuer: s.issuer, consentUrl: `${s.authUrl}/consent` });
  provider.on('server_error', (_ctx: KoaContextWithOIDC, err: Error) => d.log.error({ err }, 'oidc-provider server error'));
  // C-BCP-6: flag a code_challenge reused across authorization requests (never blocks the request).
  const challenges = new ChallengeReuseDetector(d.kv, d.log);
  provider.use(async (ctx, next) => {
    await next();
    // Every authorization request of a known client, whether it goes on to login or not. The client
    // id logged is the registered one: an unknown client_id (anyone's text) is never written to the log.
    const oidc = (ctx as KoaContextWithOIDC).oidc;
    if (oidc?.route === 'authorization' && oidc.params && oidc.client) {
      void challenges
        .observe({ ...oidc.params, client_id: oidc.client.clientId })
        .catch((err: unknown) => d.log.warn({ err }, 'code_challenge reuse check failed'));
    }
  });
  provider.on('grant.error', (_ctx: KoaContextWithOIDC, err: { error?: string }) => d.log.debug({ error: err.error }, 'grant error'));
  return provider;
}

function configuration(d: ProviderDeps): Configuration {
  const s = d.settings;
  const l = s.lifetimes;
  return {
    adapter: adapterFactory({ sql: d.sql, kv: d.kv, clients: d.clients, snapshots: d.snapshots }) as unknown as Configuration['adapter'],
    clients: [],
    jwks: { keys: d.keys.published as never },
    findAccount: async (_ctx, id, token) => {
      const user = await d.users.forRequest(id, (token as { grantId?: string } | undefined)?.grantId);
      return user ? accountFor(user, d.users) : undefined;
    },
    claims: Object.fromEntries(Object.entries(SCOPE_CLAIMS).map(([k, v]) => [k, [...v]])),
    scopes: [...SCOPES],
    // ID tokens carry the claims of the granted scopes too (docs/oauth.md, "Tokens, scopes and claims"), not only `sub`.
    conformIdTokenClaims: false,
    allowOmittingSingleRegisteredRedirectUri: false,
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      id_token_signed_response_alg: 'RS256',
      token_endpoint_auth_method: 'client_secret_basic',
    },
    responseTypes: ['code'],
    pkce: { required: () => true }, // spec §5 rule 6; oidc-provider 9 knows S256 only
    enabledJWA: { idTokenSigningAlgValues: ['RS256'], userinfoSigningAlgValues: ['RS256'], introspectionSigningAlgValues: ['RS256'] },
    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      resourceIndicators: { enabled: false },
      userinfo: { enabled: true },
      introspection: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
    },
    routes: {
      authorization: '/oauth/authorize',
      token: '/oauth/token',
      userinfo: '/oauth/userinfo',
      revocation: '/oauth/revoke',
      introspection: '/oauth/introspect',
      jwks: '/.well-known/jwks.json',
    },
    // One grant per account and client (C-CON-1): a later authorization, from any browser,
    // extends the account's grant for the client instead of adding another.
    loadExistingGrant: async (ctx) => {
      const fromSession = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client!.clientId);
      const grant = fromSession ? await ctx.oidc.provider.Grant.find(fromSession) : undefined;
      if (grant || !ctx.oidc.account) return grant;
      const latest = await latestGrantId(d.sql, ctx.oidc.account.accountId, ctx.oidc.client!.clientId);
      return latest ? ctx.oidc.provider.Grant.find(latest) : undefined;
    },
    interactions: { url: async (_ctx, interaction) => `${s.authUrl}/consent?session=${encodeURIComponent(interaction.uid)}` },
    cookies: { keys: cookieKeys(d.dataKeys), long: { httpOnly: true, sameSite: 'lax' }, short: { httpOnly: true, sameSite: 'lax' } },
    ttl: {
      AccessToken: l.accessToken,
      AuthorizationCode: l.authorizationCode,
      IdToken: l.idToken,
      RefreshToken: l.refreshToken,
      Grant: l.grant,
      Session: l.session,
      Interaction: l.interaction,
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true, // with reuse detection: a rotated token used again revokes the grant (C-BCP-7)
    expiresWithSession: async () => false,
    // CORS only where RFC 9700 allows it; never at the authorization endpoint (C-BCP-9).
    clientBasedCORS: (ctx, origin, client) => ctx.oidc.route === 'userinfo' && (client.redirectUris ?? []).some((u: string) => URL.parse(u)?.origin === origin),
    renderError: renderError as Configuration['renderError'],
    clockTolerance: 5,
  };
}

/** Cookie-signing keys derived from DATA_KEYS, so every gateway instance signs alike. */
function cookieKeys(dataKeys: string[]): string[] {
  return dataKeys.map((spec) => createHmac('sha256', spec).update('idgate-oidc-cookies').digest('base64url'));
}
