// Original file: protos/core.proto

import type { ScreeningHitMessage as _idgate_core_v1_ScreeningHitMessage, ScreeningHitMessage__Output as _idgate_core_v1_ScreeningHitMessage__Output } from '../../../idgate/core/v1/ScreeningHitMessage.ts';

export interface ScreenNameReply {
  'hits'?: (_idgate_core_v1_ScreeningHitMessage)[];
  'threshold'?: (number | string);
}

export interface ScreenNameReply__Output {
  'hits'?: (_idgate_core_v1_ScreeningHitMessage__Output)[];
  'threshold'?: (number);
}
