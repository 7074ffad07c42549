import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { UsersRepository } from '../accounts/users.repository.ts';
import { cookie } from './http-helpers.ts';
import { PORTAL_COOKIE, sessionCookie, type PortalSession, type PortalSessions } from './portal-session.ts';

type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

/** A login prompt the portal's sign-in may answer: no provider session, nothing the client asked to re-check. */
const CARRIED_REASONS = new Set(['no_session', 'max_age']);

/**
 * One sign-in for the browser (docs/oauth.md "One sign-in"): the provider's session (cookie
 * `_session`, oidc-provider) and the portal's (cookie `idg_portal`) stay two records, each with its
 * own cookie, and this module keeps them in step. A sign-in on either side starts the other; the
 * consent screen accepts a portal session instead of a password, the portal a provider session;
 * signing out of the portal ends both.
 */
export class SharedSignIn {
  private readonly provider: () => Provider;
  private readonly sessions: PortalSessions;
  private readonly users: Pick<UsersRepository, 'byId'>;
  private readonly base: string;
  private readonly secure: boolean;

  constructor(d: { provider: () => Provider; sessions: PortalSessions; users: Pick<UsersRepository, 'byId'>; base: string; secureCookies: boolean }) {
    this.provider = d.provider;
    this.sessions = d.sessions;
    this.users = d.users;
    this.base = d.base;
    this.secure = d.secureCookies;
  }

  /**
   * A sign-in at the consent screen (password or sign-up): a fresh portal session for the user,
   * replacing the browser's previous one. Returns its Set-Cookie value.
   */
  async portalCookieFor(req: FastifyRequest, userId: string, authTime: number): Promise<string> {
    return (await this.startPortalSession(req, userId, authTime)).setCookie;
  }

  /** The same, with the new session itself (its CSRF token for the page the sign-in answers with). */
  async startPortalSession(req: FastifyRequest, userId: string, authTime: number): Promise<{ setCookie: string; session: PortalSession }> {
    await this.sessions.destroy(cookie(req, PORTAL_COOKIE));
    const id = await this.sessions.create(userId, authTime);
    const session = (await this.sessions.get(id))!;
    return { setCookie: sessionCookie(id, { path: this.base, secure: this.secure, maxAgeSeconds: 3600 }), session };
  }

  /**
   * The login the browser's portal session lends the consent screen, or undefined when the user
   * must type the password: no portal session, the client asked for a new sign-in (`prompt=login`,
   * an `id_token_hint`), or the portal's sign-in is older than the request's `max_age`.
   */
  async carriedLogin(req: FastifyRequest, details: Details): Promise<{ accountId: string; ts: number } | undefined> {
    if (details.prompt.name !== 'login' || !details.prompt.reasons.every((r) => CARRIED_REASONS.has(r))) return undefined;
    const session = await this.sessions.get(cookie(req, PORTAL_COOKIE));
    if (!session?.authTime) return undefined;
    const maxAge = details.params.max_age === undefined ? undefined : Number(details.params.max_age);
    if (maxAge !== undefined && Math.floor(Date.now() / 1000) - session.authTime > maxAge) return undefined;
    // A portal session outlives its account when the account is deleted from another browser.
    if (!(await this.users.byId(session.userId))) return undefined;
    return { accountId: session.userId, ts: session.authTime };
  }

  /** The provider session's account and sign-in time, for a browser without a portal session. */
  async providerLogin(req: FastifyRequest, reply: FastifyReply): Promise<{ accountId: string; ts: number } | undefined> {
    const session = await this.providerSession(req, reply);
    return session?.accountId ? { accountId: session.accountId, ts: session.loginTs ?? Math.floor(Date.now() / 1000) } : undefined;
  }

  /**
   * Ends the browser's provider session: on sign-out from the portal, and on a portal sign-in
   * as another account than the provider session's (`keepAccount`), so both name one user.
   */
  async endProviderSession(req: FastifyRequest, reply: FastifyReply, keepAccount?: string): Promise<void> {
    const session = await this.providerSession(req, reply);
    if (session?.accountId && session.accountId !== keepAccount) await session.destroy();
  }

  private async providerSession(req: FastifyRequest, reply: FastifyReply) {
    // Session.get reads the signed `_session` cookie through a Koa context of its own.
    const session = await this.provider().Session.get({ req: req.raw, res: reply.raw } as never);
    return session.accountId ? session : undefined;
  }
}
