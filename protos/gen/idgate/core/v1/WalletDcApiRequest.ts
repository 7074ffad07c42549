// Original file: protos/core.proto


export interface WalletDcApiRequest {
  'protocol'?: (string);
  'dataJson'?: (string);
}

export interface WalletDcApiRequest__Output {
  'protocol'?: (string);
  'dataJson'?: (string);
}
