// Original file: protos/core.proto

import type { AuditEntryMessage as _idgate_core_v1_AuditEntryMessage, AuditEntryMessage__Output as _idgate_core_v1_AuditEntryMessage__Output } from '../../../idgate/core/v1/AuditEntryMessage.ts';

export interface AuditLog {
  'entries'?: (_idgate_core_v1_AuditEntryMessage)[];
}

export interface AuditLog__Output {
  'entries'?: (_idgate_core_v1_AuditEntryMessage__Output)[];
}
