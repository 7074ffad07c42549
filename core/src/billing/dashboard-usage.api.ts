import { appError, type CallContext, type core } from '@idgate/protos';
import type { Clock } from '../lib/clock.ts';
import type { SessionListRepository } from '../sessions/session-list.repository.ts';
import { SESSION_STATUSES } from '../sessions/session-state.ts';
import { accountPatch } from '../tenancy/account-update.ts';
import { billingMonth, type BillingKind } from '../tenancy/plans.ts';
import type { TeamGate } from '../tenancy/project-keys.api.ts';
import type { AccountRow, TenancyRepository } from '../tenancy/tenancy.repository.ts';
import type { TenancyService } from '../tenancy/tenancy.service.ts';
import type { BillingService } from './billing.service.ts';

const KINDS: readonly BillingKind[] = ['check', 'verification'];
const DEFAULT_PAGE = 50;
const MAX_PAGE = 100;
const DAY_MS = 86_400_000;

interface Deps {
  team: TeamGate;
  billing: Pick<BillingService, 'ledger' | 'planOf' | 'assertCanStart' | 'allowanceStates' | 'forget'>;
  tenancy: Pick<TenancyRepository, 'changeAccount' | 'listProjects'>;
  tenancyService: Pick<TenancyService, 'requireAccount' | 'forgetAccount'>;
  sessions: Pick<SessionListRepository, 'list'>;
  clock: Clock;
}

/**
 * Usage and billing, and the sessions list, over gRPC for the dashboard (docs/dashboard.md "Usage and
 * billing", "Sessions"). Reading needs `usage.read`; the budget needs `billing.manage`. Why init would
 * answer 402 now comes from the billing service's own admission check (assertCanStart, read-only), so the
 * page and init cannot disagree beyond init's one-second admission cache. Top-ups are bought through the
 * operator (`tenant update --top-up-…`): the domain has no packs and no tenant-side purchase, so none is
 * offered here. The sessions list carries no personal data: no user id, no claims, no tokens.
 */
export class DashboardUsageApi {
  private readonly d: Deps;

  constructor(d: Deps) {
    this.d = d;
  }

  async getUsage(req: core.DashboardUsageRequest, ctx: CallContext): Promise<core.DashboardUsage> {
    const actor = await this.d.team.actor(ctx, 'usage.read');
    const account = await this.d.tenancyService.requireAccount(actor.accountId);
    return this.usageOf(account, req.month || billingMonth(this.d.clock.now()));
  }

  async setBudget(req: core.DashboardBudgetRequest, ctx: CallContext): Promise<core.DashboardUsage> {
    const actor = await this.d.team.actor(ctx, 'billing.manage');
    const raw = req.enabled ? (req.monthlyBudgetCents ?? '').trim() : '-1';
    // '-1' is the operator API's "remove"; a member switches off with enabled = false instead.
    if (req.enabled && raw === '-1') throw appError('REQUEST_INVALID', { message: 'The budget must be a whole number of cents from 0.' });
    let before: number | null = null;
    // The operator's own validation (range; free and basic take no budget), under the account row's lock.
    const written = await this.d.tenancy.changeAccount(actor.accountId, (row) => {
      before = row.monthlyBudgetCents;
      const patch = accountPatch(row, { tenantId: row.id, monthlyBudgetCents: raw } as core.UpdateAccountRequest);
      return patch.monthlyBudgetCents === row.monthlyBudgetCents ? {} : patch;
    });
    if (written === undefined) throw appError('TENANT_NOT_FOUND');
    if (written) {
      // Init in this process sees the change at once; other cores within their one-second caches.
      this.d.tenancyService.forgetAccount(actor.accountId);
      this.d.billing.forget(actor.accountId);
      const after = req.enabled ? Number(raw) : null;
      await this.d.team.record(
        actor,
        after === null ? 'billing.budget_removed' : 'billing.budget_set',
        { type: 'account', id: actor.accountId },
        { from_cents: before === null ? 'none' : before, to_cents: after === null ? 'none' : after },
      );
    }
    const account = await this.d.tenancyService.requireAccount(actor.accountId);
    return this.usageOf(account, billingMonth(this.d.clock.now()));
  }

  async listSessions(req: core.DashboardSessionListRequest, ctx: CallContext): Promise<core.DashboardSessionList> {
    const actor = await this.d.team.actor(ctx, 'usage.read');
    const projects = await this.d.tenancy.listProjects(actor.accountId);
    // Another tenant's project reads as unknown, like one that does not exist: nothing of it is listed.
    const project = req.projectId ? projects.find((p) => p.id === req.projectId) : projects[0];
    if (!project) throw appError('PROJECT_NOT_FOUND');
    if (req.status && !(SESSION_STATUSES as readonly string[]).includes(req.status))
      throw appError('REQUEST_INVALID', { message: `status must be one of ${SESSION_STATUSES.join(', ')}.` });
    const from = req.from ? dayOf(req.from, 'from') : undefined;
    const to = req.to ? new Date(dayOf(req.to, 'to').getTime() + DAY_MS) : undefined;
    if (from && to && from >= to) throw appError('REQUEST_INVALID', { message: 'from must be on or before to.' });
    const limit = req.limit ?? DEFAULT_PAGE;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) throw appError('REQUEST_INVALID', { message: `limit must be 1 to ${MAX_PAGE}.` });
    if (req.before && req.after) throw appError('REQUEST_INVALID', { message: 'Send before or after, not both.' });
    const before = req.before ? cursorOf(req.before) : undefined;
    const after = req.after ? cursorOf(req.after) : undefined;
    // One row more than the page tells whether another page follows in the direction read.
    const rows = await this.d.sessions.list({ projectId: project.id, status: req.status || undefined, from, to, before, after, limit: limit + 1 });
    const more = rows.length > limit;
    const page = after ? (more ? rows.slice(1) : rows) : rows.slice(0, limit);
    const first = page[0];
    const last = page.at(-1);
    const older = last && (after || more) ? cursorText(last) : undefined;
    const newer = first && (before || (after && more)) ? cursorText(first) : undefined;
    return {
      projectId: project.id,
      projects: projects.map((p) => ({ id: p.id, name: p.name })),
      sessions: page.map((s) => ({
        id: s.id,
        status: s.status,
        verificationType: s.verificationType ?? undefined,
        path: s.path ?? undefined,
        ipCountry: s.ipCountry ?? undefined,
        createdAt: s.createdAt.toISOString(),
        completedAt: s.completedAt?.toISOString(),
      })),
      older,
      newer,
    };
  }

  private async usageOf(account: AccountRow, month: string): Promise<core.DashboardUsage> {
    const current = billingMonth(this.d.clock.now());
    const plan = this.d.billing.planOf(account);
    const [ledger, thisMonth, states, refusals] = await Promise.all([
      this.d.billing.ledger(account, month),
      month === current ? undefined : this.d.billing.ledger(account, current),
      this.d.billing.allowanceStates(account),
      Promise.all(KINDS.map((k) => this.refusal(account, k))),
    ]);
    return {
      month: ledger.month,
      currentMonth: current,
      plan: plan.name,
      planPeriod: plan.period,
      stopsAtAllowance: plan.stopsAtAllowance,
      lines: KINDS.map((kind, i) => {
        const l = ledger.lines.find((x) => x.kind === kind)!;
        const st = states[kind];
        return {
          kind,
          count: l.count,
          included: l.included,
          topUp: l.topUp,
          metered: l.metered,
          absorbed: l.absorbed,
          amountCents: String(l.amountCents),
          allowance: st.allowance,
          allowanceUsed: st.allowanceUsed,
          topUpsBought: st.topUpsBought,
          topUpsLeft: st.topUpsLeft,
          left: st.left,
          overageCents: plan.overageCents[kind],
          refusal: refusals[i],
        };
      }),
      totalCents: String(ledger.totalCents),
      budgetCents: account.monthlyBudgetCents === null ? undefined : String(account.monthlyBudgetCents),
      budgetApplies: !plan.stopsAtAllowance,
      monthSpendCents: String((thisMonth ?? ledger).totalCents),
      suspended: account.suspended,
    };
  }

  /** The 402 code init answers now for a session of `kind`, by init's own check; undefined when it admits. */
  private async refusal(account: AccountRow, kind: BillingKind): Promise<string | undefined> {
    try {
      await this.d.billing.assertCanStart(account, kind);
      return undefined;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'PAYMENT_REQUIRED' || code === 'ALLOWANCE_EXHAUSTED' || code === 'BUDGET_EXCEEDED') return code;
      throw err;
    }
  }
}

function dayOf(raw: string, name: string): Date {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? new Date(`${raw}T00:00:00.000Z`) : undefined;
  if (!at || Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== raw)
    throw appError('REQUEST_INVALID', { message: `${name} must be a date YYYY-MM-DD.` });
  return at;
}

/** Opaque keyset position: base64url of `created_at|id`. */
function cursorText(s: { createdAt: Date; id: string }): string {
  return Buffer.from(`${s.createdAt.toISOString()}|${s.id}`).toString('base64url');
}

function cursorOf(raw: string): { createdAt: Date; id: string } {
  const text = /^[A-Za-z0-9_-]{1,200}$/.test(raw) ? Buffer.from(raw, 'base64url').toString() : '';
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([\w-]{1,100})$/.exec(text);
  const createdAt = m ? new Date(m[1]!) : undefined;
  if (!m || !createdAt || Number.isNaN(createdAt.getTime()))
    throw appError('REQUEST_INVALID', { message: 'The page link is not valid; start from the first page.' });
  return { createdAt, id: m[2]! };
}
