// Original file: protos/core.proto


export interface AuditEntryMessage {
  'id'?: (string);
  'actor'?: (string);
  'actorLabel'?: (string);
  'action'?: (string);
  'targetType'?: (string);
  'targetId'?: (string);
  'detailsJson'?: (string);
  'at'?: (string);
  'cursor'?: (string);
}

export interface AuditEntryMessage__Output {
  'id'?: (string);
  'actor'?: (string);
  'actorLabel'?: (string);
  'action'?: (string);
  'targetType'?: (string);
  'targetId'?: (string);
  'detailsJson'?: (string);
  'at'?: (string);
  'cursor'?: (string);
}
