// Original file: protos/core.proto

import type { BlacklistEntry as _idgate_core_v1_BlacklistEntry, BlacklistEntry__Output as _idgate_core_v1_BlacklistEntry__Output } from '../../../idgate/core/v1/BlacklistEntry.ts';

export interface BlacklistList {
  'entries'?: (_idgate_core_v1_BlacklistEntry)[];
  'nextCursor'?: (string);
  '_nextCursor'?: "nextCursor";
}

export interface BlacklistList__Output {
  'entries'?: (_idgate_core_v1_BlacklistEntry__Output)[];
  'nextCursor'?: (string);
  '_nextCursor'?: "nextCursor";
}
