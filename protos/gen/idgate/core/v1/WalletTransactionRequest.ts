// Original file: protos/core.proto


export interface WalletTransactionRequest {
  'transactionId'?: (string);
}

export interface WalletTransactionRequest__Output {
  'transactionId'?: (string);
}
