// Original file: protos/core.proto

import type { DashboardReview as _idgate_core_v1_DashboardReview, DashboardReview__Output as _idgate_core_v1_DashboardReview__Output } from '../../../idgate/core/v1/DashboardReview.ts';
import type { DashboardReviewProject as _idgate_core_v1_DashboardReviewProject, DashboardReviewProject__Output as _idgate_core_v1_DashboardReviewProject__Output } from '../../../idgate/core/v1/DashboardReviewProject.ts';

export interface DashboardReviewList {
  'reviews'?: (_idgate_core_v1_DashboardReview)[];
  'projects'?: (_idgate_core_v1_DashboardReviewProject)[];
  'truncated'?: (boolean);
  'nextCursor'?: (string);
  'prevCursor'?: (string);
  '_nextCursor'?: "nextCursor";
  '_prevCursor'?: "prevCursor";
}

export interface DashboardReviewList__Output {
  'reviews'?: (_idgate_core_v1_DashboardReview__Output)[];
  'projects'?: (_idgate_core_v1_DashboardReviewProject__Output)[];
  'truncated'?: (boolean);
  'nextCursor'?: (string);
  'prevCursor'?: (string);
  '_nextCursor'?: "nextCursor";
  '_prevCursor'?: "prevCursor";
}
