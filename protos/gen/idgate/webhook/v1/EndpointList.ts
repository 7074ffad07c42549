// Original file: protos/webhook.proto

import type { Endpoint as _idgate_webhook_v1_Endpoint, Endpoint__Output as _idgate_webhook_v1_Endpoint__Output } from '../../../idgate/webhook/v1/Endpoint.ts';

export interface EndpointList {
  'endpoints'?: (_idgate_webhook_v1_Endpoint)[];
}

export interface EndpointList__Output {
  'endpoints'?: (_idgate_webhook_v1_Endpoint__Output)[];
}
