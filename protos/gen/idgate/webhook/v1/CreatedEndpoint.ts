// Original file: protos/webhook.proto

import type { Endpoint as _idgate_webhook_v1_Endpoint, Endpoint__Output as _idgate_webhook_v1_Endpoint__Output } from '../../../idgate/webhook/v1/Endpoint.ts';

export interface CreatedEndpoint {
  'endpoint'?: (_idgate_webhook_v1_Endpoint | null);
  'secret'?: (string);
}

export interface CreatedEndpoint__Output {
  'endpoint'?: (_idgate_webhook_v1_Endpoint__Output);
  'secret'?: (string);
}
