import { ADMIN_LIMITS, INT32_MAX, invalidField, type core } from '@idgate/protos';
import { PLANS, isPlanName, PLAN_NAMES } from './plans.ts';
import type { AccountRow } from './tenancy.repository.ts';

export type AccountPatch = Partial<Pick<AccountRow, 'plan' | 'monthlyBudgetCents' | 'suspended' | 'topUpChecks' | 'topUpVerifications'>>;

/**
 * What an operator's update (`PATCH /admin/v1/tenants/{id}`) changes on `row`, or
 * REQUEST_INVALID naming the field (by its name in the HTTP body, as the gateway's schema
 * checks do). Top-ups are added to what was bought before; the total must fit its int32 column.
 * A budget caps metered spend, so the result may not be a free or basic plan with a budget
 * (docs/billing.md): those plans stop at their allowance and never spend.
 */
export function accountPatch(row: AccountRow, req: core.UpdateAccountRequest): AccountPatch {
  const patch: AccountPatch = {};
  if (req.plan !== undefined) {
    if (!isPlanName(req.plan)) throw invalidField(['body', 'plan'], `plan must be one of ${PLAN_NAMES.join(', ')}`, 'enum');
    patch.plan = req.plan;
  }
  if (req.monthlyBudgetCents !== undefined) patch.monthlyBudgetCents = budgetOf(String(req.monthlyBudgetCents));
  if (req.suspended !== undefined) patch.suspended = req.suspended;
  if (req.topUpChecks !== undefined) patch.topUpChecks = addTopUp(row.topUpChecks, req.topUpChecks, 'top_up_checks');
  if (req.topUpVerifications !== undefined) patch.topUpVerifications = addTopUp(row.topUpVerifications, req.topUpVerifications, 'top_up_verifications');

  const planName = patch.plan ?? row.plan;
  const plan = PLANS[isPlanName(planName) ? planName : 'free'];
  const budget = patch.monthlyBudgetCents === undefined ? row.monthlyBudgetCents : patch.monthlyBudgetCents;
  if (plan.stopsAtAllowance && budget !== null)
    throw invalidField(
      ['body', 'monthly_budget_cents'],
      `the ${plan.name} plan stops at its allowance and has no metered spend, so it takes no budget: a budget applies to starter, growth and scale` +
        (patch.plan !== undefined && req.monthlyBudgetCents === undefined ? '; send monthly_budget_cents: null with the plan change to remove it' : ''),
      'plan',
    );
  return patch;
}

/** `-1` removes the budget (the gateway sends it for a JSON null); otherwise a whole number of cents in range. */
function budgetOf(raw: string): number | null {
  if (raw === '-1') return null;
  const { min, max } = ADMIN_LIMITS.monthlyBudgetCents;
  const cents = Number(raw);
  if (!/^[0-9]+$/.test(raw) || cents < min || cents > max)
    throw invalidField(
      ['body', 'monthly_budget_cents'],
      `monthly_budget_cents must be a whole number from ${min} to ${max}, or null to remove the budget`,
      'range',
    );
  return cents;
}

function addTopUp(bought: number, add: number, field: string): number {
  const { min, max } = ADMIN_LIMITS.topUp;
  if (!Number.isInteger(add) || add < min || add > max) throw invalidField(['body', field], `${field} must be a whole number from ${min} to ${max}`, 'range');
  if (bought + add > INT32_MAX)
    throw invalidField(['body', field], `${field}: the account has ${bought} bought already; the total may not exceed ${INT32_MAX}`, 'range');
  return bought + add;
}
