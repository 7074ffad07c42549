// Original file: protos/core.proto


export interface DashboardBudgetRequest {
  'enabled'?: (boolean);
  'monthlyBudgetCents'?: (string);
}

export interface DashboardBudgetRequest__Output {
  'enabled'?: (boolean);
  'monthlyBudgetCents'?: (string);
}
