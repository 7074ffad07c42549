// Original file: protos/core.proto

import type { Review as _idgate_core_v1_Review, Review__Output as _idgate_core_v1_Review__Output } from '../../../idgate/core/v1/Review.ts';

export interface RetakeReply {
  'review'?: (_idgate_core_v1_Review | null);
  'initToken'?: (string);
  'verifyUrl'?: (string);
  'expiresAt'?: (string);
}

export interface RetakeReply__Output {
  'review'?: (_idgate_core_v1_Review__Output);
  'initToken'?: (string);
  'verifyUrl'?: (string);
  'expiresAt'?: (string);
}
