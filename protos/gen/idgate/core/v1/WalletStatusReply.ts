// Original file: protos/core.proto

import type { WidgetState as _idgate_core_v1_WidgetState, WidgetState__Output as _idgate_core_v1_WidgetState__Output } from '../../../idgate/core/v1/WidgetState.ts';

export interface WalletStatusReply {
  'state'?: (string);
  'code'?: (string);
  'expiresAt'?: (string);
  'session'?: (_idgate_core_v1_WidgetState | null);
  '_code'?: "code";
  '_expiresAt'?: "expiresAt";
}

export interface WalletStatusReply__Output {
  'state'?: (string);
  'code'?: (string);
  'expiresAt'?: (string);
  'session'?: (_idgate_core_v1_WidgetState__Output);
  '_code'?: "code";
  '_expiresAt'?: "expiresAt";
}
