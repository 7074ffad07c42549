// Original file: protos/core.proto

import type { Long } from '@grpc/proto-loader';

export interface Account {
  'tenantId'?: (string);
  'name'?: (string);
  'plan'?: (string);
  'monthlyBudgetCents'?: (number | string | Long);
  'suspended'?: (boolean);
  'projectIds'?: (string)[];
  '_monthlyBudgetCents'?: "monthlyBudgetCents";
}

export interface Account__Output {
  'tenantId'?: (string);
  'name'?: (string);
  'plan'?: (string);
  'monthlyBudgetCents'?: (string);
  'suspended'?: (boolean);
  'projectIds'?: (string)[];
  '_monthlyBudgetCents'?: "monthlyBudgetCents";
}
