// Original file: protos/core.proto

import type { DashboardWebhookEndpoint as _idgate_core_v1_DashboardWebhookEndpoint, DashboardWebhookEndpoint__Output as _idgate_core_v1_DashboardWebhookEndpoint__Output } from '../../../idgate/core/v1/DashboardWebhookEndpoint.ts';
import type { Delivery as _idgate_webhook_v1_Delivery, Delivery__Output as _idgate_webhook_v1_Delivery__Output } from '../../../idgate/webhook/v1/Delivery.ts';

export interface DashboardWebhookDeliveries {
  'endpoint'?: (_idgate_core_v1_DashboardWebhookEndpoint | null);
  'deliveries'?: (_idgate_webhook_v1_Delivery)[];
}

export interface DashboardWebhookDeliveries__Output {
  'endpoint'?: (_idgate_core_v1_DashboardWebhookEndpoint__Output);
  'deliveries'?: (_idgate_webhook_v1_Delivery__Output)[];
}
