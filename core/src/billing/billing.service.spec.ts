import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { ManualClock } from '../lib/clock.ts';
import type { AccountRow } from '../tenancy/tenancy.repository.ts';
import type { BillingEventRow, UsageSummary } from './billing.repository.ts';
import { BillingService } from './billing.service.ts';
import type { UnitsUsed } from './paid-from.ts';

/** The ledger in memory, with the repository's contract: one row per (session, kind) or idempotency key. */
function memoryLedger() {
  const rows: BillingEventRow[] = [];
  const billed = new Set<string>();
  let usageReads = 0;
  const count = (of: BillingEventRow[], from: string) => of.filter((r) => r.paidFrom === from).length;
  return {
    rows,
    usageReads: () => usageReads,
    repo: {
      async insertOnce(row: BillingEventRow): Promise<boolean> {
        const keys = [row.sessionId ? `s:${row.sessionId}:${row.kind}` : null, row.idempotencyKey ? `i:${row.idempotencyKey}` : null].filter((k) => k !== null);
        if (keys.some((k) => billed.has(k))) return false;
        for (const k of keys) billed.add(k);
        rows.push(row);
        return true;
      },
      async usage(accountId: string, month: string | null): Promise<UsageSummary[]> {
        usageReads++;
        const mine = rows.filter((r) => r.accountId === accountId && (month === null || r.month === month));
        return (['check', 'verification'] as const).flatMap((kind) => {
          const of = mine.filter((r) => r.kind === kind);
          return of.length
            ? [
                {
                  kind,
                  count: of.length,
                  included: of.reduce((s, r) => s + r.included, 0),
                  topUp: count(of, 'top_up'),
                  metered: count(of, 'metered'),
                  absorbed: count(of, 'absorbed'),
                  amountCents: of.reduce((s, r) => s + r.amountCents, 0),
                },
              ]
            : [];
        });
      },
      async unitsUsed(accountId: string, month: string | null): Promise<Map<string, UnitsUsed>> {
        usageReads++;
        const mine = rows.filter((r) => r.accountId === accountId);
        return new Map(
          (['check', 'verification'] as const).map((kind) => {
            const of = mine.filter((r) => r.kind === kind);
            return [kind, { allowance: count(month === null ? of : of.filter((r) => r.month === month), 'allowance'), topUps: count(of, 'top_up') }];
          }),
        );
      },
      async lockAccount(): Promise<void> {},
    },
  };
}

function account(over: Partial<AccountRow> = {}): AccountRow {
  return {
    id: 'acc_1',
    name: 'A',
    plan: 'starter',
    suspended: false,
    monthlyBudgetCents: null,
    topUpChecks: 0,
    topUpVerifications: 0,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    ...over,
  };
}

const tx = {} as Db;

function setup(start = '2026-03-10T12:00:00Z') {
  const ledger = memoryLedger();
  const clock = new ManualClock(new Date(start));
  const billing = new BillingService({ billing: ledger.repo, clock });
  /** Bills `n` decisions of `kind`, each for its own session. */
  const bill = async (acc: AccountRow, kind: 'check' | 'verification', n: number) => {
    for (let i = 0; i < n; i++) await billing.billDecision(tx, { account: acc, projectId: 'prj_1', sessionId: `ses_${ledger.rows.length}`, kind });
  };
  return { ledger, clock, billing, bill };
}

describe('BillingService', () => {
  it("bills within the allowance at 0, then at the plan's overage price, once per decision", async () => {
    const t = setup();
    const acc = account({ plan: 'starter' });
    await t.bill(acc, 'verification', 500); // starter includes 500 verifications a month
    expect(await t.billing.billDecision(tx, { account: acc, projectId: 'prj_1', sessionId: 'ses_over', kind: 'verification' })).toBe(true);
    expect(await t.billing.billDecision(tx, { account: acc, projectId: 'prj_1', sessionId: 'ses_over', kind: 'verification' })).toBe(false);
    const view = await t.billing.ledger(acc, '2026-03');
    expect(view.lines.find((l) => l.kind === 'verification')).toEqual({
      kind: 'verification',
      count: 501,
      included: 500,
      topUp: 0,
      metered: 1,
      absorbed: 0,
      amountCents: 80,
    });
    expect(view.totalCents).toBe(80);
  });

  it('answers the 402s in order: suspended first, then the allowance (free, basic) or the budget (metered plans)', async () => {
    const t = setup();
    await expect(t.billing.assertCanStart(account({ suspended: true, plan: 'free' }), 'check')).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' });
    await expect(t.billing.assertCanStart(account({ suspended: true, plan: 'growth', monthlyBudgetCents: 0 }), 'check')).rejects.toMatchObject({
      code: 'PAYMENT_REQUIRED',
    });

    const basic = account({ id: 'acc_basic', plan: 'basic' });
    await t.bill(basic, 'verification', 250); // basic stops at its 250 verifications
    await expect(t.billing.assertCanStart(basic, 'verification')).rejects.toMatchObject({ code: 'ALLOWANCE_EXHAUSTED' });
    await expect(t.billing.assertCanStart({ ...basic, topUpVerifications: 1 }, 'verification')).resolves.toBeUndefined();

    const starter = account({ id: 'acc_starter', plan: 'starter', monthlyBudgetCents: 80 });
    await t.bill(starter, 'verification', 500);
    await expect(t.billing.assertCanStart(starter, 'check')).resolves.toBeUndefined();
    await t.bill(starter, 'verification', 1); // 80¢ of metered spend: the budget is reached
    await expect(t.billing.assertCanStart(starter, 'check')).rejects.toMatchObject({ code: 'BUDGET_EXCEEDED' });
    await expect(t.billing.assertCanStart({ ...starter, monthlyBudgetCents: 81 }, 'check')).resolves.toBeUndefined();
  });

  it('a budget has no effect on free and basic plans (no metered spend); starter, growth and scale honour it', async () => {
    const t = setup();
    // Rows written before budgets were refused on these plans: a budget of 0 must not turn every init into 402.
    for (const plan of ['free', 'basic']) await expect(t.billing.assertCanStart(account({ plan, monthlyBudgetCents: 0 }), 'check')).resolves.toBeUndefined();
    for (const plan of ['starter', 'growth', 'scale'])
      await expect(t.billing.assertCanStart(account({ plan, monthlyBudgetCents: 0 }), 'check')).rejects.toMatchObject({ code: 'BUDGET_EXCEEDED' });
  });

  it('an overage absorbed at 0 uses no unit: a top-up of 2 after the 101st Verification gives exactly 2 more', async () => {
    const t = setup();
    const free = account({ plan: 'free' });
    await t.bill(free, 'verification', 101); // the 101st was a session in flight when the credit ran out
    await expect(t.billing.assertCanStart(free, 'verification')).rejects.toMatchObject({ code: 'ALLOWANCE_EXHAUSTED' });
    const toppedUp = { ...free, topUpVerifications: 2 };
    for (let i = 0; i < 2; i++) {
      await expect(t.billing.assertCanStart(toppedUp, 'verification')).resolves.toBeUndefined();
      await t.bill(toppedUp, 'verification', 1);
    }
    await expect(t.billing.assertCanStart(toppedUp, 'verification')).rejects.toMatchObject({ code: 'ALLOWANCE_EXHAUSTED' });
    const line = (await t.billing.ledger(free, '2026-03')).lines.find((l) => l.kind === 'verification');
    expect(line).toEqual({ kind: 'verification', count: 103, included: 102, topUp: 2, metered: 0, absorbed: 1, amountCents: 0 });
  });

  it("top-ups are kept until used, across months, and are used after the month's allowance", async () => {
    const t = setup('2026-03-20T12:00:00Z');
    const basic = account({ plan: 'basic', topUpVerifications: 3 });
    await t.bill(basic, 'verification', 252); // 250 of the allowance, 2 of the 3 bought
    t.clock.set(new Date('2026-04-02T12:00:00Z'));
    await t.bill(basic, 'verification', 250); // April's allowance
    await expect(t.billing.assertCanStart(basic, 'verification')).resolves.toBeUndefined(); // the third bought unit
    await t.bill(basic, 'verification', 2); // one from the top-up, then one absorbed
    await expect(t.billing.assertCanStart(basic, 'verification')).rejects.toMatchObject({ code: 'ALLOWANCE_EXHAUSTED' });
    const march = (await t.billing.ledger(basic, '2026-03')).lines.find((l) => l.kind === 'verification');
    const april = (await t.billing.ledger(basic, '2026-04')).lines.find((l) => l.kind === 'verification');
    expect(march).toMatchObject({ count: 252, included: 252, topUp: 2, absorbed: 0 });
    expect(april).toMatchObject({ count: 252, included: 251, topUp: 1, absorbed: 1 });
  });

  it('a metered plan uses its allowance, then bought units, then meters the rest', async () => {
    const t = setup();
    const starter = account({ plan: 'starter', topUpChecks: 1 });
    await t.bill(starter, 'check', 1);
    // Starter includes 10,000 Checks a month: the other 9,999 as rows like the first (billing each would take seconds here).
    t.ledger.rows.push(...Array.from({ length: 9_999 }, (_, i) => ({ ...t.ledger.rows[0], id: `bil_c${i}`, sessionId: `ses_c${i}` })));
    await t.bill(starter, 'check', 2);
    const line = (await t.billing.ledger(starter, '2026-03')).lines.find((l) => l.kind === 'check');
    expect(line).toEqual({ kind: 'check', count: 10_002, included: 10_001, topUp: 1, metered: 1, absorbed: 0, amountCents: 2 });
  });

  it("counts the free plan's credit over all time, a monthly plan's by month", async () => {
    const t = setup('2026-03-31T23:00:00Z');
    const free = account({ id: 'acc_free', plan: 'free' });
    const basic = account({ id: 'acc_basic', plan: 'basic' });
    await t.bill(free, 'verification', 100);
    await t.bill(basic, 'verification', 250);
    t.clock.set(new Date('2026-04-01T01:00:00Z'));
    await expect(t.billing.assertCanStart(free, 'verification')).rejects.toMatchObject({ code: 'ALLOWANCE_EXHAUSTED' });
    await expect(t.billing.assertCanStart(basic, 'verification')).resolves.toBeUndefined();
  });

  it('admit caches its answer for a second, refusals included, and forget drops it', async () => {
    const t = setup();
    const acc = account({ plan: 'basic' });
    await t.bill(acc, 'verification', 250);
    await expect(t.billing.admit(acc, 'verification')).rejects.toMatchObject({ code: 'ALLOWANCE_EXHAUSTED' });
    const reads = t.ledger.usageReads();
    await expect(t.billing.admit(acc, 'verification')).rejects.toMatchObject({ code: 'ALLOWANCE_EXHAUSTED' });
    expect(t.ledger.usageReads()).toBe(reads); // answered from the cache
    // Room again (a top-up), but the cached refusal stands until it expires or is forgotten.
    const toppedUp = { ...acc, topUpVerifications: 10 };
    await expect(t.billing.admit(toppedUp, 'verification')).rejects.toMatchObject({ code: 'ALLOWANCE_EXHAUSTED' });
    t.billing.forget(acc.id);
    await expect(t.billing.admit(toppedUp, 'verification')).resolves.toBeUndefined();
    t.ledger.rows.push(...Array.from({ length: 10 }, (_, i) => ({ ...t.ledger.rows[0], id: `bil_x${i}`, sessionId: `ses_x${i}`, paidFrom: 'top_up' })));
    await expect(t.billing.admit(toppedUp, 'verification')).resolves.toBeUndefined(); // still cached
    t.clock.advance(1001);
    await expect(t.billing.admit(toppedUp, 'verification')).rejects.toMatchObject({ code: 'ALLOWANCE_EXHAUSTED' });
  });

  it('assertRoomBesides counts decisions admitted but not yet billed', async () => {
    const t = setup();
    const acc = account({ plan: 'basic' });
    await t.bill(acc, 'verification', 248);
    await expect(t.billing.assertRoomBesides(tx, acc, 'verification', 1)).resolves.toBeUndefined();
    await expect(t.billing.assertRoomBesides(tx, acc, 'verification', 2)).rejects.toMatchObject({ code: 'ALLOWANCE_EXHAUSTED' });
    // Bought units count as room too.
    await expect(t.billing.assertRoomBesides(tx, { ...acc, topUpVerifications: 1 }, 'verification', 2)).resolves.toBeUndefined();
    // A plan that bills overage never refuses.
    await expect(t.billing.assertRoomBesides(tx, { ...acc, plan: 'growth' }, 'verification', 1_000_000)).resolves.toBeUndefined();
  });

  it('refuses a malformed ledger month', async () => {
    const t = setup();
    await expect(t.billing.ledger(account(), '2026-13')).rejects.toMatchObject({ code: 'REQUEST_INVALID' });
  });
});
