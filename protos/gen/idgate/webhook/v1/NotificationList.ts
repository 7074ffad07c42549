// Original file: protos/webhook.proto

import type { Notification as _idgate_webhook_v1_Notification, Notification__Output as _idgate_webhook_v1_Notification__Output } from '../../../idgate/webhook/v1/Notification.ts';

export interface NotificationList {
  'notifications'?: (_idgate_webhook_v1_Notification)[];
}

export interface NotificationList__Output {
  'notifications'?: (_idgate_webhook_v1_Notification__Output)[];
}
