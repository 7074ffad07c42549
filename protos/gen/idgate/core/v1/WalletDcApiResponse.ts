// Original file: protos/core.proto


export interface WalletDcApiResponse {
  'transactionId'?: (string);
  'origin'?: (string);
  'protocol'?: (string);
  'dataJson'?: (string);
}

export interface WalletDcApiResponse__Output {
  'transactionId'?: (string);
  'origin'?: (string);
  'protocol'?: (string);
  'dataJson'?: (string);
}
