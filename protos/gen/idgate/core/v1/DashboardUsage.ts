// Original file: protos/core.proto

import type { DashboardUsageLine as _idgate_core_v1_DashboardUsageLine, DashboardUsageLine__Output as _idgate_core_v1_DashboardUsageLine__Output } from '../../../idgate/core/v1/DashboardUsageLine.ts';

export interface DashboardUsage {
  'month'?: (string);
  'currentMonth'?: (string);
  'plan'?: (string);
  'planPeriod'?: (string);
  'stopsAtAllowance'?: (boolean);
  'lines'?: (_idgate_core_v1_DashboardUsageLine)[];
  'totalCents'?: (string);
  'budgetCents'?: (string);
  'budgetApplies'?: (boolean);
  'monthSpendCents'?: (string);
  'suspended'?: (boolean);
  '_budgetCents'?: "budgetCents";
}

export interface DashboardUsage__Output {
  'month'?: (string);
  'currentMonth'?: (string);
  'plan'?: (string);
  'planPeriod'?: (string);
  'stopsAtAllowance'?: (boolean);
  'lines'?: (_idgate_core_v1_DashboardUsageLine__Output)[];
  'totalCents'?: (string);
  'budgetCents'?: (string);
  'budgetApplies'?: (boolean);
  'monthSpendCents'?: (string);
  'suspended'?: (boolean);
  '_budgetCents'?: "budgetCents";
}
