// Original file: protos/core.proto


export interface WalletStartRequest {
  'channel'?: (string);
  'origin'?: (string);
  '_origin'?: "origin";
}

export interface WalletStartRequest__Output {
  'channel'?: (string);
  'origin'?: (string);
  '_origin'?: "origin";
}
