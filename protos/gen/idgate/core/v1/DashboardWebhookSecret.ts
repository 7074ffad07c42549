// Original file: protos/core.proto

import type { DashboardWebhookEndpoint as _idgate_core_v1_DashboardWebhookEndpoint, DashboardWebhookEndpoint__Output as _idgate_core_v1_DashboardWebhookEndpoint__Output } from '../../../idgate/core/v1/DashboardWebhookEndpoint.ts';

export interface DashboardWebhookSecret {
  'endpoint'?: (_idgate_core_v1_DashboardWebhookEndpoint | null);
  'secret'?: (string);
}

export interface DashboardWebhookSecret__Output {
  'endpoint'?: (_idgate_core_v1_DashboardWebhookEndpoint__Output);
  'secret'?: (string);
}
