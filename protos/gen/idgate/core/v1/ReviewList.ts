// Original file: protos/core.proto

import type { Review as _idgate_core_v1_Review, Review__Output as _idgate_core_v1_Review__Output } from '../../../idgate/core/v1/Review.ts';

export interface ReviewList {
  'reviews'?: (_idgate_core_v1_Review)[];
  'nextCursor'?: (string);
  '_nextCursor'?: "nextCursor";
}

export interface ReviewList__Output {
  'reviews'?: (_idgate_core_v1_Review__Output)[];
  'nextCursor'?: (string);
  '_nextCursor'?: "nextCursor";
}
