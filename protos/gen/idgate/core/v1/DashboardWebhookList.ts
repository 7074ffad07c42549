// Original file: protos/core.proto

import type { DashboardWebhookEndpoint as _idgate_core_v1_DashboardWebhookEndpoint, DashboardWebhookEndpoint__Output as _idgate_core_v1_DashboardWebhookEndpoint__Output } from '../../../idgate/core/v1/DashboardWebhookEndpoint.ts';
import type { DashboardWebhookProject as _idgate_core_v1_DashboardWebhookProject, DashboardWebhookProject__Output as _idgate_core_v1_DashboardWebhookProject__Output } from '../../../idgate/core/v1/DashboardWebhookProject.ts';

export interface DashboardWebhookList {
  'endpoints'?: (_idgate_core_v1_DashboardWebhookEndpoint)[];
  'projects'?: (_idgate_core_v1_DashboardWebhookProject)[];
}

export interface DashboardWebhookList__Output {
  'endpoints'?: (_idgate_core_v1_DashboardWebhookEndpoint__Output)[];
  'projects'?: (_idgate_core_v1_DashboardWebhookProject__Output)[];
}
