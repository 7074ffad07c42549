// Original file: protos/core.proto

import type { DashboardPasskeyMessage as _idgate_core_v1_DashboardPasskeyMessage, DashboardPasskeyMessage__Output as _idgate_core_v1_DashboardPasskeyMessage__Output } from '../../../idgate/core/v1/DashboardPasskeyMessage.ts';

export interface DashboardPasskeyList {
  'passkeys'?: (_idgate_core_v1_DashboardPasskeyMessage)[];
}

export interface DashboardPasskeyList__Output {
  'passkeys'?: (_idgate_core_v1_DashboardPasskeyMessage__Output)[];
}
