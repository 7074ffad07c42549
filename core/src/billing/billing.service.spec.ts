import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { ManualClock } from '../lib/clock.ts';
import type { AccountRow } from '../tenancy/tenancy.repository.ts';
import type { BillingEventRow, UsageSummary } from './billing.repository.ts';
import { BillingService } from './billing.service.ts';

/** The ledger in memory, with the repository's contract: one row per (session, kind) or idempotency key. */
function memoryLedger() {
  const rows: BillingEventRow[] = [];
  const billed = new Set<string>();
  let usageReads = 0;
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
            ? [{ kind, count: of.length, included: of.reduce((s, r) => s + r.included, 0), amountCents: of.reduce((s, r) => s + r.amountCents, 0) }]
            : [];
        });
      },
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
    expect(view.lines.find((l) => l.kind === 'verification')).toEqual({ kind: 'verification', count: 501, included: 500, amountCents: 80 });
    expect(view.totalCents).toBe(80);
  });

  it('answers the three 402s in order: suspended, allowance, budget', async () => {
    const t = setup();
    await expect(t.billing.assertCanStart(account({ suspended: true, plan: 'free' }), 'check')).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' });

    const basic = account({ plan: 'basic', monthlyBudgetCents: 0 });
    await t.bill(basic, 'verification', 250); // basic stops at its 250 verifications
    await expect(t.billing.assertCanStart(basic, 'verification')).rejects.toMatchObject({ code: 'ALLOWANCE_EXHAUSTED' });
    // A top-up makes room again; the budget is then the next answer.
    await expect(t.billing.assertCanStart({ ...basic, topUpVerifications: 1 }, 'verification')).rejects.toMatchObject({ code: 'BUDGET_EXCEEDED' });
    await expect(t.billing.assertCanStart({ ...basic, topUpVerifications: 1, monthlyBudgetCents: null }, 'verification')).resolves.toBeUndefined();
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
    t.ledger.rows.push(...Array.from({ length: 10 }, (_, i) => ({ ...t.ledger.rows[0], id: `bil_x${i}`, sessionId: `ses_x${i}` })));
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
    // A plan that bills overage never refuses.
    await expect(t.billing.assertRoomBesides(tx, { ...acc, plan: 'growth' }, 'verification', 1_000_000)).resolves.toBeUndefined();
  });

  it('refuses a malformed ledger month', async () => {
    const t = setup();
    await expect(t.billing.ledger(account(), '2026-13')).rejects.toMatchObject({ code: 'REQUEST_INVALID' });
  });
});
