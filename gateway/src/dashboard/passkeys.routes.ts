import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callUnary, isAppError, type CallContext, type DecisionClients, type core } from '@idgate/protos';
import { csrfMatches, sessionCookie } from './dashboard-session.ts';
import { dashboardPasskeysScript } from './passkeys.script.ts';

type Signed = { member: core.DashboardMember; token: string; csrf: string; ctx: CallContext };

interface Kit {
  clients: DecisionClients;
  secure: boolean;
  ctxOf(req: FastifyRequest, token?: string): CallContext;
  signedIn(req: FastifyRequest, reply: FastifyReply): Promise<Signed | undefined>;
  signedPost(req: FastifyRequest, reply: FastifyReply): Promise<Signed | undefined>;
  failed(reply: FastifyReply, s: Signed, err: unknown): FastifyReply;
  seeOther(reply: FastifyReply, location: string): FastifyReply;
}

/**
 * A member's passkeys (docs/dashboard.md): the script, the JSON ceremony endpoints the script calls
 * and the remove form. Core verifies every ceremony (core/src/team/team-passkeys.ts); the gateway
 * carries the browser's JSON. Every post passed the dashboard's Origin check first; the adding
 * endpoints also need the session and its CSRF token (header `x-csrf-token`).
 */
export function passkeyRoutes(scope: FastifyInstance, k: Kit): void {
  const api = k.clients.dashboardPasskeys;
  const hide = { schema: { hide: true } };

  /** A catalogue error as JSON, with its status (the script shows `message`). */
  const jsonError = (reply: FastifyReply, err: unknown) => {
    if (!isAppError(err)) throw err;
    return reply.code(err.httpStatus).header('cache-control', 'no-store').send({ code: err.code, message: err.message });
  };
  const responseJson = (req: FastifyRequest) => JSON.stringify((req.body as { response?: unknown } | undefined)?.response ?? null);

  scope.get('/dashboard/passkeys.js', hide, async (_req, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(dashboardPasskeysScript()),
  );

  scope.post('/dashboard/passkeys/sign-in/options', hide, async (req, reply) => {
    try {
      const { optionsJson } = await callUnary(api, 'signInOptions', {}, k.ctxOf(req));
      return reply.header('cache-control', 'no-store').type('application/json').send(optionsJson);
    } catch (err) {
      return jsonError(reply, err);
    }
  });

  scope.post('/dashboard/passkeys/sign-in', hide, async (req, reply) => {
    try {
      const session = await callUnary(api, 'signInWithPasskey', { responseJson: responseJson(req) }, k.ctxOf(req));
      void reply.header('set-cookie', sessionCookie(session.sessionToken ?? '', k.secure));
      return reply.header('cache-control', 'no-store').send({ redirect_to: '/dashboard/team' });
    } catch (err) {
      return jsonError(reply, err);
    }
  });

  /** The signed-in member of a JSON post with the CSRF header; otherwise the JSON answer is sent here. */
  async function signedJson(req: FastifyRequest, reply: FastifyReply): Promise<Signed | undefined> {
    const s = await k.signedIn(req, reply);
    if (!s) return undefined;
    if (!csrfMatches(s.token, req.headers['x-csrf-token'])) {
      void reply.code(403).send({ code: 'CSRF', message: 'This page has expired; reload it and try again.' });
      return undefined;
    }
    return s;
  }

  scope.post('/dashboard/passkeys/options', hide, async (req, reply) => {
    const s = await signedJson(req, reply);
    if (!s) return reply;
    try {
      const { optionsJson } = await callUnary(api, 'registrationOptions', {}, s.ctx);
      return reply.header('cache-control', 'no-store').type('application/json').send(optionsJson);
    } catch (err) {
      return jsonError(reply, err);
    }
  });

  scope.post('/dashboard/passkeys', hide, async (req, reply) => {
    const s = await signedJson(req, reply);
    if (!s) return reply;
    const name = (req.body as { name?: unknown } | undefined)?.name;
    try {
      await callUnary(api, 'addPasskey', { responseJson: responseJson(req), name: typeof name === 'string' ? name : '' }, s.ctx);
      return reply.header('cache-control', 'no-store').send({ redirect_to: '/dashboard/team?notice=passkey-added' });
    } catch (err) {
      return jsonError(reply, err);
    }
  });

  scope.post('/dashboard/passkeys/:passkey/remove', hide, async (req, reply) => {
    const s = await k.signedPost(req, reply);
    if (!s) return reply;
    try {
      await callUnary(api, 'removePasskey', { passkeyId: (req.params as { passkey?: string }).passkey ?? '' }, s.ctx);
      return k.seeOther(reply, '/dashboard/team?notice=passkey-removed');
    } catch (err) {
      return k.failed(reply, s, err);
    }
  });
}
