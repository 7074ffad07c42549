// Original file: protos/core.proto


export interface WalletDirectPostReply {
  'passed'?: (boolean);
}

export interface WalletDirectPostReply__Output {
  'passed'?: (boolean);
}
