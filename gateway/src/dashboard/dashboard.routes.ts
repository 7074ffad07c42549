import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callUnary, isAppError, unstorableText, unstorableTextRefusal, type CallContext, type DecisionClients, type core } from '@idgate/protos';
import type { KeyValueStore } from '@idgate/platform/kv';
import type { Mailer } from '@idgate/oauth';
import { clearedCookie, csrfMatches, csrfToken, sessionCookie, sessionTokenOf } from './dashboard-session.ts';
import {
  acceptInvitationPage,
  auditPage,
  DASHBOARD_PAGE_HEADERS,
  deliveriesPage,
  errorPage,
  keyCreatedPage,
  keysPage,
  RESTRICTED_SCOPES,
  revealGonePage,
  signInPage,
  teamPage,
  WEBHOOK_EVENTS,
  webhookSecretPage,
  webhooksPage,
} from './dashboard.views.ts';
import { dashboardPageCameFrom } from './came-from.ts';
import { invitationMail, invitationUrl } from './invitation-mail.ts';
import { RevealStore, type Reveal } from './reveal-store.ts';
import { passkeyRoutes } from './passkeys.routes.ts';
import { PASSKEY_PAGE_CSP, PASSKEY_SCRIPT_TAG, passkeySignInBox, passkeysSection } from './passkeys.views.ts';
import { reviewRoutes } from './reviews.routes.ts';
import { dashboardRulesRoutes } from './rules.routes.ts';
import { usageRoutes } from './usage.routes.ts';

interface Deps {
  clients: DecisionClients;
  /** Public base URL: invitation links and the Origin every form post must come from. */
  baseUrl: string;
  /** Mail for invitations (the OpenID Connect provider's transport); without it the link is shown once. */
  mailer: () => Mailer | undefined;
  /** The largest image the inference node takes: the blacklist upload's limit. */
  maxImageBytes: number;
  /** The gateway's key-value store: the one-time reveal records of new keys and secrets (reveal-store.ts). */
  kv: KeyValueStore;
}

export type Signed = { member: core.DashboardMember; token: string; csrf: string; ctx: CallContext };

const NOTICES: Record<string, string> = {
  invited: 'Invitation sent.',
  role: 'Role changed.',
  removed: 'Member removed.',
  joined: 'Welcome to your team.',
  'passkey-added': 'Passkey added: you can sign in with it now.',
  'passkey-removed': 'Passkey removed: it no longer signs you in.',
  revoked: 'Key revoked: it stops working within 30 seconds.',
  test: "Test event queued: it is sent now; its delivery is in the endpoint's delivery log.",
  enabled: 'Endpoint enabled: its waiting deliveries resume.',
  disabled: 'Endpoint disabled: nothing is sent to it until it is enabled again.',
};

/**
 * The tenant dashboard (docs/dashboard.md): server-rendered pages under /dashboard with no script. Every
 * action goes to core's TeamService with the session token; core checks the member's role, so what a
 * page hides is also refused when posted. Every form post must come from our own origin, and forms of a
 * signed-in member carry the session's CSRF token.
 */
export function dashboardRoutes(app: FastifyInstance, d: Deps): void {
  const team = d.clients.team;
  const keys = d.clients.projectKeys;
  const hooks = d.clients.dashboardWebhooks;
  const origin = new URL(d.baseUrl).origin;
  const secure = d.baseUrl.startsWith('https:');
  const reveals = new RevealStore(d.kv);

  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
      const fields = Object.fromEntries(new URLSearchParams(String(body)));
      const issues = unstorableText(fields, ['body']);
      done(issues.length ? unstorableTextRefusal(issues) : null, issues.length ? undefined : fields);
    });
    // A post from another origin (a forged form, a login CSRF) is refused before anything runs.
    scope.addHook('preHandler', async (req, reply) => {
      if (req.method === 'POST' && req.headers.origin !== origin)
        return page(reply, errorPage({ title: 'Refused', message: 'This form was not sent from the dashboard.' }), 403);
    });

    const hide = { schema: { hide: true } };
    const ctxOf = (req: FastifyRequest, token?: string): CallContext => ({ dashboardSession: token, clientIp: req.ip, requestId: String(req.id) });

    /** The signed-in member, or a redirect to the sign-in page (answered here). */
    async function signedIn(req: FastifyRequest, reply: FastifyReply): Promise<Signed | undefined> {
      const token = sessionTokenOf(req);
      if (!token) {
        void seeOther(reply, '/dashboard/sign-in');
        return undefined;
      }
      const ctx = ctxOf(req, token);
      try {
        const member = await callUnary(team, 'whoAmI', {}, ctx);
        return { member, token, csrf: csrfToken(token), ctx };
      } catch (err) {
        if (isAppError(err) && err.code === 'TEAM_SESSION_INVALID') {
          void reply.header('set-cookie', clearedCookie(secure));
          void seeOther(reply, '/dashboard/sign-in');
          return undefined;
        }
        throw err;
      }
    }

    /** A signed-in form post with a valid CSRF token; otherwise the answer is sent here. */
    async function signedPost(req: FastifyRequest, reply: FastifyReply): Promise<Signed | undefined> {
      const s = await signedIn(req, reply);
      if (!s) return undefined;
      if (!csrfMatches(s.token, field(req, 'csrf'))) {
        void page(
          reply,
          errorPage({
            title: 'Refused',
            message: 'This form has expired; reload the page and try again.',
            member: s.member,
            csrf: s.csrf,
            back: dashboardPageCameFrom(req),
          }),
          403,
        );
        return undefined;
      }
      return s;
    }

    /** A catalogue error of an action, shown on the page it came from. */
    const failed = (reply: FastifyReply, s: Signed, err: unknown) => {
      if (!isAppError(err)) throw err;
      const title = err.code === 'TEAM_PERMISSION_DENIED' ? 'Not allowed' : 'That did not work';
      return page(
        reply,
        errorPage({ title, message: err.message, member: s.member, csrf: s.csrf, back: dashboardPageCameFrom(reply.request) }),
        err.httpStatus,
      );
    };

    /**
     * POST/redirect/GET for a secret shown once: the post keeps it in a one-time record of this session and
     * answers 303 to its page, so a reload or back/forward only GETs that page and never makes another.
     */
    const revealAfter = async (reply: FastifyReply, s: Signed, reveal: Reveal) => {
      const id = await reveals.put(s.token, reveal);
      return seeOther(reply, `${reveal.kind === 'keys' ? '/dashboard/keys' : '/dashboard/webhooks'}/reveal/${id}`);
    };

    for (const kind of ['keys', 'webhook'] as const) {
      scope.get(`${kind === 'keys' ? '/dashboard/keys' : '/dashboard/webhooks'}/reveal/:id`, hide, async (req, reply) => {
        const s = await signedIn(req, reply);
        if (!s) return reply;
        const read = await reveals.take(s.token, (req.params as { id?: string }).id ?? '', kind);
        // 410: this session saw it already (a reload); 404: expired, unknown, or another session's.
        if (read.state !== 'shown-now')
          return page(
            reply,
            revealGonePage({ member: s.member, csrf: s.csrf, kind, state: read.state === 'already-shown' ? read.state : 'unknown' }),
            read.state === 'already-shown' ? 410 : 404,
          );
        const r = read.reveal;
        const base = { member: s.member, csrf: s.csrf, title: r.title, note: r.note };
        return page(
          reply,
          r.kind === 'keys' ? keyCreatedPage({ ...base, keys: r.keys }) : webhookSecretPage({ ...base, endpoint: { url: r.endpointUrl }, secret: r.secret }),
        );
      });
    }

    passkeyRoutes(scope, { clients: d.clients, secure, ctxOf, signedIn, signedPost, failed, seeOther });
    dashboardRulesRoutes(scope, { clients: d.clients, signedIn, signedPost, failed, page, seeOther, field, maxImageBytes: d.maxImageBytes });

    scope.get('/dashboard', hide, async (_req, reply) => seeOther(reply, '/dashboard/team'));

    scope.get('/dashboard/sign-in', hide, async (req, reply) => {
      const notice = (req.query as { signed_out?: string }).signed_out === '1' ? 'You are signed out.' : undefined;
      return page(reply, signInPage({ notice, passkey: { head: PASSKEY_SCRIPT_TAG, box: passkeySignInBox() } }), 200, PASSKEY_PAGE_CSP);
    });

    scope.post('/dashboard/sign-in', hide, async (req, reply) => {
      const email = field(req, 'email');
      try {
        const session = await callUnary(team, 'signIn', { email, password: field(req, 'password') }, ctxOf(req));
        void reply.header('set-cookie', sessionCookie(session.sessionToken ?? '', secure));
        return seeOther(reply, '/dashboard/team');
      } catch (err) {
        if (!isAppError(err)) throw err;
        const passkey = { head: PASSKEY_SCRIPT_TAG, box: passkeySignInBox() };
        return page(reply, signInPage({ email, error: err.message, passkey }), err.httpStatus, PASSKEY_PAGE_CSP);
      }
    });

    scope.post('/dashboard/sign-out', hide, async (req, reply) => {
      const s = await signedPost(req, reply);
      if (!s) return reply;
      await callUnary(team, 'signOut', {}, s.ctx);
      void reply.header('set-cookie', clearedCookie(secure));
      return seeOther(reply, '/dashboard/sign-in?signed_out=1');
    });

    scope.get('/dashboard/invitations/:token', hide, async (req, reply) => page(reply, acceptInvitationPage({ token: tokenParam(req) })));

    scope.post('/dashboard/invitations/:token', hide, async (req, reply) => {
      const token = tokenParam(req);
      try {
        const session = await callUnary(team, 'acceptInvitation', { invitationToken: token, password: field(req, 'password') }, ctxOf(req));
        void reply.header('set-cookie', sessionCookie(session.sessionToken ?? '', secure));
        return seeOther(reply, '/dashboard/team?notice=joined');
      } catch (err) {
        if (!isAppError(err)) throw err;
        return page(reply, acceptInvitationPage({ token, error: err.message }), err.httpStatus);
      }
    });

    scope.get('/dashboard/team', hide, async (req, reply) => {
      const s = await signedIn(req, reply);
      if (!s) return reply;
      const { members } = await callUnary(team, 'listMembers', {}, s.ctx);
      const { passkeys = [] } = await callUnary(d.clients.dashboardPasskeys, 'listPasskeys', {}, s.ctx);
      const notice = NOTICES[(req.query as { notice?: string }).notice ?? ''];
      const own = { head: PASSKEY_SCRIPT_TAG, section: passkeysSection({ csrf: s.csrf, passkeys }) };
      return page(reply, teamPage({ member: s.member, csrf: s.csrf, members: members ?? [], notice, passkeys: own }), 200, PASSKEY_PAGE_CSP);
    });

    scope.post('/dashboard/team/invite', hide, async (req, reply) => {
      const s = await signedPost(req, reply);
      if (!s) return reply;
      try {
        const invited = await callUnary(team, 'invite', { email: field(req, 'email'), role: field(req, 'role') }, s.ctx);
        const url = invitationUrl(d.baseUrl, invited.invitationToken ?? '');
        const mailer = d.mailer();
        if (mailer) {
          await mailer.send(invitationMail({ to: invited.member?.email ?? '', url, invitedBy: s.member.email ?? '', role: invited.member?.role ?? '' }));
          return seeOther(reply, '/dashboard/team?notice=invited');
        }
        const { members } = await callUnary(team, 'listMembers', {}, s.ctx);
        return page(reply, teamPage({ member: s.member, csrf: s.csrf, members: members ?? [], invitationUrl: url }));
      } catch (err) {
        return failed(reply, s, err);
      }
    });

    scope.post('/dashboard/team/:member/role', hide, async (req, reply) => {
      const s = await signedPost(req, reply);
      if (!s) return reply;
      try {
        await callUnary(team, 'changeRole', { memberId: memberParam(req), role: field(req, 'role') }, s.ctx);
        return seeOther(reply, '/dashboard/team?notice=role');
      } catch (err) {
        return failed(reply, s, err);
      }
    });

    scope.post('/dashboard/team/:member/remove', hide, async (req, reply) => {
      const s = await signedPost(req, reply);
      if (!s) return reply;
      try {
        await callUnary(team, 'removeMember', { memberId: memberParam(req) }, s.ctx);
        return seeOther(reply, '/dashboard/team?notice=removed');
      } catch (err) {
        return failed(reply, s, err);
      }
    });

    scope.get('/dashboard/keys', hide, async (req, reply) => {
      const s = await signedIn(req, reply);
      if (!s) return reply;
      try {
        const { projects = [] } = await callUnary(keys, 'listProjects', {}, s.ctx);
        const notice = NOTICES[(req.query as { notice?: string }).notice ?? ''];
        return page(reply, keysPage({ member: s.member, csrf: s.csrf, projects, notice }));
      } catch (err) {
        return failed(reply, s, err);
      }
    });

    scope.post('/dashboard/keys/projects', hide, async (req, reply) => {
      const s = await signedPost(req, reply);
      if (!s) return reply;
      try {
        const created = await callUnary(keys, 'createProject', { name: field(req, 'name') }, s.ctx);
        return revealAfter(reply, s, {
          kind: 'keys',
          title: 'Project created',
          keys: [
            { label: 'Secret key', value: created.secretKey ?? '' },
            { label: 'Public key', value: created.publicKey ?? '' },
          ],
          note: `Project ${created.projectId ?? ''}: its own keys, webhooks and API version, apart from your other projects.`,
        });
      } catch (err) {
        return failed(reply, s, err);
      }
    });

    scope.post('/dashboard/keys/projects/:project/restricted', hide, async (req, reply) => {
      const s = await signedPost(req, reply);
      if (!s) return reply;
      const scopes = RESTRICTED_SCOPES.filter((sc) => field(req, `scope:${sc}`) === '1');
      try {
        const created = await callUnary(keys, 'createRestrictedKey', { projectId: projectParam(req), scopes }, s.ctx);
        return revealAfter(reply, s, {
          kind: 'keys',
          title: 'Restricted key created',
          keys: [{ label: `Restricted key (${(created.scopes ?? []).join(', ')})`, value: created.key ?? '' }],
        });
      } catch (err) {
        return failed(reply, s, err);
      }
    });

    scope.post('/dashboard/keys/projects/:project/roll', hide, async (req, reply) => {
      const s = await signedPost(req, reply);
      if (!s) return reply;
      const overlap = Number(field(req, 'overlap_hours'));
      try {
        const kind = field(req, 'kind');
        const rolled = await callUnary(keys, 'rollKey', { projectId: projectParam(req), kind, overlapHours: Number.isInteger(overlap) ? overlap : -1 }, s.ctx);
        const until = rolled.previousExpireAt ? rolled.previousExpireAt.replace('T', ' ').slice(0, 16) : '';
        return revealAfter(reply, s, {
          kind: 'keys',
          title: kind === 'public' ? 'Public key rolled' : 'Secret key rolled',
          keys: [{ label: kind === 'public' ? 'New public key' : 'New secret key', value: rolled.key ?? '' }],
          note: overlap === 0 ? 'The old key stopped working now.' : `The old key keeps working until ${until} UTC.`,
        });
      } catch (err) {
        return failed(reply, s, err);
      }
    });

    scope.post('/dashboard/keys/:key/revoke', hide, async (req, reply) => {
      const s = await signedPost(req, reply);
      if (!s) return reply;
      try {
        await callUnary(keys, 'revokeKey', { keyId: (req.params as { key?: string }).key ?? '' }, s.ctx);
        return seeOther(reply, '/dashboard/keys?notice=revoked');
      } catch (err) {
        return failed(reply, s, err);
      }
    });

    scope.get('/dashboard/webhooks', hide, async (req, reply) => {
      const s = await signedIn(req, reply);
      if (!s) return reply;
      try {
        const { endpoints = [], projects = [] } = await callUnary(hooks, 'listEndpoints', {}, s.ctx);
        const notice = NOTICES[(req.query as { notice?: string }).notice ?? ''];
        return page(
          reply,
          webhooksPage({
            member: s.member,
            csrf: s.csrf,
            endpoints,
            projects: projects.map((p) => ({ id: p.id ?? '', name: p.name ?? '', apiVersion: p.apiVersion ?? '' })),
            notice,
          }),
        );
      } catch (err) {
        return failed(reply, s, err);
      }
    });

    scope.post('/dashboard/webhooks/projects/:project', hide, async (req, reply) => {
      const s = await signedPost(req, reply);
      if (!s) return reply;
      const events = WEBHOOK_EVENTS.map((e) => e.name).filter((name) => field(req, `event:${name}`) === '1');
      try {
        const created = await callUnary(
          hooks,
          'createEndpoint',
          { projectId: projectParam(req), url: field(req, 'url'), events, apiVersion: field(req, 'api_version') || undefined },
          s.ctx,
        );
        return revealAfter(reply, s, {
          kind: 'webhook',
          title: 'Endpoint created',
          endpointUrl: created.endpoint?.url ?? '',
          secret: created.secret ?? '',
          note: `Subscribed to ${(created.endpoint?.events ?? []).join(', ')}. Press "Send test event" to check that your receiver verifies the signature.`,
        });
      } catch (err) {
        return failed(reply, s, err);
      }
    });

    scope.post('/dashboard/webhooks/:endpoint/rotate', hide, async (req, reply) => {
      const s = await signedPost(req, reply);
      if (!s) return reply;
      const overlap = Number(field(req, 'overlap_hours'));
      try {
        const rotated = await callUnary(
          hooks,
          'rotateSecret',
          { endpointId: endpointParam(req), overlapHours: Number.isInteger(overlap) ? overlap : -1 },
          s.ctx,
        );
        const until = rotated.endpoint?.previousSecretExpiresAt;
        return revealAfter(reply, s, {
          kind: 'webhook',
          title: 'Signing secret rotated',
          endpointUrl: rotated.endpoint?.url ?? '',
          secret: rotated.secret ?? '',
          note: until
            ? `The old secret keeps signing too until ${until.replace('T', ' ').slice(0, 16)} UTC: each delivery carries one signature per secret.`
            : 'The old secret stopped signing now.',
        });
      } catch (err) {
        return failed(reply, s, err);
      }
    });

    for (const [action, enabled] of [
      ['enable', true],
      ['disable', false],
    ] as const) {
      scope.post(`/dashboard/webhooks/:endpoint/${action}`, hide, async (req, reply) => {
        const s = await signedPost(req, reply);
        if (!s) return reply;
        try {
          await callUnary(hooks, 'setEnabled', { endpointId: endpointParam(req), enabled }, s.ctx);
          return seeOther(reply, `/dashboard/webhooks?notice=${enabled ? 'enabled' : 'disabled'}`);
        } catch (err) {
          return failed(reply, s, err);
        }
      });
    }

    scope.post('/dashboard/webhooks/:endpoint/test', hide, async (req, reply) => {
      const s = await signedPost(req, reply);
      if (!s) return reply;
      try {
        const id = endpointParam(req);
        await callUnary(hooks, 'sendTest', { endpointId: id }, s.ctx);
        return seeOther(reply, `/dashboard/webhooks/${encodeURIComponent(id)}?notice=test`);
      } catch (err) {
        return failed(reply, s, err);
      }
    });

    scope.get('/dashboard/webhooks/:endpoint', hide, async (req, reply) => {
      const s = await signedIn(req, reply);
      if (!s) return reply;
      try {
        const log = await callUnary(hooks, 'listDeliveries', { endpointId: endpointParam(req) }, s.ctx);
        const q = req.query as { notice?: string; replayed?: string; more?: string };
        // A range replays at most 1000 a press; the rest are still undelivered, so the same press later takes them.
        const more = q.more === '1' ? ' More remain: press again once these are sent.' : '';
        const notice = q.replayed !== undefined ? `${Number(q.replayed) || 0} delivery(ies) replayed: they are sent now.${more}` : NOTICES[q.notice ?? ''];
        return page(reply, deliveriesPage({ member: s.member, csrf: s.csrf, endpoint: log.endpoint ?? {}, deliveries: log.deliveries ?? [], notice }));
      } catch (err) {
        return failed(reply, s, err);
      }
    });

    scope.post('/dashboard/webhooks/:endpoint/replay', hide, async (req, reply) => {
      const s = await signedPost(req, reply);
      if (!s) return reply;
      const id = endpointParam(req);
      const eventId = field(req, 'event_id');
      // datetime-local has no zone; the page shows and asks for UTC.
      const since = field(req, 'since');
      const which = eventId ? { eventId } : { since: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(since) ? `${since}Z` : since };
      try {
        const out = await callUnary(hooks, 'replay', { endpointId: id, ...which }, s.ctx);
        return seeOther(reply, `/dashboard/webhooks/${encodeURIComponent(id)}?replayed=${out.replayed ?? 0}${out.truncated ? '&more=1' : ''}`);
      } catch (err) {
        return failed(reply, s, err);
      }
    });

    reviewRoutes(scope, { reviews: d.clients.dashboardReviews, signedIn, signedPost, failed, page, seeOther, field });
    usageRoutes(scope, { clients: d.clients, signedIn, signedPost, failed, page, seeOther, field });

    scope.get('/dashboard/audit', hide, async (req, reply) => {
      const s = await signedIn(req, reply);
      if (!s) return reply;
      const before = (req.query as { before?: string }).before;
      const PAGE = 50;
      const { entries = [] } = await callUnary(team, 'getAuditLog', { before: before || undefined, limit: PAGE }, s.ctx);
      const last = entries.at(-1);
      const olderHref = entries.length === PAGE && last?.cursor ? `/dashboard/audit?before=${encodeURIComponent(last.cursor)}` : undefined;
      return page(reply, auditPage({ member: s.member, csrf: s.csrf, entries, olderHref }));
    });
  });
}

/** A page; `csp` relaxes the policy for the pages that need the passkey script (passkeys.views.ts). */
export function page(reply: FastifyReply, html: string, status = 200, csp?: string): FastifyReply {
  return reply
    .code(status)
    .headers(csp ? { ...DASHBOARD_PAGE_HEADERS, 'content-security-policy': csp } : DASHBOARD_PAGE_HEADERS)
    .send(html);
}

/** 303 after a form post, so a reload never posts again. */
export function seeOther(reply: FastifyReply, location: string): FastifyReply {
  return reply.code(303).header('location', location).header('cache-control', 'no-store').send();
}

export function field(req: FastifyRequest, name: string): string {
  const v = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' ? v : '';
}

const tokenParam = (req: FastifyRequest): string => {
  const t = (req.params as { token?: string }).token ?? '';
  return /^xdi_[A-Za-z0-9_-]{20,100}$/.test(t) ? t : 'xdi_invalid';
};

const projectParam = (req: FastifyRequest): string => (req.params as { project?: string }).project ?? '';

const endpointParam = (req: FastifyRequest): string => (req.params as { endpoint?: string }).endpoint ?? '';

const memberParam = (req: FastifyRequest): string => (req.params as { member?: string }).member ?? '';
