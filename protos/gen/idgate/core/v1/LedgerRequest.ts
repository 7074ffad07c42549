// Original file: protos/core.proto


export interface LedgerRequest {
  'tenantId'?: (string);
  'month'?: (string);
}

export interface LedgerRequest__Output {
  'tenantId'?: (string);
  'month'?: (string);
}
