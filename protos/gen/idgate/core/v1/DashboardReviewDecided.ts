// Original file: protos/core.proto

import type { DashboardReview as _idgate_core_v1_DashboardReview, DashboardReview__Output as _idgate_core_v1_DashboardReview__Output } from '../../../idgate/core/v1/DashboardReview.ts';

export interface DashboardReviewDecided {
  'review'?: (_idgate_core_v1_DashboardReview | null);
  'retakeVerifyUrl'?: (string);
  'retakeExpiresAt'?: (string);
  '_retakeVerifyUrl'?: "retakeVerifyUrl";
  '_retakeExpiresAt'?: "retakeExpiresAt";
}

export interface DashboardReviewDecided__Output {
  'review'?: (_idgate_core_v1_DashboardReview__Output);
  'retakeVerifyUrl'?: (string);
  'retakeExpiresAt'?: (string);
  '_retakeVerifyUrl'?: "retakeVerifyUrl";
  '_retakeExpiresAt'?: "retakeExpiresAt";
}
