// Original file: protos/core.proto

import type { Long } from '@grpc/proto-loader';

export interface LedgerLine {
  'kind'?: (string);
  'count'?: (number);
  'included'?: (number);
  'amountCents'?: (number | string | Long);
  'topUp'?: (number);
  'metered'?: (number);
  'absorbed'?: (number);
}

export interface LedgerLine__Output {
  'kind'?: (string);
  'count'?: (number);
  'included'?: (number);
  'amountCents'?: (string);
  'topUp'?: (number);
  'metered'?: (number);
  'absorbed'?: (number);
}
