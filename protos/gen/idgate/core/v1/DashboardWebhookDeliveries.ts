// Original file: protos/core.proto

import type { DashboardWebhookEndpoint as _idgate_core_v1_DashboardWebhookEndpoint, DashboardWebhookEndpoint__Output as _idgate_core_v1_DashboardWebhookEndpoint__Output } from '../../../idgate/core/v1/DashboardWebhookEndpoint.ts';
import type { DashboardWebhookDelivery as _idgate_core_v1_DashboardWebhookDelivery, DashboardWebhookDelivery__Output as _idgate_core_v1_DashboardWebhookDelivery__Output } from '../../../idgate/core/v1/DashboardWebhookDelivery.ts';

export interface DashboardWebhookDeliveries {
  'endpoint'?: (_idgate_core_v1_DashboardWebhookEndpoint | null);
  'deliveries'?: (_idgate_core_v1_DashboardWebhookDelivery)[];
}

export interface DashboardWebhookDeliveries__Output {
  'endpoint'?: (_idgate_core_v1_DashboardWebhookEndpoint__Output);
  'deliveries'?: (_idgate_core_v1_DashboardWebhookDelivery__Output)[];
}
