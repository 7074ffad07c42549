import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appError, callUnary, type CallContext, type DecisionClients, type core } from '@idgate/protos';
import { sessionsPage, usagePage, type SessionFilters } from './usage.views.ts';

type Signed = { member: core.DashboardMember; token: string; csrf: string; ctx: CallContext };

/** What the section borrows from dashboardRoutes: its session checks, error page and answers. */
interface Kit {
  clients: DecisionClients;
  signedIn(req: FastifyRequest, reply: FastifyReply): Promise<Signed | undefined>;
  signedPost(req: FastifyRequest, reply: FastifyReply): Promise<Signed | undefined>;
  failed(reply: FastifyReply, s: Signed, err: unknown): FastifyReply;
  page(reply: FastifyReply, html: string, status?: number): FastifyReply;
  seeOther(reply: FastifyReply, location: string): FastifyReply;
  field(req: FastifyRequest, name: string): string;
}

const NOTICES: Record<string, string> = {
  budget: 'Budget saved: init follows it now.',
  'budget-off': 'Budget removed: metered use is not capped.',
};

/**
 * Usage and billing, and the sessions list (docs/dashboard.md): GET pages and the budget form. Core checks
 * usage.read and billing.manage; the page only hides what the member may not do.
 */
export function usageRoutes(scope: FastifyInstance, k: Kit): void {
  const api = k.clients.dashboardUsage;
  const hide = { schema: { hide: true } };

  scope.get('/dashboard/usage', hide, async (req, reply) => {
    const s = await k.signedIn(req, reply);
    if (!s) return reply;
    const q = req.query as { month?: string; notice?: string };
    try {
      const usage = await callUnary(api, 'getUsage', { month: typeof q.month === 'string' && q.month ? q.month : undefined }, s.ctx);
      return k.page(reply, usagePage({ member: s.member, csrf: s.csrf, usage, notice: NOTICES[q.notice ?? ''] }));
    } catch (err) {
      return k.failed(reply, s, err);
    }
  });

  scope.post('/dashboard/usage/budget', hide, async (req, reply) => {
    const s = await k.signedPost(req, reply);
    if (!s) return reply;
    const enabled = k.field(req, 'enabled') === '1';
    try {
      const cents = enabled ? centsOf(k.field(req, 'budget')) : '';
      await callUnary(api, 'setBudget', { enabled, monthlyBudgetCents: cents }, s.ctx);
      return k.seeOther(reply, `/dashboard/usage?notice=${enabled ? 'budget' : 'budget-off'}`);
    } catch (err) {
      return k.failed(reply, s, err);
    }
  });

  scope.get('/dashboard/sessions', hide, async (req, reply) => {
    const s = await k.signedIn(req, reply);
    if (!s) return reply;
    const q = req.query as Record<string, unknown>;
    const str = (name: string) => (typeof q[name] === 'string' ? (q[name] as string) : '');
    const filters: SessionFilters = { project: str('project'), status: str('status'), from: str('from'), to: str('to') };
    try {
      const list = await callUnary(
        api,
        'listSessions',
        {
          projectId: filters.project || undefined,
          status: filters.status || undefined,
          from: filters.from || undefined,
          to: filters.to || undefined,
          before: str('before') || undefined,
          after: str('after') || undefined,
        },
        s.ctx,
      );
      const href = (cursor: Record<string, string>) => {
        const p = new URLSearchParams({ project: list.projectId ?? '' });
        for (const [name, v] of Object.entries({ status: filters.status, from: filters.from, to: filters.to, ...cursor })) if (v) p.set(name, v);
        return `/dashboard/sessions?${p}`;
      };
      return k.page(
        reply,
        sessionsPage({
          member: s.member,
          csrf: s.csrf,
          list,
          filters,
          olderHref: list.older ? href({ before: list.older }) : undefined,
          newerHref: list.newer ? href({ after: list.newer }) : undefined,
        }),
      );
    } catch (err) {
      return k.failed(reply, s, err);
    }
  });
}

/** Whole cents from the form's dollars (`250`, `250.5`, `250.00`); anything else is refused with the catalogue's 400. */
function centsOf(raw: string): string {
  const m = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(raw);
  if (!m) throw appError('REQUEST_INVALID', { message: 'The budget must be an amount in US dollars, such as 500 or 500.00.' });
  return String(Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')));
}
