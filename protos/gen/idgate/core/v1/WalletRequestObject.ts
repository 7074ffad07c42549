// Original file: protos/core.proto


export interface WalletRequestObject {
  'jwt'?: (string);
}

export interface WalletRequestObject__Output {
  'jwt'?: (string);
}
