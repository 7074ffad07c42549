import { credentials, type Client } from '@grpc/grpc-js';
import type { ProtoGrpcType } from '../../gen/webhook.ts';
import type { WebhookServiceClient } from '../../gen/idgate/webhook/v1/WebhookService.ts';
import { loadProto } from './load.ts';
import { CHANNEL_OPTIONS } from './channel.ts';

export type WebhookProto = ProtoGrpcType['idgate']['webhook']['v1'];
export type { WebhookServiceClient };
export type { WebhookServiceHandlers } from '../../gen/idgate/webhook/v1/WebhookService.ts';
export type { Endpoint as WebhookEndpointMessage } from '../../gen/idgate/webhook/v1/Endpoint.ts';
export type { CreateEndpointRequest__Output as WebhookCreateEndpointRequest } from '../../gen/idgate/webhook/v1/CreateEndpointRequest.ts';
export type { CreatedEndpoint as WebhookCreatedEndpoint } from '../../gen/idgate/webhook/v1/CreatedEndpoint.ts';
export type { EndpointList as WebhookEndpointList } from '../../gen/idgate/webhook/v1/EndpointList.ts';
export type { RotatedSecret as WebhookRotatedSecret } from '../../gen/idgate/webhook/v1/RotatedSecret.ts';
export type { TestEventReply as WebhookTestEventReply } from '../../gen/idgate/webhook/v1/TestEventReply.ts';
export type { ReplayReply as WebhookReplayReply } from '../../gen/idgate/webhook/v1/ReplayReply.ts';
export type { Delivery as WebhookDeliveryMessage } from '../../gen/idgate/webhook/v1/Delivery.ts';
export type { DeliveryList as WebhookDeliveryList } from '../../gen/idgate/webhook/v1/DeliveryList.ts';
export type { Attempt as WebhookAttemptMessage } from '../../gen/idgate/webhook/v1/Attempt.ts';
export type { Notification as WebhookNotificationMessage } from '../../gen/idgate/webhook/v1/Notification.ts';
export type { NotificationList as WebhookNotificationList } from '../../gen/idgate/webhook/v1/NotificationList.ts';

let cached: WebhookProto | undefined;

/** The loaded webhook.proto package (service definition for core, constructor for clients). */
export function webhookProto(): WebhookProto {
  cached ??= loadProto<ProtoGrpcType>('webhook').idgate.webhook.v1;
  return cached;
}

/**
 * Typed client of core's WebhookService. Pass `channel` to share an existing connection (the
 * gateway reuses the core clients' channel: one HTTP/2 connection for every core service).
 * @example const webhooks = createWebhookClient('127.0.0.1:50051', core.verification.getChannel())
 * const res = await callUnary(webhooks, 'sendTest', { id })
 */
export function createWebhookClient(address: string, channel?: ReturnType<Client['getChannel']>): WebhookServiceClient {
  const proto = webhookProto();
  return new proto.WebhookService(address, credentials.createInsecure(), { ...CHANNEL_OPTIONS, ...(channel ? { channelOverride: channel } : {}) });
}
