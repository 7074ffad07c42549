// Original file: protos/webhook.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateEndpointRequest as _idgate_webhook_v1_CreateEndpointRequest, CreateEndpointRequest__Output as _idgate_webhook_v1_CreateEndpointRequest__Output } from '../../../idgate/webhook/v1/CreateEndpointRequest.ts';
import type { CreatedEndpoint as _idgate_webhook_v1_CreatedEndpoint, CreatedEndpoint__Output as _idgate_webhook_v1_CreatedEndpoint__Output } from '../../../idgate/webhook/v1/CreatedEndpoint.ts';
import type { DeliveryList as _idgate_webhook_v1_DeliveryList, DeliveryList__Output as _idgate_webhook_v1_DeliveryList__Output } from '../../../idgate/webhook/v1/DeliveryList.ts';
import type { Endpoint as _idgate_webhook_v1_Endpoint, Endpoint__Output as _idgate_webhook_v1_Endpoint__Output } from '../../../idgate/webhook/v1/Endpoint.ts';
import type { EndpointList as _idgate_webhook_v1_EndpointList, EndpointList__Output as _idgate_webhook_v1_EndpointList__Output } from '../../../idgate/webhook/v1/EndpointList.ts';
import type { EndpointRequest as _idgate_webhook_v1_EndpointRequest, EndpointRequest__Output as _idgate_webhook_v1_EndpointRequest__Output } from '../../../idgate/webhook/v1/EndpointRequest.ts';
import type { ListDeliveriesRequest as _idgate_webhook_v1_ListDeliveriesRequest, ListDeliveriesRequest__Output as _idgate_webhook_v1_ListDeliveriesRequest__Output } from '../../../idgate/webhook/v1/ListDeliveriesRequest.ts';
import type { ListEndpointsRequest as _idgate_webhook_v1_ListEndpointsRequest, ListEndpointsRequest__Output as _idgate_webhook_v1_ListEndpointsRequest__Output } from '../../../idgate/webhook/v1/ListEndpointsRequest.ts';
import type { ListNotificationsRequest as _idgate_webhook_v1_ListNotificationsRequest, ListNotificationsRequest__Output as _idgate_webhook_v1_ListNotificationsRequest__Output } from '../../../idgate/webhook/v1/ListNotificationsRequest.ts';
import type { NotificationList as _idgate_webhook_v1_NotificationList, NotificationList__Output as _idgate_webhook_v1_NotificationList__Output } from '../../../idgate/webhook/v1/NotificationList.ts';
import type { ReplayReply as _idgate_webhook_v1_ReplayReply, ReplayReply__Output as _idgate_webhook_v1_ReplayReply__Output } from '../../../idgate/webhook/v1/ReplayReply.ts';
import type { ReplayRequest as _idgate_webhook_v1_ReplayRequest, ReplayRequest__Output as _idgate_webhook_v1_ReplayRequest__Output } from '../../../idgate/webhook/v1/ReplayRequest.ts';
import type { RotateSecretRequest as _idgate_webhook_v1_RotateSecretRequest, RotateSecretRequest__Output as _idgate_webhook_v1_RotateSecretRequest__Output } from '../../../idgate/webhook/v1/RotateSecretRequest.ts';
import type { RotatedSecret as _idgate_webhook_v1_RotatedSecret, RotatedSecret__Output as _idgate_webhook_v1_RotatedSecret__Output } from '../../../idgate/webhook/v1/RotatedSecret.ts';
import type { SetEnabledRequest as _idgate_webhook_v1_SetEnabledRequest, SetEnabledRequest__Output as _idgate_webhook_v1_SetEnabledRequest__Output } from '../../../idgate/webhook/v1/SetEnabledRequest.ts';
import type { TestEventReply as _idgate_webhook_v1_TestEventReply, TestEventReply__Output as _idgate_webhook_v1_TestEventReply__Output } from '../../../idgate/webhook/v1/TestEventReply.ts';

export interface WebhookServiceClient extends grpc.Client {
  CreateEndpoint(argument: _idgate_webhook_v1_CreateEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_CreatedEndpoint__Output>): grpc.ClientUnaryCall;
  CreateEndpoint(argument: _idgate_webhook_v1_CreateEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_webhook_v1_CreatedEndpoint__Output>): grpc.ClientUnaryCall;
  CreateEndpoint(argument: _idgate_webhook_v1_CreateEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_CreatedEndpoint__Output>): grpc.ClientUnaryCall;
  CreateEndpoint(argument: _idgate_webhook_v1_CreateEndpointRequest, callback: grpc.requestCallback<_idgate_webhook_v1_CreatedEndpoint__Output>): grpc.ClientUnaryCall;
  createEndpoint(argument: _idgate_webhook_v1_CreateEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_CreatedEndpoint__Output>): grpc.ClientUnaryCall;
  createEndpoint(argument: _idgate_webhook_v1_CreateEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_webhook_v1_CreatedEndpoint__Output>): grpc.ClientUnaryCall;
  createEndpoint(argument: _idgate_webhook_v1_CreateEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_CreatedEndpoint__Output>): grpc.ClientUnaryCall;
  createEndpoint(argument: _idgate_webhook_v1_CreateEndpointRequest, callback: grpc.requestCallback<_idgate_webhook_v1_CreatedEndpoint__Output>): grpc.ClientUnaryCall;
  
  GetEndpoint(argument: _idgate_webhook_v1_EndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  GetEndpoint(argument: _idgate_webhook_v1_EndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_webhook_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  GetEndpoint(argument: _idgate_webhook_v1_EndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  GetEndpoint(argument: _idgate_webhook_v1_EndpointRequest, callback: grpc.requestCallback<_idgate_webhook_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  getEndpoint(argument: _idgate_webhook_v1_EndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  getEndpoint(argument: _idgate_webhook_v1_EndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_webhook_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  getEndpoint(argument: _idgate_webhook_v1_EndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  getEndpoint(argument: _idgate_webhook_v1_EndpointRequest, callback: grpc.requestCallback<_idgate_webhook_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  
  ListDeliveries(argument: _idgate_webhook_v1_ListDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_DeliveryList__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _idgate_webhook_v1_ListDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_webhook_v1_DeliveryList__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _idgate_webhook_v1_ListDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_DeliveryList__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _idgate_webhook_v1_ListDeliveriesRequest, callback: grpc.requestCallback<_idgate_webhook_v1_DeliveryList__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _idgate_webhook_v1_ListDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_DeliveryList__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _idgate_webhook_v1_ListDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_webhook_v1_DeliveryList__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _idgate_webhook_v1_ListDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_DeliveryList__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _idgate_webhook_v1_ListDeliveriesRequest, callback: grpc.requestCallback<_idgate_webhook_v1_DeliveryList__Output>): grpc.ClientUnaryCall;
  
  ListEndpoints(argument: _idgate_webhook_v1_ListEndpointsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_EndpointList__Output>): grpc.ClientUnaryCall;
  ListEndpoints(argument: _idgate_webhook_v1_ListEndpointsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_webhook_v1_EndpointList__Output>): grpc.ClientUnaryCall;
  ListEndpoints(argument: _idgate_webhook_v1_ListEndpointsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_EndpointList__Output>): grpc.ClientUnaryCall;
  ListEndpoints(argument: _idgate_webhook_v1_ListEndpointsRequest, callback: grpc.requestCallback<_idgate_webhook_v1_EndpointList__Output>): grpc.ClientUnaryCall;
  listEndpoints(argument: _idgate_webhook_v1_ListEndpointsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_EndpointList__Output>): grpc.ClientUnaryCall;
  listEndpoints(argument: _idgate_webhook_v1_ListEndpointsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_webhook_v1_EndpointList__Output>): grpc.ClientUnaryCall;
  listEndpoints(argument: _idgate_webhook_v1_ListEndpointsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_EndpointList__Output>): grpc.ClientUnaryCall;
  listEndpoints(argument: _idgate_webhook_v1_ListEndpointsRequest, callback: grpc.requestCallback<_idgate_webhook_v1_EndpointList__Output>): grpc.ClientUnaryCall;
  
  ListNotifications(argument: _idgate_webhook_v1_ListNotificationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_NotificationList__Output>): grpc.ClientUnaryCall;
  ListNotifications(argument: _idgate_webhook_v1_ListNotificationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_webhook_v1_NotificationList__Output>): grpc.ClientUnaryCall;
  ListNotifications(argument: _idgate_webhook_v1_ListNotificationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_NotificationList__Output>): grpc.ClientUnaryCall;
  ListNotifications(argument: _idgate_webhook_v1_ListNotificationsRequest, callback: grpc.requestCallback<_idgate_webhook_v1_NotificationList__Output>): grpc.ClientUnaryCall;
  listNotifications(argument: _idgate_webhook_v1_ListNotificationsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_NotificationList__Output>): grpc.ClientUnaryCall;
  listNotifications(argument: _idgate_webhook_v1_ListNotificationsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_webhook_v1_NotificationList__Output>): grpc.ClientUnaryCall;
  listNotifications(argument: _idgate_webhook_v1_ListNotificationsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_NotificationList__Output>): grpc.ClientUnaryCall;
  listNotifications(argument: _idgate_webhook_v1_ListNotificationsRequest, callback: grpc.requestCallback<_idgate_webhook_v1_NotificationList__Output>): grpc.ClientUnaryCall;
  
  Replay(argument: _idgate_webhook_v1_ReplayRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_ReplayReply__Output>): grpc.ClientUnaryCall;
  Replay(argument: _idgate_webhook_v1_ReplayRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_webhook_v1_ReplayReply__Output>): grpc.ClientUnaryCall;
  Replay(argument: _idgate_webhook_v1_ReplayRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_ReplayReply__Output>): grpc.ClientUnaryCall;
  Replay(argument: _idgate_webhook_v1_ReplayRequest, callback: grpc.requestCallback<_idgate_webhook_v1_ReplayReply__Output>): grpc.ClientUnaryCall;
  replay(argument: _idgate_webhook_v1_ReplayRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_ReplayReply__Output>): grpc.ClientUnaryCall;
  replay(argument: _idgate_webhook_v1_ReplayRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_webhook_v1_ReplayReply__Output>): grpc.ClientUnaryCall;
  replay(argument: _idgate_webhook_v1_ReplayRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_ReplayReply__Output>): grpc.ClientUnaryCall;
  replay(argument: _idgate_webhook_v1_ReplayRequest, callback: grpc.requestCallback<_idgate_webhook_v1_ReplayReply__Output>): grpc.ClientUnaryCall;
  
  RotateSecret(argument: _idgate_webhook_v1_RotateSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_RotatedSecret__Output>): grpc.ClientUnaryCall;
  RotateSecret(argument: _idgate_webhook_v1_RotateSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_webhook_v1_RotatedSecret__Output>): grpc.ClientUnaryCall;
  RotateSecret(argument: _idgate_webhook_v1_RotateSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_RotatedSecret__Output>): grpc.ClientUnaryCall;
  RotateSecret(argument: _idgate_webhook_v1_RotateSecretRequest, callback: grpc.requestCallback<_idgate_webhook_v1_RotatedSecret__Output>): grpc.ClientUnaryCall;
  rotateSecret(argument: _idgate_webhook_v1_RotateSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_RotatedSecret__Output>): grpc.ClientUnaryCall;
  rotateSecret(argument: _idgate_webhook_v1_RotateSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_webhook_v1_RotatedSecret__Output>): grpc.ClientUnaryCall;
  rotateSecret(argument: _idgate_webhook_v1_RotateSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_RotatedSecret__Output>): grpc.ClientUnaryCall;
  rotateSecret(argument: _idgate_webhook_v1_RotateSecretRequest, callback: grpc.requestCallback<_idgate_webhook_v1_RotatedSecret__Output>): grpc.ClientUnaryCall;
  
  SendTest(argument: _idgate_webhook_v1_EndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_TestEventReply__Output>): grpc.ClientUnaryCall;
  SendTest(argument: _idgate_webhook_v1_EndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_webhook_v1_TestEventReply__Output>): grpc.ClientUnaryCall;
  SendTest(argument: _idgate_webhook_v1_EndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_TestEventReply__Output>): grpc.ClientUnaryCall;
  SendTest(argument: _idgate_webhook_v1_EndpointRequest, callback: grpc.requestCallback<_idgate_webhook_v1_TestEventReply__Output>): grpc.ClientUnaryCall;
  sendTest(argument: _idgate_webhook_v1_EndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_TestEventReply__Output>): grpc.ClientUnaryCall;
  sendTest(argument: _idgate_webhook_v1_EndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_webhook_v1_TestEventReply__Output>): grpc.ClientUnaryCall;
  sendTest(argument: _idgate_webhook_v1_EndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_TestEventReply__Output>): grpc.ClientUnaryCall;
  sendTest(argument: _idgate_webhook_v1_EndpointRequest, callback: grpc.requestCallback<_idgate_webhook_v1_TestEventReply__Output>): grpc.ClientUnaryCall;
  
  SetEnabled(argument: _idgate_webhook_v1_SetEnabledRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  SetEnabled(argument: _idgate_webhook_v1_SetEnabledRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_webhook_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  SetEnabled(argument: _idgate_webhook_v1_SetEnabledRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  SetEnabled(argument: _idgate_webhook_v1_SetEnabledRequest, callback: grpc.requestCallback<_idgate_webhook_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  setEnabled(argument: _idgate_webhook_v1_SetEnabledRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  setEnabled(argument: _idgate_webhook_v1_SetEnabledRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_webhook_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  setEnabled(argument: _idgate_webhook_v1_SetEnabledRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_webhook_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  setEnabled(argument: _idgate_webhook_v1_SetEnabledRequest, callback: grpc.requestCallback<_idgate_webhook_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  
}

export interface WebhookServiceHandlers extends grpc.UntypedServiceImplementation {
  CreateEndpoint: grpc.handleUnaryCall<_idgate_webhook_v1_CreateEndpointRequest__Output, _idgate_webhook_v1_CreatedEndpoint>;
  
  GetEndpoint: grpc.handleUnaryCall<_idgate_webhook_v1_EndpointRequest__Output, _idgate_webhook_v1_Endpoint>;
  
  ListDeliveries: grpc.handleUnaryCall<_idgate_webhook_v1_ListDeliveriesRequest__Output, _idgate_webhook_v1_DeliveryList>;
  
  ListEndpoints: grpc.handleUnaryCall<_idgate_webhook_v1_ListEndpointsRequest__Output, _idgate_webhook_v1_EndpointList>;
  
  ListNotifications: grpc.handleUnaryCall<_idgate_webhook_v1_ListNotificationsRequest__Output, _idgate_webhook_v1_NotificationList>;
  
  Replay: grpc.handleUnaryCall<_idgate_webhook_v1_ReplayRequest__Output, _idgate_webhook_v1_ReplayReply>;
  
  RotateSecret: grpc.handleUnaryCall<_idgate_webhook_v1_RotateSecretRequest__Output, _idgate_webhook_v1_RotatedSecret>;
  
  SendTest: grpc.handleUnaryCall<_idgate_webhook_v1_EndpointRequest__Output, _idgate_webhook_v1_TestEventReply>;
  
  SetEnabled: grpc.handleUnaryCall<_idgate_webhook_v1_SetEnabledRequest__Output, _idgate_webhook_v1_Endpoint>;
  
}

export interface WebhookServiceDefinition extends grpc.ServiceDefinition {
  CreateEndpoint: MethodDefinition<_idgate_webhook_v1_CreateEndpointRequest, _idgate_webhook_v1_CreatedEndpoint, _idgate_webhook_v1_CreateEndpointRequest__Output, _idgate_webhook_v1_CreatedEndpoint__Output>
  GetEndpoint: MethodDefinition<_idgate_webhook_v1_EndpointRequest, _idgate_webhook_v1_Endpoint, _idgate_webhook_v1_EndpointRequest__Output, _idgate_webhook_v1_Endpoint__Output>
  ListDeliveries: MethodDefinition<_idgate_webhook_v1_ListDeliveriesRequest, _idgate_webhook_v1_DeliveryList, _idgate_webhook_v1_ListDeliveriesRequest__Output, _idgate_webhook_v1_DeliveryList__Output>
  ListEndpoints: MethodDefinition<_idgate_webhook_v1_ListEndpointsRequest, _idgate_webhook_v1_EndpointList, _idgate_webhook_v1_ListEndpointsRequest__Output, _idgate_webhook_v1_EndpointList__Output>
  ListNotifications: MethodDefinition<_idgate_webhook_v1_ListNotificationsRequest, _idgate_webhook_v1_NotificationList, _idgate_webhook_v1_ListNotificationsRequest__Output, _idgate_webhook_v1_NotificationList__Output>
  Replay: MethodDefinition<_idgate_webhook_v1_ReplayRequest, _idgate_webhook_v1_ReplayReply, _idgate_webhook_v1_ReplayRequest__Output, _idgate_webhook_v1_ReplayReply__Output>
  RotateSecret: MethodDefinition<_idgate_webhook_v1_RotateSecretRequest, _idgate_webhook_v1_RotatedSecret, _idgate_webhook_v1_RotateSecretRequest__Output, _idgate_webhook_v1_RotatedSecret__Output>
  SendTest: MethodDefinition<_idgate_webhook_v1_EndpointRequest, _idgate_webhook_v1_TestEventReply, _idgate_webhook_v1_EndpointRequest__Output, _idgate_webhook_v1_TestEventReply__Output>
  SetEnabled: MethodDefinition<_idgate_webhook_v1_SetEnabledRequest, _idgate_webhook_v1_Endpoint, _idgate_webhook_v1_SetEnabledRequest__Output, _idgate_webhook_v1_Endpoint__Output>
}
