// Original file: protos/webhook.proto

import type { Delivery as _idgate_webhook_v1_Delivery, Delivery__Output as _idgate_webhook_v1_Delivery__Output } from '../../../idgate/webhook/v1/Delivery.ts';

export interface DeliveryList {
  'deliveries'?: (_idgate_webhook_v1_Delivery)[];
}

export interface DeliveryList__Output {
  'deliveries'?: (_idgate_webhook_v1_Delivery__Output)[];
}
