import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, serviceIdHintCookie } from '@idgate/protos';
import type { Logger } from '@idgate/platform';
import type { KeyValueStore } from '@idgate/platform/kv';
import { newSecret, sha256Hex } from '../crypto/secrets.ts';
import type { AccountService } from '../accounts/account-service.ts';
import type { AgeOffer, AgeOfferSource } from '../accounts/age-offers.ts';
import type { UsersRepository } from '../accounts/users.repository.ts';
import { cookie, field, sendPage } from './http-helpers.ts';
import { pickLocale } from './i18n/index.ts';
import { themeOf } from './layout.ts';
import { PORTAL_COOKIE, PortalSessions } from './portal-session.ts';
import type { SharedSignIn } from './shared-sign-in.ts';
import { refuseSignUp, signUpFromForm } from './sign-up-form.ts';
import { nothingToSavePage, savedPage, savePage } from './save.views.ts';

export interface SaveDeps {
  offers: AgeOfferSource;
  accounts: AccountService;
  users: UsersRepository;
  sessions: PortalSessions;
  signIn: SharedSignIn;
  kv: KeyValueStore;
  base: string;
  secureCookies: boolean;
  log?: Logger;
  /** Extra markup on the "saved" page (the passkey registration prompt), given the signed-in user. */
  afterSave?: (o: { userId: string; csrf: string; locale: string }) => Promise<string>;
}

/** A pending save lives this long between the widget's offer and the user signing in. */
const TICKET_TTL_MS = 30 * 60_000;

/**
 * Saving a passed verification to a service ID (docs/decisions/service-ids.md, "Saving"): the
 * widget posts the session's result token here (a form body, never a URL); the token stays on the
 * server behind a random ticket the page's forms carry. The user saves to the signed-in service
 * ID, signs in, or creates one; the offer is then claimed once from core and stored as an age
 * proof (bracket, method, date). Nothing records which site or session it came from.
 */
export function saveRoutes(app: FastifyInstance, d: SaveDeps): void {
  const view = (req: FastifyRequest) => ({
    locale: pickLocale(field(req, 'ui_locales') || (req.query as Record<string, unknown>).ui_locales, req.headers['accept-language']),
    theme: themeOf((req.query as Record<string, unknown>).theme),
    base: d.base,
  });
  const tickets = new SaveTickets(d.kv);
  const signedIn = async (req: FastifyRequest) => {
    const session = await d.sessions.get(cookie(req, PORTAL_COOKIE));
    const user = session ? await d.users.byId(session.userId) : undefined;
    return session && user ? { session, user } : undefined;
  };

  /** The offer behind a ticket (a look, no claim), or the "nothing to save" page. */
  const pending = async (req: FastifyRequest, reply: FastifyReply): Promise<{ ticket: string; token: string; offer: AgeOffer } | undefined> => {
    const ticket = field(req, 'save');
    const token = await tickets.token(ticket);
    const offer = token ? await lookUp(d.offers, token, false) : undefined;
    if (!token || !offer) {
      sendPage(reply, nothingToSavePage(view(req)), 409);
      return undefined;
    }
    return { ticket, token, offer };
  };

  /** Claims the offer into the account and shows what was saved. */
  const save = async (req: FastifyRequest, reply: FastifyReply, p: { ticket: string; token: string }, userId: string, csrf: string) => {
    const offer = await lookUp(d.offers, p.token, true);
    if (!offer) return sendPage(reply, nothingToSavePage(view(req)), 409);
    await tickets.drop(p.ticket);
    await d.users.saveAgeProof(userId, offer.proof);
    // This browser holds a service ID now: the widget offers the passkey first next time.
    reply.header('set-cookie', serviceIdHintCookie({ secure: d.secureCookies }));
    const v = view(req);
    return sendPage(
      reply,
      savedPage({ ...v, proof: offer.proof, redirectUrl: offer.redirectUrl, addPasskey: await d.afterSave?.({ userId, csrf, locale: v.locale }) }),
    );
  };
  /** A sign-in here is a portal sign-in (one sign-in, shared-sign-in.ts): the browser's other account, if any, is signed out. */
  const signIn = async (req: FastifyRequest, reply: FastifyReply, userId: string) => {
    await d.signIn.endProviderSession(req, reply, userId);
    const started = await d.signIn.startPortalSession(req, userId, Math.floor(Date.now() / 1000));
    reply.header('set-cookie', started.setCookie);
    return started.session;
  };

  app.post(`${d.base}/save`, async (req, reply) => {
    const token = field(req, 'result_token');
    const offer = await lookUp(d.offers, token, false);
    if (!offer) return sendPage(reply, nothingToSavePage(view(req)), 409);
    const ticket = await tickets.create(token);
    const current = await signedIn(req);
    const signedInAs = current ? { email: current.user.email, csrf: current.session.csrf } : undefined;
    return sendPage(reply, savePage({ ...view(req), ticket, proof: offer.proof, redirectUrl: offer.redirectUrl, signedIn: signedInAs }));
  });

  app.post(`${d.base}/save/confirm`, async (req, reply) => {
    const p = await pending(req, reply);
    if (!p) return reply;
    const current = await signedIn(req);
    if (!current || !PortalSessions.csrfOk(current.session, field(req, 'csrf')))
      return sendPage(reply, savePage({ ...view(req), ticket: p.ticket, proof: p.offer.proof, redirectUrl: p.offer.redirectUrl }), 401);
    return save(req, reply, p, current.user.id, current.session.csrf);
  });

  app.post(`${d.base}/save/login`, async (req, reply) => {
    const p = await pending(req, reply);
    if (!p) return reply;
    const outcome = await d.accounts.logIn(field(req, 'email'), field(req, 'password'), req.ip);
    if (!outcome.ok) {
      if (outcome.reason === 'throttled') reply.header('retry-after', String(outcome.retryAfterSeconds));
      const page = savePage({ ...view(req), ticket: p.ticket, proof: p.offer.proof, redirectUrl: p.offer.redirectUrl, failed: outcome.reason });
      return sendPage(reply, page, outcome.reason === 'throttled' ? 429 : 401);
    }
    const session = await signIn(req, reply, outcome.user.id);
    return save(req, reply, p, outcome.user.id, session.csrf);
  });

  app.post(`${d.base}/save/signup`, async (req, reply) => {
    const p = await pending(req, reply);
    if (!p) return reply;
    const result = await signUpFromForm(req, d.accounts, d.log);
    if ('failed' in result)
      return refuseSignUp(
        reply,
        result.failed,
        savePage({ ...view(req), ticket: p.ticket, proof: p.offer.proof, redirectUrl: p.offer.redirectUrl, failed: result.failed }),
      );
    const session = await signIn(req, reply, result.user.id);
    return save(req, reply, p, result.user.id, session.csrf);
  });
}

/** The offer, or undefined when core says there is none (unknown token, not passed, claimed, window closed). */
async function lookUp(offers: AgeOfferSource, token: string, claim: boolean): Promise<AgeOffer | undefined> {
  if (!/^xtk_[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  try {
    return await offers.offer(token, claim);
  } catch (err) {
    if (err instanceof AppError && (err.code === 'TOKEN_NOT_FOUND' || err.code === 'SESSION_STATE_CONFLICT')) return undefined;
    throw err;
  }
}

/** Pending saves: a random ticket in the page's forms → the result token, kept server-side only. */
class SaveTickets {
  private readonly kv: KeyValueStore;

  constructor(kv: KeyValueStore) {
    this.kv = kv;
  }

  async create(resultToken: string): Promise<string> {
    const ticket = newSecret('xsv_');
    await this.kv.set(this.key(ticket), resultToken, { pxMs: TICKET_TTL_MS });
    return ticket;
  }

  async token(ticket: string): Promise<string | undefined> {
    if (!/^xsv_[A-Za-z0-9_-]{10,100}$/.test(ticket)) return undefined;
    return (await this.kv.get(this.key(ticket))) ?? undefined;
  }

  async drop(ticket: string): Promise<void> {
    await this.kv.del(this.key(ticket));
  }

  private key(ticket: string): string {
    return `oauth:save:${sha256Hex(ticket)}`;
  }
}
