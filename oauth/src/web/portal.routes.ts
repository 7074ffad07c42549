import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serviceIdHintCookie } from '@idgate/protos';
import type { Logger } from '@idgate/platform';
import type { AccountService } from '../accounts/account-service.ts';
import type { GrantsService } from '../accounts/grants.ts';
import type { UsersRepository } from '../accounts/users.repository.ts';
import type { PasskeyService } from '../passkeys/passkey-service.ts';
import { cookie, field, seeOther, sendPage } from './http-helpers.ts';
import { pickLocale } from './i18n/index.ts';
import type { MessageKey } from './i18n/en.ts';
import { themeOf } from './layout.ts';
import { messagePage, portalLoginPage, portalPage, signUpPage } from './portal.views.ts';
import { PORTAL_COOKIE, PortalSessions, sessionCookie } from './portal-session.ts';
import type { SharedSignIn } from './shared-sign-in.ts';
import { refuseSignUp, signUpFromForm } from './sign-up-form.ts';

export interface PortalDeps {
  accounts: AccountService;
  users: UsersRepository;
  grants: GrantsService;
  sessions: PortalSessions;
  passkeys?: PasskeyService;
  base: string;
  secureCookies: boolean;
  log?: Logger;
  /** Keeps the provider's sign-in and the portal's in step (shared-sign-in.ts). */
  signIn?: SharedSignIn;
}

const NOTICES: Record<string, MessageKey> = {
  revoked: 'revoked',
  deleted: 'deleted',
  welcome: 'verifySent',
  passkeyAdded: 'passkeyAdded',
  passkeyRemoved: 'passkeyRemoved',
};

/**
 * The user portal at `{auth_url}/portal` (spec §1 "User control"): sign-up, sign-in, the list
 * of OAuth consent grants with revocation, and deletion of the service ID.
 */
export function portalRoutes(app: FastifyInstance, d: PortalDeps): void {
  const view = (req: FastifyRequest) => ({
    locale: pickLocale((req.query as Record<string, unknown>).ui_locales, req.headers['accept-language']),
    theme: themeOf((req.query as Record<string, unknown>).theme),
    base: d.base,
  });
  const setSession = (reply: FastifyReply, value: string, maxAge: number) =>
    reply.header('set-cookie', sessionCookie(value, { path: d.base, secure: d.secureCookies, maxAgeSeconds: maxAge }));
  // A browser signed in at the consent screen is signed in here too (one sign-in).
  const fromProvider = async (req: FastifyRequest, reply: FastifyReply) => {
    const login = await d.signIn?.providerLogin(req, reply);
    if (!login) return undefined;
    const id = await d.sessions.create(login.accountId, login.ts);
    setSession(reply, id, 3600);
    return d.sessions.get(id);
  };

  app.get(`${d.base}/portal`, async (req, reply) => {
    const notice = NOTICES[String((req.query as Record<string, unknown>).notice ?? '')];
    const session = (await d.sessions.get(cookie(req, PORTAL_COOKIE))) ?? (await fromProvider(req, reply));
    const user = session ? await d.users.byId(session.userId) : undefined;
    if (!session || !user) return sendPage(reply, portalLoginPage({ ...view(req), notice }));
    const passkeys = await d.passkeys?.list(user.id);
    return sendPage(reply, portalPage({ ...view(req), user, grants: await d.grants.list(user.id), passkeys, csrf: session.csrf, notice }));
  });

  app.post(`${d.base}/portal/login`, async (req, reply) => {
    const outcome = await d.accounts.logIn(field(req, 'email'), field(req, 'password'), req.ip);
    if (!outcome.ok) {
      if (outcome.reason === 'throttled') reply.header('retry-after', String(outcome.retryAfterSeconds));
      return sendPage(reply, portalLoginPage({ ...view(req), failed: outcome.reason }), outcome.reason === 'throttled' ? 429 : 401);
    }
    const user = outcome.user;
    await d.signIn?.endProviderSession(req, reply, user.id);
    setSession(reply, await d.sessions.create(user.id), 3600);
    return seeOther(reply, `${d.base}/portal`);
  });

  app.get(`${d.base}/signup`, async (req, reply) => sendPage(reply, signUpPage(view(req))));

  app.post(`${d.base}/signup`, async (req, reply) => {
    const result = await signUpFromForm(req, d.accounts, d.log);
    if ('failed' in result) return refuseSignUp(reply, result.failed, signUpPage({ ...view(req), failed: result.failed }));
    const user = result.user;
    await d.signIn?.endProviderSession(req, reply, user.id);
    setSession(reply, await d.sessions.create(user.id), 3600);
    return seeOther(reply, `${d.base}/portal?notice=welcome`);
  });

  app.get(`${d.base}/verify-email`, async (req, reply) => {
    const ok = await d.accounts.verifyEmail(String((req.query as Record<string, unknown>).token ?? ''));
    return sendPage(reply, messagePage({ ...view(req), message: ok ? 'emailVerified' : 'errorIntro' }), ok ? 200 : 400);
  });

  portalActions(app, d, setSession);
}

/** Form posts of a signed-in user; each checks the session and its CSRF token first. */
function portalActions(app: FastifyInstance, d: PortalDeps, setSession: (reply: FastifyReply, value: string, maxAge: number) => FastifyReply): void {
  const signedIn = async (req: FastifyRequest) => {
    const session = await d.sessions.get(cookie(req, PORTAL_COOKIE));
    return session && PortalSessions.csrfOk(session, field(req, 'csrf')) ? session : undefined;
  };

  app.post(`${d.base}/portal/grants/revoke`, async (req, reply) => {
    const session = await signedIn(req);
    if (!session) return seeOther(reply, `${d.base}/portal`);
    // One entry per app: every grant of the account for that client goes (C-CON-1).
    await d.grants.revoke(session.userId, field(req, 'client_id'));
    return seeOther(reply, `${d.base}/portal?notice=revoked`);
  });

  app.post(`${d.base}/portal/delete`, async (req, reply) => {
    const session = await signedIn(req);
    if (!session || field(req, 'confirm') !== 'yes') return seeOther(reply, `${d.base}/portal`);
    await d.grants.deleteAccount(session.userId);
    await d.sessions.destroy(cookie(req, PORTAL_COOKIE));
    setSession(reply, '', 0);
    // The browser holds no service ID any more: the widget stops offering the passkey first.
    reply.header('set-cookie', serviceIdHintCookie({ secure: d.secureCookies, clear: true }));
    return seeOther(reply, `${d.base}/portal?notice=deleted`);
  });

  app.post(`${d.base}/portal/logout`, async (req, reply) => {
    if (await signedIn(req)) {
      await d.sessions.destroy(cookie(req, PORTAL_COOKIE));
      // Signing out ends the provider's sign-in too: the next authorization asks for the password.
      await d.signIn?.endProviderSession(req, reply);
    }
    setSession(reply, '', 0);
    return seeOther(reply, `${d.base}/portal`);
  });
}
