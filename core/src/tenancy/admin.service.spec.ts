import { describe, expect, it } from 'vitest';
import { appError } from '@idgate/protos';
import type { LedgerView } from '../billing/billing.service.ts';
import type { AccountRow } from './tenancy.repository.ts';
import { AdminService } from './admin.service.ts';

function setup() {
  const accounts = new Map<string, AccountRow>([
    [
      'acc_1',
      {
        id: 'acc_1',
        name: 'Shop',
        plan: 'starter',
        suspended: false,
        monthlyBudgetCents: 5000,
        topUpChecks: 10,
        topUpVerifications: 0,
        createdAt: new Date('2026-01-01T00:00:00Z'),
      },
    ],
  ]);
  const forgotten: string[] = [];
  const updates: Record<string, unknown>[] = [];
  const admin = new AdminService({
    tenancy: {
      changeAccount: async (id: string, change: (row: AccountRow) => Partial<AccountRow>) => {
        const row = accounts.get(id);
        if (!row) return undefined;
        const patch = change(row);
        if (Object.keys(patch).length === 0) return false;
        updates.push(patch);
        accounts.set(id, { ...row, ...patch });
        return true;
      },
      listProjectIds: async () => ['prj_1', 'prj_2'],
    },
    tenancyService: {
      requireAccount: async (id: string) => {
        const a = accounts.get(id);
        if (!a) throw appError('NOT_FOUND');
        return a;
      },
      forgetAccount: (id: string) => void forgotten.push(`tenancy:${id}`),
    },
    billing: {
      forget: (id: string) => void forgotten.push(`billing:${id}`),
      ledger: async (account: AccountRow, month: string): Promise<LedgerView> => ({
        month,
        plan: account.plan,
        lines: [
          { kind: 'check', count: 3, included: 3, topUp: 1, metered: 0, absorbed: 0, amountCents: 0 },
          { kind: 'verification', count: 1, included: 0, topUp: 0, metered: 1, absorbed: 0, amountCents: 80 },
        ],
        totalCents: 80,
      }),
    },
  });
  return { admin, accounts, forgotten, updates };
}

describe('AdminService', () => {
  it('changes plan, budget and suspension, adds top-ups, and drops the cached admissions', async () => {
    const t = setup();
    const view = await t.admin.updateAccount({
      tenantId: 'acc_1',
      plan: 'growth',
      monthlyBudgetCents: '-1',
      suspended: true,
      topUpChecks: 5,
      topUpVerifications: 2,
    });
    expect(t.updates).toEqual([{ plan: 'growth', monthlyBudgetCents: null, suspended: true, topUpChecks: 15, topUpVerifications: 2 }]);
    expect(t.forgotten).toEqual(['tenancy:acc_1', 'billing:acc_1']);
    expect(view).toEqual({ tenantId: 'acc_1', name: 'Shop', plan: 'growth', monthlyBudgetCents: undefined, suspended: true, projectIds: ['prj_1', 'prj_2'] });
  });

  it('writes nothing and forgets nothing when nothing changes', async () => {
    const t = setup();
    const view = await t.admin.updateAccount({ tenantId: 'acc_1' });
    expect(t.updates).toEqual([]);
    expect(t.forgotten).toEqual([]);
    expect(view.monthlyBudgetCents).toBe('5000');
  });

  it('refuses an unknown plan, a bad budget and a negative top-up before writing', async () => {
    const t = setup();
    await expect(t.admin.updateAccount({ tenantId: 'acc_1', plan: 'platinum' })).rejects.toMatchObject({ code: 'REQUEST_INVALID' });
    await expect(t.admin.updateAccount({ tenantId: 'acc_1', monthlyBudgetCents: '-2' })).rejects.toMatchObject({ code: 'REQUEST_INVALID' });
    await expect(t.admin.updateAccount({ tenantId: 'acc_1', monthlyBudgetCents: '1.5' })).rejects.toMatchObject({ code: 'REQUEST_INVALID' });
    await expect(t.admin.updateAccount({ tenantId: 'acc_1', plan: 'growth', topUpChecks: -1 })).rejects.toMatchObject({ code: 'REQUEST_INVALID' });
    expect(t.updates).toEqual([]);
    await expect(t.admin.updateAccount({ tenantId: 'acc_9' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  /** The one field a refusal names, as the gateway's schema checks name them. */
  const fieldOf = (err: unknown) => (err as { details?: { fields?: { loc: string[] }[] } }).details?.fields?.map((f) => f.loc.join('.'));

  it('admin numbers wrap no more: a top-up outside int32, or one that would take the total past it, is refused by field', async () => {
    const t = setup();
    for (const [topUpChecks, field] of [
      [4_294_967_396, 'body.top_up_checks'],
      [2_147_483_648, 'body.top_up_checks'],
      [2_147_483_647 - 9, 'body.top_up_checks'], // 10 bought already: the total would be 2147483648
    ] as const) {
      const err = await t.admin.updateAccount({ tenantId: 'acc_1', topUpChecks }).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'REQUEST_INVALID' });
      expect(fieldOf(err)).toEqual([field]);
    }
    const budget = await t.admin.updateAccount({ tenantId: 'acc_1', monthlyBudgetCents: '9007199254740992' }).catch((e: unknown) => e);
    expect(fieldOf(budget)).toEqual(['body.monthly_budget_cents']);
    expect(t.updates).toEqual([]);
    await t.admin.updateAccount({ tenantId: 'acc_1', topUpChecks: 2_147_483_647 - 10 });
    expect(t.accounts.get('acc_1')?.topUpChecks).toBe(2_147_483_647);
  });

  it('billing ledger: a budget on a free or basic plan is refused by field, also when a plan change would keep one', async () => {
    const t = setup(); // starter with a budget of 5000
    for (const plan of ['free', 'basic']) {
      const err = await t.admin.updateAccount({ tenantId: 'acc_1', plan }).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'REQUEST_INVALID' });
      expect(fieldOf(err)).toEqual(['body.monthly_budget_cents']);
    }
    expect(t.updates).toEqual([]);
    await t.admin.updateAccount({ tenantId: 'acc_1', plan: 'basic', monthlyBudgetCents: '-1' });
    expect(t.accounts.get('acc_1')).toMatchObject({ plan: 'basic', monthlyBudgetCents: null });
    const err = await t.admin.updateAccount({ tenantId: 'acc_1', monthlyBudgetCents: '0' }).catch((e: unknown) => e);
    expect(fieldOf(err)).toEqual(['body.monthly_budget_cents']);
    await t.admin.updateAccount({ tenantId: 'acc_1', plan: 'scale', monthlyBudgetCents: '0' });
    expect(t.accounts.get('acc_1')).toMatchObject({ plan: 'scale', monthlyBudgetCents: 0 });
  });

  it('renders the ledger with amounts as strings (int64 on the wire)', async () => {
    const t = setup();
    expect(await t.admin.ledger('acc_1', '2026-03')).toEqual({
      tenantId: 'acc_1',
      month: '2026-03',
      plan: 'starter',
      totalCents: '80',
      lines: [
        { kind: 'check', count: 3, included: 3, topUp: 1, metered: 0, absorbed: 0, amountCents: '0' },
        { kind: 'verification', count: 1, included: 0, topUp: 0, metered: 1, absorbed: 0, amountCents: '80' },
      ],
    });
  });
});
