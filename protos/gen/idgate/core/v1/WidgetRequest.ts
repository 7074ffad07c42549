// Original file: protos/core.proto


export interface WidgetRequest {
  'renewNonce'?: (boolean);
}

export interface WidgetRequest__Output {
  'renewNonce'?: (boolean);
}
