// Original file: protos/core.proto

import type { LedgerLine as _idgate_core_v1_LedgerLine, LedgerLine__Output as _idgate_core_v1_LedgerLine__Output } from '../../../idgate/core/v1/LedgerLine.ts';
import type { Long } from '@grpc/proto-loader';

export interface Ledger {
  'tenantId'?: (string);
  'month'?: (string);
  'plan'?: (string);
  'lines'?: (_idgate_core_v1_LedgerLine)[];
  'totalCents'?: (number | string | Long);
}

export interface Ledger__Output {
  'tenantId'?: (string);
  'month'?: (string);
  'plan'?: (string);
  'lines'?: (_idgate_core_v1_LedgerLine__Output)[];
  'totalCents'?: (string);
}
