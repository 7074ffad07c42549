import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { appError } from '@idgate/protos';
import type { AccountService } from '../accounts/account-service.ts';
import type { ClientRegistry } from '../clients/client-registry.ts';
import { consentPage, loginPage } from './consent.views.ts';
import { errorPage } from './error.views.ts';
import { field, sendPage } from './http-helpers.ts';
import { pickLocale, type Locale } from './i18n/index.ts';
import { PAGE_HEADERS, themeOf, type SignInFailure } from './layout.ts';
import type { SharedSignIn } from './shared-sign-in.ts';

export interface ConsentDeps {
  provider: () => Provider;
  accounts: AccountService;
  clients: ClientRegistry;
  /** Path of {auth_url} on this server, e.g. `/auth`. */
  base: string;
  /** Keeps the provider's sign-in and the portal's in step (shared-sign-in.ts). */
  signIn?: SharedSignIn;
}

export type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

/**
 * The login and consent screens the authorization endpoint redirects to (spec §4.2):
 * `GET {auth_url}/consent?session=<id>` shows the login form or the consent form,
 * the forms post to `/consent/login`, `/consent/confirm`, `/consent/deny`, and
 * `GET {auth_url}/consent/session?session=<id>` is the consent session data endpoint.
 */
export function consentRoutes(app: FastifyInstance, d: ConsentDeps): void {
  const locale = (req: FastifyRequest, details?: Details): Locale =>
    pickLocale(details?.params.ui_locales ?? (req.query as Record<string, unknown>).ui_locales, req.headers['accept-language']);

  app.get(`${d.base}/consent`, async (req, reply) => {
    const details = await interaction(d, req, reply, String((req.query as Record<string, unknown>).session ?? ''));
    if (!details) return reply;
    // Signed in to the portal: no second password prompt.
    const carried = await d.signIn?.carriedLogin(req, details);
    if (carried) return finish(d, reply, req, { login: carried }, false);
    return renderStep(d, req, reply, details, locale(req, details));
  });

  app.post(`${d.base}/consent/login`, async (req, reply) => {
    const details = await interaction(d, req, reply, field(req, 'session'));
    if (!details) return reply;
    const outcome = await d.accounts.logIn(field(req, 'email'), field(req, 'password'), req.ip);
    if (!outcome.ok) {
      if (outcome.reason === 'throttled') reply.header('retry-after', String(outcome.retryAfterSeconds));
      return renderStep(d, req, reply, details, locale(req, details), { failed: outcome.reason, email: field(req, 'email') });
    }
    const ts = Math.floor(Date.now() / 1000);
    // The same sign-in opens the portal (finish() answers on the raw response).
    if (d.signIn) reply.raw.setHeader('set-cookie', await d.signIn.portalCookieFor(req, outcome.user.id, ts));
    return finish(d, reply, req, { login: { accountId: outcome.user.id, ts } }, false);
  });

  app.post(`${d.base}/consent/confirm`, async (req, reply) => {
    const details = await interaction(d, req, reply, field(req, 'session'));
    if (!details) return reply;
    if (details.prompt.name !== 'consent' || !details.session?.accountId) return renderStep(d, req, reply, details, locale(req, details));
    const grantId = await saveGrant(d.provider(), details);
    return finish(d, reply, req, { consent: details.grantId ? {} : { grantId } }, true);
  });

  app.post(`${d.base}/consent/deny`, async (req, reply) => {
    const details = await interaction(d, req, reply, field(req, 'session'));
    if (!details) return reply;
    return finish(d, reply, req, { error: 'access_denied', error_description: 'The user denied the authorization request.' }, false);
  });

  // Names the client and scopes of a sign-in in progress: never cached, its errors neither.
  const noStore = async (_req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    reply.header('cache-control', 'no-store');
    return payload;
  };
  app.get(`${d.base}/consent/session`, { onSend: noStore }, async (req) => consentSessionData(d, String((req.query as Record<string, unknown>).session ?? '')));
}

/** The interaction bound to this browser (cookie) and named by `session`, or an error page. */
export async function interaction(d: Pick<ConsentDeps, 'provider'>, req: FastifyRequest, reply: FastifyReply, session: string): Promise<Details | undefined> {
  try {
    const details = await d.provider().interactionDetails(req.raw, reply.raw);
    if (details.uid === session) return details;
  } catch {
    // no or expired interaction cookie: same page as a mismatch
  }
  sendPage(
    reply,
    errorPage(
      pickLocale(undefined, req.headers['accept-language']),
      'invalid_request',
      'The sign-in session is unknown or has expired. Start again from the site you came from.',
    ),
    400,
  );
  return undefined;
}

async function renderStep(
  d: ConsentDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  details: Details,
  l: Locale,
  login: { failed?: SignInFailure; email?: string } = {},
) {
  const client = await d.clients.find(String(details.params.client_id));
  const theme = themeOf((req.query as Record<string, unknown>).theme);
  const common = { locale: l, theme, session: details.uid, clientName: client?.name ?? String(details.params.client_id) };
  if (details.prompt.name === 'login' || !details.session?.accountId) {
    return sendPage(
      reply,
      loginPage({ ...common, ...login, action: `${d.base}/consent/login`, signUpUrl: `${d.base}/consent/signup?session=${encodeURIComponent(details.uid)}` }),
      login.failed === 'throttled' ? 429 : 200,
    );
  }
  return sendPage(
    reply,
    consentPage({
      ...common,
      confirmAction: `${d.base}/consent/confirm`,
      denyAction: `${d.base}/consent/deny`,
      clientLogo: client?.logoUri ?? null,
      scopes: String(details.params.scope ?? '')
        .split(' ')
        .filter(Boolean),
      redirectUri: String(details.params.redirect_uri),
    }),
  );
}

async function saveGrant(provider: Provider, details: Details): Promise<string> {
  const grant =
    (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
    new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
  const missing = (details.prompt.details as { missingOIDCScope?: string[] }).missingOIDCScope;
  if (missing?.length) grant.addOIDCScope(missing.join(' '));
  return grant.save();
}

/** interactionFinished answers 303 to the authorization endpoint (C-BCP-13) itself. */
export async function finish(d: Pick<ConsentDeps, 'provider'>, reply: FastifyReply, req: FastifyRequest, result: Record<string, unknown>, merge: boolean) {
  reply.hijack();
  try {
    await d.provider().interactionFinished(req.raw, reply.raw, result as never, { mergeWithLastSubmission: merge });
  } catch {
    // the interaction ended meanwhile (expired, or finished in another tab)
    if (!reply.raw.headersSent) reply.raw.writeHead(400, PAGE_HEADERS);
    reply.raw.end(errorPage(pickLocale(undefined, req.headers['accept-language']), 'invalid_request', 'The sign-in session is unknown or has expired.'));
  }
  return reply;
}

/** Spec §4.2 "Consent session data": what the consent screen shows, by consent session id. */
async function consentSessionData(d: ConsentDeps, session: string) {
  const interaction = session ? await d.provider().Interaction.find(session) : undefined;
  const params = interaction?.params as Record<string, unknown> | undefined;
  const client = params ? await d.clients.find(String(params.client_id)) : undefined;
  if (!interaction || !params || !client) throw appError('OAUTH_CONSENT_SESSION_NOT_FOUND');
  return {
    success: true,
    data: {
      client_name: client.name,
      client_logo: client.logoUri,
      scopes: String(params.scope ?? '')
        .split(' ')
        .filter(Boolean),
      redirect_uri: String(params.redirect_uri),
    },
  };
}
