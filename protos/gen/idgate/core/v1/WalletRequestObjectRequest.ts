// Original file: protos/core.proto


export interface WalletRequestObjectRequest {
  'transactionId'?: (string);
  'walletNonce'?: (string);
  '_walletNonce'?: "walletNonce";
}

export interface WalletRequestObjectRequest__Output {
  'transactionId'?: (string);
  'walletNonce'?: (string);
  '_walletNonce'?: "walletNonce";
}
