// Original file: protos/core.proto


export interface DashboardUsageLine {
  'kind'?: (string);
  'count'?: (number);
  'included'?: (number);
  'topUp'?: (number);
  'metered'?: (number);
  'absorbed'?: (number);
  'amountCents'?: (string);
  'allowance'?: (number);
  'allowanceUsed'?: (number);
  'topUpsBought'?: (number);
  'topUpsLeft'?: (number);
  'left'?: (number);
  'overageCents'?: (number);
  'refusal'?: (string);
  '_refusal'?: "refusal";
}

export interface DashboardUsageLine__Output {
  'kind'?: (string);
  'count'?: (number);
  'included'?: (number);
  'topUp'?: (number);
  'metered'?: (number);
  'absorbed'?: (number);
  'amountCents'?: (string);
  'allowance'?: (number);
  'allowanceUsed'?: (number);
  'topUpsBought'?: (number);
  'topUpsLeft'?: (number);
  'left'?: (number);
  'overageCents'?: (number);
  'refusal'?: (string);
  '_refusal'?: "refusal";
}
