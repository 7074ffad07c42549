// Original file: protos/core.proto


export interface WalletDirectPost {
  'transactionId'?: (string);
  'response'?: (string);
  'error'?: (string);
  'errorDescription'?: (string);
  'state'?: (string);
  '_response'?: "response";
  '_error'?: "error";
  '_errorDescription'?: "errorDescription";
  '_state'?: "state";
}

export interface WalletDirectPost__Output {
  'transactionId'?: (string);
  'response'?: (string);
  'error'?: (string);
  'errorDescription'?: (string);
  'state'?: (string);
  '_response'?: "response";
  '_error'?: "error";
  '_errorDescription'?: "errorDescription";
  '_state'?: "state";
}
