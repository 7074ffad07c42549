import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Attempt as _idgate_webhook_v1_Attempt, Attempt__Output as _idgate_webhook_v1_Attempt__Output } from './idgate/webhook/v1/Attempt.ts';
import type { CreateEndpointRequest as _idgate_webhook_v1_CreateEndpointRequest, CreateEndpointRequest__Output as _idgate_webhook_v1_CreateEndpointRequest__Output } from './idgate/webhook/v1/CreateEndpointRequest.ts';
import type { CreatedEndpoint as _idgate_webhook_v1_CreatedEndpoint, CreatedEndpoint__Output as _idgate_webhook_v1_CreatedEndpoint__Output } from './idgate/webhook/v1/CreatedEndpoint.ts';
import type { Delivery as _idgate_webhook_v1_Delivery, Delivery__Output as _idgate_webhook_v1_Delivery__Output } from './idgate/webhook/v1/Delivery.ts';
import type { DeliveryList as _idgate_webhook_v1_DeliveryList, DeliveryList__Output as _idgate_webhook_v1_DeliveryList__Output } from './idgate/webhook/v1/DeliveryList.ts';
import type { Endpoint as _idgate_webhook_v1_Endpoint, Endpoint__Output as _idgate_webhook_v1_Endpoint__Output } from './idgate/webhook/v1/Endpoint.ts';
import type { EndpointList as _idgate_webhook_v1_EndpointList, EndpointList__Output as _idgate_webhook_v1_EndpointList__Output } from './idgate/webhook/v1/EndpointList.ts';
import type { EndpointRequest as _idgate_webhook_v1_EndpointRequest, EndpointRequest__Output as _idgate_webhook_v1_EndpointRequest__Output } from './idgate/webhook/v1/EndpointRequest.ts';
import type { ListDeliveriesRequest as _idgate_webhook_v1_ListDeliveriesRequest, ListDeliveriesRequest__Output as _idgate_webhook_v1_ListDeliveriesRequest__Output } from './idgate/webhook/v1/ListDeliveriesRequest.ts';
import type { ListEndpointsRequest as _idgate_webhook_v1_ListEndpointsRequest, ListEndpointsRequest__Output as _idgate_webhook_v1_ListEndpointsRequest__Output } from './idgate/webhook/v1/ListEndpointsRequest.ts';
import type { ListNotificationsRequest as _idgate_webhook_v1_ListNotificationsRequest, ListNotificationsRequest__Output as _idgate_webhook_v1_ListNotificationsRequest__Output } from './idgate/webhook/v1/ListNotificationsRequest.ts';
import type { Notification as _idgate_webhook_v1_Notification, Notification__Output as _idgate_webhook_v1_Notification__Output } from './idgate/webhook/v1/Notification.ts';
import type { NotificationList as _idgate_webhook_v1_NotificationList, NotificationList__Output as _idgate_webhook_v1_NotificationList__Output } from './idgate/webhook/v1/NotificationList.ts';
import type { ReplayReply as _idgate_webhook_v1_ReplayReply, ReplayReply__Output as _idgate_webhook_v1_ReplayReply__Output } from './idgate/webhook/v1/ReplayReply.ts';
import type { ReplayRequest as _idgate_webhook_v1_ReplayRequest, ReplayRequest__Output as _idgate_webhook_v1_ReplayRequest__Output } from './idgate/webhook/v1/ReplayRequest.ts';
import type { RotateSecretRequest as _idgate_webhook_v1_RotateSecretRequest, RotateSecretRequest__Output as _idgate_webhook_v1_RotateSecretRequest__Output } from './idgate/webhook/v1/RotateSecretRequest.ts';
import type { RotatedSecret as _idgate_webhook_v1_RotatedSecret, RotatedSecret__Output as _idgate_webhook_v1_RotatedSecret__Output } from './idgate/webhook/v1/RotatedSecret.ts';
import type { SetEnabledRequest as _idgate_webhook_v1_SetEnabledRequest, SetEnabledRequest__Output as _idgate_webhook_v1_SetEnabledRequest__Output } from './idgate/webhook/v1/SetEnabledRequest.ts';
import type { TestEventReply as _idgate_webhook_v1_TestEventReply, TestEventReply__Output as _idgate_webhook_v1_TestEventReply__Output } from './idgate/webhook/v1/TestEventReply.ts';
import type { WebhookServiceClient as _idgate_webhook_v1_WebhookServiceClient, WebhookServiceDefinition as _idgate_webhook_v1_WebhookServiceDefinition } from './idgate/webhook/v1/WebhookService.ts';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  idgate: {
    webhook: {
      v1: {
        Attempt: MessageTypeDefinition<_idgate_webhook_v1_Attempt, _idgate_webhook_v1_Attempt__Output>
        CreateEndpointRequest: MessageTypeDefinition<_idgate_webhook_v1_CreateEndpointRequest, _idgate_webhook_v1_CreateEndpointRequest__Output>
        CreatedEndpoint: MessageTypeDefinition<_idgate_webhook_v1_CreatedEndpoint, _idgate_webhook_v1_CreatedEndpoint__Output>
        Delivery: MessageTypeDefinition<_idgate_webhook_v1_Delivery, _idgate_webhook_v1_Delivery__Output>
        DeliveryList: MessageTypeDefinition<_idgate_webhook_v1_DeliveryList, _idgate_webhook_v1_DeliveryList__Output>
        Endpoint: MessageTypeDefinition<_idgate_webhook_v1_Endpoint, _idgate_webhook_v1_Endpoint__Output>
        EndpointList: MessageTypeDefinition<_idgate_webhook_v1_EndpointList, _idgate_webhook_v1_EndpointList__Output>
        EndpointRequest: MessageTypeDefinition<_idgate_webhook_v1_EndpointRequest, _idgate_webhook_v1_EndpointRequest__Output>
        ListDeliveriesRequest: MessageTypeDefinition<_idgate_webhook_v1_ListDeliveriesRequest, _idgate_webhook_v1_ListDeliveriesRequest__Output>
        ListEndpointsRequest: MessageTypeDefinition<_idgate_webhook_v1_ListEndpointsRequest, _idgate_webhook_v1_ListEndpointsRequest__Output>
        ListNotificationsRequest: MessageTypeDefinition<_idgate_webhook_v1_ListNotificationsRequest, _idgate_webhook_v1_ListNotificationsRequest__Output>
        Notification: MessageTypeDefinition<_idgate_webhook_v1_Notification, _idgate_webhook_v1_Notification__Output>
        NotificationList: MessageTypeDefinition<_idgate_webhook_v1_NotificationList, _idgate_webhook_v1_NotificationList__Output>
        ReplayReply: MessageTypeDefinition<_idgate_webhook_v1_ReplayReply, _idgate_webhook_v1_ReplayReply__Output>
        ReplayRequest: MessageTypeDefinition<_idgate_webhook_v1_ReplayRequest, _idgate_webhook_v1_ReplayRequest__Output>
        RotateSecretRequest: MessageTypeDefinition<_idgate_webhook_v1_RotateSecretRequest, _idgate_webhook_v1_RotateSecretRequest__Output>
        RotatedSecret: MessageTypeDefinition<_idgate_webhook_v1_RotatedSecret, _idgate_webhook_v1_RotatedSecret__Output>
        SetEnabledRequest: MessageTypeDefinition<_idgate_webhook_v1_SetEnabledRequest, _idgate_webhook_v1_SetEnabledRequest__Output>
        TestEventReply: MessageTypeDefinition<_idgate_webhook_v1_TestEventReply, _idgate_webhook_v1_TestEventReply__Output>
        WebhookService: SubtypeConstructor<typeof grpc.Client, _idgate_webhook_v1_WebhookServiceClient> & { service: _idgate_webhook_v1_WebhookServiceDefinition }
      }
    }
  }
}

