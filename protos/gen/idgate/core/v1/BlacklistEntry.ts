// Original file: protos/core.proto


export interface BlacklistEntry {
  'id'?: (string);
  'source'?: (string);
  'reason'?: (string);
  'status'?: (string);
  'errorCode'?: (string);
  'createdAt'?: (string);
  'processedAt'?: (string);
  'errorReasons'?: (string)[];
  '_errorCode'?: "errorCode";
  '_processedAt'?: "processedAt";
}

export interface BlacklistEntry__Output {
  'id'?: (string);
  'source'?: (string);
  'reason'?: (string);
  'status'?: (string);
  'errorCode'?: (string);
  'createdAt'?: (string);
  'processedAt'?: (string);
  'errorReasons'?: (string)[];
  '_errorCode'?: "errorCode";
  '_processedAt'?: "processedAt";
}
