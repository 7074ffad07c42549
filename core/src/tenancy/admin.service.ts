import { appError, type core } from '@idgate/protos';
import { accountPatch } from './account-update.ts';
import type { TenancyRepository } from './tenancy.repository.ts';
import type { TenancyService } from './tenancy.service.ts';
import type { BillingService } from '../billing/billing.service.ts';

// Typed by the members used, so a unit spec can pass plain fakes.
interface Deps {
  tenancy: Pick<TenancyRepository, 'changeAccount' | 'listProjectIds'>;
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
    const written = await this.deps.tenancy.changeAccount(account.id, (row) => accountPatch(row, req));
    if (written === undefined) throw appError('TENANT_NOT_FOUND');
    if (written) {
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
