// Original file: protos/core.proto


export interface WidgetStartRequest {
  'initToken'?: (string);
  'walletAvailable'?: (boolean);
  'serviceIdHint'?: (boolean);
  '_walletAvailable'?: "walletAvailable";
  '_serviceIdHint'?: "serviceIdHint";
}

export interface WidgetStartRequest__Output {
  'initToken'?: (string);
  'walletAvailable'?: (boolean);
  'serviceIdHint'?: (boolean);
  '_walletAvailable'?: "walletAvailable";
  '_serviceIdHint'?: "serviceIdHint";
}
