/**
 * Plans of spec §7.2/§8. The spec fixes the free credit and which plans stop or are post-paid;
 * the other numbers are ours and documented in docs/billing.md.
 * - `allowance`: included volume; `period` says whether it is one-time (free) or monthly.
 * - `stopsAtAllowance`: free and basic refuse new sessions with ALLOWANCE_EXHAUSTED;
 *   starter/growth/scale meter the extra at `overageCents` and are capped only by a budget.
 */
export type BillingKind = 'check' | 'verification';

export interface Plan {
  name: PlanName;
  period: 'one_time' | 'monthly';
  allowance: Record<BillingKind, number>;
  stopsAtAllowance: boolean;
  overageCents: Record<BillingKind, number>;
  includesDocumentVerification: boolean;
  /** Sanctions/PEP screening of document verifications (docs/screening.md). */
  amlScreening: boolean;
}

export const PLAN_NAMES = ['free', 'basic', 'starter', 'growth', 'scale'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export const PLANS: Record<PlanName, Plan> = {
  free: {
    name: 'free',
    period: 'one_time',
    allowance: { check: 1000, verification: 100 },
    stopsAtAllowance: true,
    overageCents: { check: 0, verification: 0 },
    includesDocumentVerification: true,
    amlScreening: true,
  },
  basic: {
    name: 'basic',
    period: 'monthly',
    allowance: { check: 5000, verification: 250 },
    stopsAtAllowance: true,
    overageCents: { check: 0, verification: 0 },
    includesDocumentVerification: true,
    amlScreening: false,
  },
  starter: {
    name: 'starter',
    period: 'monthly',
    allowance: { check: 10_000, verification: 500 },
    stopsAtAllowance: false,
    overageCents: { check: 2, verification: 80 },
    includesDocumentVerification: true,
    amlScreening: true,
  },
  growth: {
    name: 'growth',
    period: 'monthly',
    allowance: { check: 50_000, verification: 2500 },
    stopsAtAllowance: false,
    overageCents: { check: 1, verification: 60 },
    includesDocumentVerification: true,
    amlScreening: true,
  },
  scale: {
    name: 'scale',
    period: 'monthly',
    allowance: { check: 250_000, verification: 10_000 },
    stopsAtAllowance: false,
    overageCents: { check: 1, verification: 40 },
    includesDocumentVerification: true,
    amlScreening: true,
  },
};

export function isPlanName(s: string): s is PlanName {
  return (PLAN_NAMES as readonly string[]).includes(s);
}

/** Billing month of an instant, UTC: `YYYY-MM`. */
export function billingMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}
