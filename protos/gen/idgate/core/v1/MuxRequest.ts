// Original file: protos/core.proto


export interface MuxRequest {
  'id'?: (number);
  'method'?: (string);
  'payload'?: (Buffer | Uint8Array | string);
  'apiKey'?: (string);
  'widgetSession'?: (string);
  'requestId'?: (string);
  'clientIp'?: (string);
  'deadlineUnixMs'?: (number | string);
  '_apiKey'?: "apiKey";
  '_widgetSession'?: "widgetSession";
  '_requestId'?: "requestId";
  '_clientIp'?: "clientIp";
  '_deadlineUnixMs'?: "deadlineUnixMs";
}

export interface MuxRequest__Output {
  'id'?: (number);
  'method'?: (string);
  'payload'?: (Buffer);
  'apiKey'?: (string);
  'widgetSession'?: (string);
  'requestId'?: (string);
  'clientIp'?: (string);
  'deadlineUnixMs'?: (number);
  '_apiKey'?: "apiKey";
  '_widgetSession'?: "widgetSession";
  '_requestId'?: "requestId";
  '_clientIp'?: "clientIp";
  '_deadlineUnixMs'?: "deadlineUnixMs";
}
