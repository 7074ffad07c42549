// Original file: protos/core.proto


export interface AuditLogRequest {
  'before'?: (string);
  'limit'?: (number);
  '_before'?: "before";
  '_limit'?: "limit";
}

export interface AuditLogRequest__Output {
  'before'?: (string);
  'limit'?: (number);
  '_before'?: "before";
  '_limit'?: "limit";
}
