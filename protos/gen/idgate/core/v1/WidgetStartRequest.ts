// Original file: protos/core.proto


export interface WidgetStartRequest {
  'initToken'?: (string);
}

export interface WidgetStartRequest__Output {
  'initToken'?: (string);
}
