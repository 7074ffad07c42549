// Original file: protos/core.proto


export interface WidgetStartRequest {
  'initToken'?: (string);
  'walletAvailable'?: (boolean);
  'serviceIdToken'?: (string);
  '_walletAvailable'?: "walletAvailable";
  '_serviceIdToken'?: "serviceIdToken";
}

export interface WidgetStartRequest__Output {
  'initToken'?: (string);
  'walletAvailable'?: (boolean);
  'serviceIdToken'?: (string);
  '_walletAvailable'?: "walletAvailable";
  '_serviceIdToken'?: "serviceIdToken";
}
