import { appError, type core } from '@idgate/protos';
import { isPlanName } from './plans.ts';
import type { TenancyRepository } from './tenancy.repository.ts';
import type { TenancyService } from './tenancy.service.ts';
import type { BillingService } from '../billing/billing.service.ts';

// Typed by the members used, so a unit spec can pass plain fakes.
interface Deps {
  tenancy: Pick<TenancyRepository, 'updateAccount' | 'listProjectIds'>;
  tenancyService: Pick<TenancyService, 'requireAccount' | 'forgetAccount'>;
  billing: Pick<BillingService, 'forget' | 'ledger'>;
}

/** Operator actions behind the admin API and CLI. */
export class AdminService {
  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }

  async updateAccount(req: core.UpdateAccountRequest): Promise<core.Account> {
    const account = await this.deps.tenancyService.requireAccount(req.tenantId ?? '');
    const patch: Record<string, unknown> = {};
    if (req.plan !== undefined) {
      if (!isPlanName(req.plan)) throw appError('REQUEST_INVALID', { message: 'plan must be free, basic, starter, growth or scale.' });
      patch.plan = req.plan;
    }
    if (req.monthlyBudgetCents !== undefined) {
      const cents = Number(req.monthlyBudgetCents);
      if (!Number.isSafeInteger(cents) || cents < -1)
        throw appError('REQUEST_INVALID', { message: 'monthly_budget_cents must be an integer >= 0, or -1 to remove the budget.' });
      patch.monthlyBudgetCents = cents === -1 ? null : cents;
    }
    if (req.suspended !== undefined) patch.suspended = req.suspended;
    for (const [field, column] of [
      ['topUpChecks', 'topUpChecks'],
      ['topUpVerifications', 'topUpVerifications'],
    ] as const) {
      const add = req[field];
      if (add === undefined) continue;
      if (!Number.isInteger(add) || add < 0) throw appError('REQUEST_INVALID', { message: 'top-ups must be positive integers.' });
      patch[column] = account[column] + add;
    }
    if (Object.keys(patch).length) {
      await this.deps.tenancy.updateAccount(account.id, patch);
      this.deps.tenancyService.forgetAccount(account.id);
      this.deps.billing.forget(account.id);
    }
    return this.getAccount(account.id);
  }

  async getAccount(tenantId: string): Promise<core.Account> {
    const account = await this.deps.tenancyService.requireAccount(tenantId);
    return {
      tenantId: account.id,
      name: account.name,
      plan: account.plan,
      monthlyBudgetCents: account.monthlyBudgetCents === null ? undefined : String(account.monthlyBudgetCents),
      suspended: account.suspended,
      projectIds: await this.deps.tenancy.listProjectIds(account.id),
    };
  }

  async ledger(tenantId: string, month: string): Promise<core.Ledger> {
    const account = await this.deps.tenancyService.requireAccount(tenantId);
    const view = await this.deps.billing.ledger(account, month);
    return {
      tenantId: account.id,
      month: view.month,
      plan: view.plan,
      lines: view.lines.map((l) => ({
        kind: l.kind,
        count: l.count,
        included: l.included,
        topUp: l.topUp,
        metered: l.metered,
        absorbed: l.absorbed,
        amountCents: String(l.amountCents),
      })),
      totalCents: String(view.totalCents),
    };
  }
}
