import type { BillingKind, Plan } from '../tenancy/plans.ts';

/**
 * Where one billed decision is paid from (docs/billing.md, "The ledger"), in this order:
 * - `allowance`: the plan's included volume (one-time on free, monthly otherwise);
 * - `top_up`: a unit the operator added as bought (kept until used, across months);
 * - `metered`: starter, growth and scale bill the extra at the plan's overage price;
 * - `absorbed`: free and basic stop new sessions at their allowance, but a session already in
 *   flight still finishes (spec §7.2) and its decision is recorded at 0¢.
 * Only `allowance` and `top_up` rows use up a unit, so an absorbed decision never eats into a
 * top-up bought afterwards.
 */
export const PAID_FROM = ['allowance', 'top_up', 'metered', 'absorbed'] as const;
export type PaidFrom = (typeof PAID_FROM)[number];

/** Units of one kind already used: the allowance's in the plan's period, top-ups' over all time. */
export interface UnitsUsed {
  allowance: number;
  topUps: number;
}

/** Units of one kind still free to use before a decision is metered or absorbed. */
export function unitsLeft(plan: Plan, kind: BillingKind, used: UnitsUsed, topUpsBought: number): number {
  // A plan change can leave more used than the new plan includes: nothing is left then, never less.
  return Math.max(0, plan.allowance[kind] - used.allowance) + Math.max(0, topUpsBought - used.topUps);
}

/** Where the next decision of `kind` is paid from. */
export function paidFrom(plan: Plan, kind: BillingKind, used: UnitsUsed, topUpsBought: number): PaidFrom {
  if (used.allowance < plan.allowance[kind]) return 'allowance';
  if (used.topUps < topUpsBought) return 'top_up';
  return plan.stopsAtAllowance ? 'absorbed' : 'metered';
}

/** Price of one decision in cents: only metered overage costs anything. */
export function priceOf(plan: Plan, kind: BillingKind, from: PaidFrom): number {
  return from === 'metered' ? plan.overageCents[kind] : 0;
}

/** Whether the unit is covered by the plan (the ledger's `included`): the allowance or a top-up. */
export function isCovered(from: PaidFrom): boolean {
  return from === 'allowance' || from === 'top_up';
}
