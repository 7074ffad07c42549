// Original file: protos/core.proto

import type { Long } from '@grpc/proto-loader';

export interface UpdateAccountRequest {
  'tenantId'?: (string);
  'plan'?: (string);
  'monthlyBudgetCents'?: (number | string | Long);
  'suspended'?: (boolean);
  'topUpChecks'?: (number);
  'topUpVerifications'?: (number);
  '_plan'?: "plan";
  '_monthlyBudgetCents'?: "monthlyBudgetCents";
  '_suspended'?: "suspended";
  '_topUpChecks'?: "topUpChecks";
  '_topUpVerifications'?: "topUpVerifications";
}

export interface UpdateAccountRequest__Output {
  'tenantId'?: (string);
  'plan'?: (string);
  'monthlyBudgetCents'?: (string);
  'suspended'?: (boolean);
  'topUpChecks'?: (number);
  'topUpVerifications'?: (number);
  '_plan'?: "plan";
  '_monthlyBudgetCents'?: "monthlyBudgetCents";
  '_suspended'?: "suspended";
  '_topUpChecks'?: "topUpChecks";
  '_topUpVerifications'?: "topUpVerifications";
}
