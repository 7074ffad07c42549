import { appError } from '@idgate/protos';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/tokens.ts';
import { PLANS, billingMonth, isPlanName, type BillingKind, type Plan } from '../tenancy/plans.ts';
import type { BillingRepository } from './billing.repository.ts';
import { isCovered, paidFrom, priceOf, unitsLeft, type UnitsUsed } from './paid-from.ts';
import type { AccountRow } from '../tenancy/tenancy.repository.ts';

interface Deps {
  /** Typed by the members used, so a unit spec can pass an in-memory ledger. */
  billing: Pick<BillingRepository, 'usage' | 'unitsUsed' | 'insertOnce' | 'lockAccount'>;
  clock: Clock;
}

export interface LedgerView {
  month: string;
  plan: string;
  lines: { kind: BillingKind; count: number; included: number; topUp: number; metered: number; absorbed: number; amountCents: number }[];
  totalCents: number;
}

/** How stale an admission decision may be (docs/billing.md). */
const ADMISSION_CACHE_MS = 1000;

/**
 * Billing (spec §7.2, §8): init refuses with 402 before any work; decisions are billed once,
 * attempts never; a session already in progress always finishes and is billed at its decision.
 */
export class BillingService {
  private readonly deps: Deps;
  // Init is the hot path: the admission answer (allowed, or which 402) per account and kind is
  // reused for ADMISSION_CACHE_MS instead of counting the ledger on every request. A plan change,
  // budget or suspension takes effect within that second.
  private readonly admissions = new Map<string, { until: number; error: string | null }>();

  constructor(deps: Deps) {
    this.deps = deps;
  }

  /** assertCanStart with a short-lived cache of its answer. */
  async admit(account: AccountRow, kind: BillingKind): Promise<void> {
    const key = `${account.id}:${kind}`;
    const now = this.deps.clock.now().getTime();
    const cached = this.admissions.get(key);
    if (cached && cached.until > now) {
      if (cached.error) throw appError(cached.error as 'PAYMENT_REQUIRED');
      return;
    }
    let error: string | null = null;
    try {
      await this.assertCanStart(account, kind);
    } catch (err) {
      error = (err as { code?: string }).code ?? null;
      throw err;
    } finally {
      if (this.admissions.size > 50_000) this.admissions.clear();
      this.admissions.set(key, { until: now + ADMISSION_CACHE_MS, error });
    }
  }

  /** Forgets cached admissions of an account (after an operator changed it). */
  forget(accountId: string): void {
    for (const key of this.admissions.keys()) if (key.startsWith(`${accountId}:`)) this.admissions.delete(key);
  }

  planOf(account: AccountRow): Plan {
    return PLANS[isPlanName(account.plan) ? account.plan : 'free'];
  }

  /**
   * The three 402 answers, in this order, each with its own code (never merged). A budget caps
   * metered spend, so it is read only on plans that meter: free and basic stop at their
   * allowance instead and never spend (the admin API refuses to set a budget on them).
   */
  async assertCanStart(account: AccountRow, kind: BillingKind): Promise<void> {
    if (account.suspended) throw appError('PAYMENT_REQUIRED');
    const plan = this.planOf(account);
    if (plan.stopsAtAllowance) {
      if (unitsLeft(plan, kind, await this.unitsUsed(account, plan, kind), topUps(account, kind)) <= 0) throw appError('ALLOWANCE_EXHAUSTED');
      return;
    }
    if (account.monthlyBudgetCents !== null && account.monthlyBudgetCents !== undefined) {
      const spent = (await this.deps.billing.usage(account.id, billingMonth(this.deps.clock.now()))).reduce((s, u) => s + u.amountCents, 0);
      if (spent >= account.monthlyBudgetCents) throw appError('BUDGET_EXCEEDED');
    }
  }

  /**
   * Stop-at-allowance plans (free, basic): ALLOWANCE_EXHAUSTED unless one more `kind` fits beside
   * the `inFlight` ones admitted but not yet billed. For work that is admitted and decided within
   * seconds (a Face 2FA verify), so that parallel requests cannot share the last unit. Call in a
   * transaction that holds lockAllowance(); the transaction that records such a decision and its
   * bill takes the same lock, so `inFlight` and the ledger are read as of one moment.
   */
  async assertRoomBesides(tx: Db, account: AccountRow, kind: BillingKind, inFlight: number): Promise<void> {
    const plan = this.planOf(account);
    if (!plan.stopsAtAllowance) return;
    if (unitsLeft(plan, kind, await this.unitsUsed(account, plan, kind, tx), topUps(account, kind)) <= inFlight) throw appError('ALLOWANCE_EXHAUSTED');
  }

  /** Serialises allowance reservations and bills of one account until `tx` ends (every core process). */
  async lockAllowance(tx: Db, accountId: string): Promise<void> {
    await this.deps.billing.lockAccount(tx, accountId);
  }

  /**
   * Bills one decision inside the caller's transaction; a second call for the same decision is a
   * no-op. Where it is paid from (paid-from.ts) depends on the units already used, so the bills
   * of one account are taken one at a time: two decisions finishing together cannot both take
   * the last unit of the allowance or of a top-up.
   */
  async billDecision(
    tx: Db,
    a: { account: AccountRow; projectId: string; sessionId: string | null; kind: BillingKind; idempotencyKey?: string },
  ): Promise<boolean> {
    const plan = this.planOf(a.account);
    const now = this.deps.clock.now();
    await this.lockAllowance(tx, a.account.id);
    const from = paidFrom(plan, a.kind, await this.unitsUsed(a.account, plan, a.kind, tx), topUps(a.account, a.kind));
    return this.deps.billing.insertOnce(
      {
        id: newId('bil_'),
        accountId: a.account.id,
        projectId: a.projectId,
        sessionId: a.sessionId,
        idempotencyKey: a.idempotencyKey ?? null,
        kind: a.kind,
        month: billingMonth(now),
        included: isCovered(from) ? 1 : 0,
        paidFrom: from,
        amountCents: priceOf(plan, a.kind, from),
        createdAt: now,
      },
      tx,
    );
  }

  async ledger(account: AccountRow, month: string): Promise<LedgerView> {
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw appError('REQUEST_INVALID', { message: 'month must be YYYY-MM.' });
    const usage = await this.deps.billing.usage(account.id, month);
    const lines = (['check', 'verification'] as const).map((kind) => {
      const u = usage.find((x) => x.kind === kind);
      return {
        kind,
        count: u?.count ?? 0,
        included: u?.included ?? 0,
        topUp: u?.topUp ?? 0,
        metered: u?.metered ?? 0,
        absorbed: u?.absorbed ?? 0,
        amountCents: u?.amountCents ?? 0,
      };
    });
    return { month, plan: account.plan, lines, totalCents: lines.reduce((s, l) => s + l.amountCents, 0) };
  }

  /**
   * What is left of each kind before a decision is metered or absorbed, from the same count billDecision and
   * assertCanStart use, in one read (read-only; the dashboard's usage page).
   */
  async allowanceStates(account: AccountRow): Promise<Record<BillingKind, AllowanceState>> {
    const plan = this.planOf(account);
    const used = await this.deps.billing.unitsUsed(account.id, periodOf(plan, this.deps.clock.now()));
    const state = (kind: BillingKind): AllowanceState => {
      const u = used.get(kind) ?? { allowance: 0, topUps: 0 };
      const bought = topUps(account, kind);
      return {
        allowance: plan.allowance[kind],
        allowanceUsed: u.allowance,
        topUpsBought: bought,
        topUpsLeft: Math.max(0, bought - u.topUps),
        left: unitsLeft(plan, kind, u, bought),
      };
    };
    return { check: state('check'), verification: state('verification') };
  }

  private async unitsUsed(account: AccountRow, plan: Plan, kind: BillingKind, tx?: Db): Promise<UnitsUsed> {
    return (await this.deps.billing.unitsUsed(account.id, periodOf(plan, this.deps.clock.now()), tx)).get(kind) ?? { allowance: 0, topUps: 0 };
  }
}

/** The allowance's period: the free credit is one-time (all time, null); other plans count the month. */
function periodOf(plan: Plan, now: Date): string | null {
  return plan.period === 'one_time' ? null : billingMonth(now);
}

export interface AllowanceState {
  allowance: number;
  allowanceUsed: number;
  topUpsBought: number;
  topUpsLeft: number;
  left: number;
}

function topUps(account: AccountRow, kind: BillingKind): number {
  return kind === 'check' ? account.topUpChecks : account.topUpVerifications;
}
