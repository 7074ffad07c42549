import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callUnary, type CallContext, type DecisionClients, type core } from '@idgate/protos';
import { blacklistPage, faceUserConfirmPage, faceUsersPage, rulesPage } from './rules.views.ts';

type Signed = { member: core.DashboardMember; token: string; csrf: string; ctx: CallContext };

/** What the section borrows from dashboard.routes.ts: the session checks and the page helpers. */
export interface DashboardKit {
  clients: DecisionClients;
  signedIn(req: FastifyRequest, reply: FastifyReply): Promise<Signed | undefined>;
  signedPost(req: FastifyRequest, reply: FastifyReply): Promise<Signed | undefined>;
  failed(reply: FastifyReply, s: Signed, err: unknown): FastifyReply;
  page(reply: FastifyReply, html: string, status?: number): FastifyReply;
  seeOther(reply: FastifyReply, location: string): FastifyReply;
  field(req: FastifyRequest, name: string): string;
}

const NOTICES: Record<string, string> = {
  saved: 'Rules saved: they take effect within 30 seconds.',
  added: 'Added to the blacklist: it counts from the next face check.',
  deleted: 'Entry deleted: it stops counting from the next face check.',
  user_deleted: "The user's enrolled face and challenges are deleted.",
  user_none: 'That user had no enrolled face in this project; nothing was left to delete.',
};

/**
 * The Rules section (docs/dashboard.md "Rules"): project rules, the account's blacklist and Face 2FA users,
 * behind `rules.manage` (checked by core). Posts answer 303 to the page with a notice; a refused change shows
 * the catalogue error with its status.
 */
export function dashboardRulesRoutes(scope: FastifyInstance, k: DashboardKit): void {
  const rules = k.clients.dashboardRules;
  const hide = { schema: { hide: true } };
  const noticeOf = (req: FastifyRequest) => NOTICES[(req.query as { notice?: string }).notice ?? ''];

  scope.get('/dashboard/rules', hide, async (req, reply) => {
    const s = await k.signedIn(req, reply);
    if (!s) return reply;
    try {
      const projectId = (req.query as { project?: string }).project ?? '';
      const shown = await callUnary(rules, 'getRules', { projectId }, s.ctx);
      return k.page(reply, rulesPage({ member: s.member, csrf: s.csrf, rules: shown, notice: noticeOf(req) }));
    } catch (err) {
      return k.failed(reply, s, err);
    }
  });

  scope.post('/dashboard/rules/projects/:project', hide, async (req, reply) => {
    const s = await k.signedPost(req, reply);
    if (!s) return reply;
    const projectId = (req.params as { project?: string }).project ?? '';
    const custom = k.field(req, 'countries_mode') === 'custom';
    const methods = ['document', 'wallet', 'facial_estimate'].filter((m) => k.field(req, `method:${m}`) === '1');
    const days = k.field(req, 'token_max_age_days').trim();
    const change: core.SetProjectRulesRequest = {
      contentCategory: k.field(req, 'content_category'),
      useDefaultList: !custom,
      restrictedCountries: custom ? countriesOf(k.field(req, 'countries')) : [],
      serverSideChecks: k.field(req, 'server_side_checks') === '1',
      setTokenMethods: true,
      tokenMethods: methods,
      // Not a whole number of days (or 0, which the wire reads as "back to the default"): -1, which core refuses.
      tokenMaxAgeDays: /^\d{1,5}$/.test(days) && Number(days) > 0 ? Number(days) : -1,
    };
    try {
      await callUnary(rules, 'setRules', { projectId, change }, s.ctx);
      return k.seeOther(reply, `/dashboard/rules?project=${encodeURIComponent(projectId)}&notice=saved`);
    } catch (err) {
      return k.failed(reply, s, err);
    }
  });

  scope.get('/dashboard/blacklist', hide, async (req, reply) => {
    const s = await k.signedIn(req, reply);
    if (!s) return reply;
    try {
      const cursor = (req.query as { cursor?: string }).cursor;
      const list = await callUnary(rules, 'listBlacklist', { cursor: cursor || undefined }, s.ctx);
      const olderHref = list.nextCursor ? `/dashboard/blacklist?cursor=${encodeURIComponent(list.nextCursor)}` : undefined;
      return k.page(reply, blacklistPage({ member: s.member, csrf: s.csrf, entries: list.entries ?? [], olderHref, notice: noticeOf(req) }));
    } catch (err) {
      return k.failed(reply, s, err);
    }
  });

  scope.post('/dashboard/blacklist/session', hide, async (req, reply) => {
    const s = await k.signedPost(req, reply);
    if (!s) return reply;
    try {
      await callUnary(rules, 'addBlacklistSession', { session: k.field(req, 'session'), reason: k.field(req, 'reason') }, s.ctx);
      return k.seeOther(reply, '/dashboard/blacklist?notice=added');
    } catch (err) {
      return k.failed(reply, s, err);
    }
  });

  scope.post('/dashboard/blacklist/:entry/delete', hide, async (req, reply) => {
    const s = await k.signedPost(req, reply);
    if (!s) return reply;
    try {
      await callUnary(rules, 'deleteBlacklistEntry', { entryId: (req.params as { entry?: string }).entry ?? '' }, s.ctx);
      return k.seeOther(reply, '/dashboard/blacklist?notice=deleted');
    } catch (err) {
      return k.failed(reply, s, err);
    }
  });

  scope.get('/dashboard/face-2fa', hide, async (req, reply) => {
    const s = await k.signedIn(req, reply);
    if (!s) return reply;
    try {
      // getRules checks rules.manage and lists the account's projects.
      const { projects = [] } = await callUnary(rules, 'getRules', {}, s.ctx);
      return k.page(reply, faceUsersPage({ member: s.member, csrf: s.csrf, projects, notice: noticeOf(req) }));
    } catch (err) {
      return k.failed(reply, s, err);
    }
  });

  scope.post('/dashboard/face-2fa/confirm', hide, async (req, reply) => {
    const s = await k.signedPost(req, reply);
    if (!s) return reply;
    try {
      // The project is checked now (permission, owner), so the confirmation never offers another tenant's.
      const shown = await callUnary(rules, 'getRules', { projectId: k.field(req, 'project') || 'none' }, s.ctx);
      const project = (shown.projects ?? []).find((p) => p.id === shown.projectId) ?? { id: shown.projectId, name: shown.projectId };
      return k.page(reply, faceUserConfirmPage({ member: s.member, csrf: s.csrf, project, userId: k.field(req, 'user_id') }));
    } catch (err) {
      return k.failed(reply, s, err);
    }
  });

  scope.post('/dashboard/face-2fa/delete', hide, async (req, reply) => {
    const s = await k.signedPost(req, reply);
    if (!s) return reply;
    try {
      const out = await callUnary(rules, 'deleteFaceUser', { projectId: k.field(req, 'project'), userId: k.field(req, 'user_id') }, s.ctx);
      return k.seeOther(reply, `/dashboard/face-2fa?notice=${out.deleted ? 'user_deleted' : 'user_none'}`);
    } catch (err) {
      return k.failed(reply, s, err);
    }
  });
}

/** "us, GB de" → ["us", "GB", "de"]: core checks each code and upper-cases it. */
function countriesOf(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}
