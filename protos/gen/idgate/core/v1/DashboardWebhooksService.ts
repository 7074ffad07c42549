// Original file: protos/core.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { DashboardWebhookCreateRequest as _idgate_core_v1_DashboardWebhookCreateRequest, DashboardWebhookCreateRequest__Output as _idgate_core_v1_DashboardWebhookCreateRequest__Output } from '../../../idgate/core/v1/DashboardWebhookCreateRequest.ts';
import type { DashboardWebhookDeliveries as _idgate_core_v1_DashboardWebhookDeliveries, DashboardWebhookDeliveries__Output as _idgate_core_v1_DashboardWebhookDeliveries__Output } from '../../../idgate/core/v1/DashboardWebhookDeliveries.ts';
import type { DashboardWebhookDeliveriesRequest as _idgate_core_v1_DashboardWebhookDeliveriesRequest, DashboardWebhookDeliveriesRequest__Output as _idgate_core_v1_DashboardWebhookDeliveriesRequest__Output } from '../../../idgate/core/v1/DashboardWebhookDeliveriesRequest.ts';
import type { DashboardWebhookEnabledRequest as _idgate_core_v1_DashboardWebhookEnabledRequest, DashboardWebhookEnabledRequest__Output as _idgate_core_v1_DashboardWebhookEnabledRequest__Output } from '../../../idgate/core/v1/DashboardWebhookEnabledRequest.ts';
import type { DashboardWebhookEndpoint as _idgate_core_v1_DashboardWebhookEndpoint, DashboardWebhookEndpoint__Output as _idgate_core_v1_DashboardWebhookEndpoint__Output } from '../../../idgate/core/v1/DashboardWebhookEndpoint.ts';
import type { DashboardWebhookIdRequest as _idgate_core_v1_DashboardWebhookIdRequest, DashboardWebhookIdRequest__Output as _idgate_core_v1_DashboardWebhookIdRequest__Output } from '../../../idgate/core/v1/DashboardWebhookIdRequest.ts';
import type { DashboardWebhookList as _idgate_core_v1_DashboardWebhookList, DashboardWebhookList__Output as _idgate_core_v1_DashboardWebhookList__Output } from '../../../idgate/core/v1/DashboardWebhookList.ts';
import type { DashboardWebhookReplayRequest as _idgate_core_v1_DashboardWebhookReplayRequest, DashboardWebhookReplayRequest__Output as _idgate_core_v1_DashboardWebhookReplayRequest__Output } from '../../../idgate/core/v1/DashboardWebhookReplayRequest.ts';
import type { DashboardWebhookReplayed as _idgate_core_v1_DashboardWebhookReplayed, DashboardWebhookReplayed__Output as _idgate_core_v1_DashboardWebhookReplayed__Output } from '../../../idgate/core/v1/DashboardWebhookReplayed.ts';
import type { DashboardWebhookRotateRequest as _idgate_core_v1_DashboardWebhookRotateRequest, DashboardWebhookRotateRequest__Output as _idgate_core_v1_DashboardWebhookRotateRequest__Output } from '../../../idgate/core/v1/DashboardWebhookRotateRequest.ts';
import type { DashboardWebhookSecret as _idgate_core_v1_DashboardWebhookSecret, DashboardWebhookSecret__Output as _idgate_core_v1_DashboardWebhookSecret__Output } from '../../../idgate/core/v1/DashboardWebhookSecret.ts';
import type { DashboardWebhookTestSent as _idgate_core_v1_DashboardWebhookTestSent, DashboardWebhookTestSent__Output as _idgate_core_v1_DashboardWebhookTestSent__Output } from '../../../idgate/core/v1/DashboardWebhookTestSent.ts';
import type { Empty as _idgate_core_v1_Empty, Empty__Output as _idgate_core_v1_Empty__Output } from '../../../idgate/core/v1/Empty.ts';

export interface DashboardWebhooksServiceClient extends grpc.Client {
  CreateEndpoint(argument: _idgate_core_v1_DashboardWebhookCreateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookSecret__Output>): grpc.ClientUnaryCall;
  CreateEndpoint(argument: _idgate_core_v1_DashboardWebhookCreateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookSecret__Output>): grpc.ClientUnaryCall;
  CreateEndpoint(argument: _idgate_core_v1_DashboardWebhookCreateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookSecret__Output>): grpc.ClientUnaryCall;
  CreateEndpoint(argument: _idgate_core_v1_DashboardWebhookCreateRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookSecret__Output>): grpc.ClientUnaryCall;
  createEndpoint(argument: _idgate_core_v1_DashboardWebhookCreateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookSecret__Output>): grpc.ClientUnaryCall;
  createEndpoint(argument: _idgate_core_v1_DashboardWebhookCreateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookSecret__Output>): grpc.ClientUnaryCall;
  createEndpoint(argument: _idgate_core_v1_DashboardWebhookCreateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookSecret__Output>): grpc.ClientUnaryCall;
  createEndpoint(argument: _idgate_core_v1_DashboardWebhookCreateRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookSecret__Output>): grpc.ClientUnaryCall;
  
  ListDeliveries(argument: _idgate_core_v1_DashboardWebhookDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookDeliveries__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _idgate_core_v1_DashboardWebhookDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookDeliveries__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _idgate_core_v1_DashboardWebhookDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookDeliveries__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _idgate_core_v1_DashboardWebhookDeliveriesRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookDeliveries__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _idgate_core_v1_DashboardWebhookDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookDeliveries__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _idgate_core_v1_DashboardWebhookDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookDeliveries__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _idgate_core_v1_DashboardWebhookDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookDeliveries__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _idgate_core_v1_DashboardWebhookDeliveriesRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookDeliveries__Output>): grpc.ClientUnaryCall;
  
  ListEndpoints(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookList__Output>): grpc.ClientUnaryCall;
  ListEndpoints(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookList__Output>): grpc.ClientUnaryCall;
  ListEndpoints(argument: _idgate_core_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookList__Output>): grpc.ClientUnaryCall;
  ListEndpoints(argument: _idgate_core_v1_Empty, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookList__Output>): grpc.ClientUnaryCall;
  listEndpoints(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookList__Output>): grpc.ClientUnaryCall;
  listEndpoints(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookList__Output>): grpc.ClientUnaryCall;
  listEndpoints(argument: _idgate_core_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookList__Output>): grpc.ClientUnaryCall;
  listEndpoints(argument: _idgate_core_v1_Empty, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookList__Output>): grpc.ClientUnaryCall;
  
  Replay(argument: _idgate_core_v1_DashboardWebhookReplayRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookReplayed__Output>): grpc.ClientUnaryCall;
  Replay(argument: _idgate_core_v1_DashboardWebhookReplayRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookReplayed__Output>): grpc.ClientUnaryCall;
  Replay(argument: _idgate_core_v1_DashboardWebhookReplayRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookReplayed__Output>): grpc.ClientUnaryCall;
  Replay(argument: _idgate_core_v1_DashboardWebhookReplayRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookReplayed__Output>): grpc.ClientUnaryCall;
  replay(argument: _idgate_core_v1_DashboardWebhookReplayRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookReplayed__Output>): grpc.ClientUnaryCall;
  replay(argument: _idgate_core_v1_DashboardWebhookReplayRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookReplayed__Output>): grpc.ClientUnaryCall;
  replay(argument: _idgate_core_v1_DashboardWebhookReplayRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookReplayed__Output>): grpc.ClientUnaryCall;
  replay(argument: _idgate_core_v1_DashboardWebhookReplayRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookReplayed__Output>): grpc.ClientUnaryCall;
  
  RotateSecret(argument: _idgate_core_v1_DashboardWebhookRotateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookSecret__Output>): grpc.ClientUnaryCall;
  RotateSecret(argument: _idgate_core_v1_DashboardWebhookRotateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookSecret__Output>): grpc.ClientUnaryCall;
  RotateSecret(argument: _idgate_core_v1_DashboardWebhookRotateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookSecret__Output>): grpc.ClientUnaryCall;
  RotateSecret(argument: _idgate_core_v1_DashboardWebhookRotateRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookSecret__Output>): grpc.ClientUnaryCall;
  rotateSecret(argument: _idgate_core_v1_DashboardWebhookRotateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookSecret__Output>): grpc.ClientUnaryCall;
  rotateSecret(argument: _idgate_core_v1_DashboardWebhookRotateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookSecret__Output>): grpc.ClientUnaryCall;
  rotateSecret(argument: _idgate_core_v1_DashboardWebhookRotateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookSecret__Output>): grpc.ClientUnaryCall;
  rotateSecret(argument: _idgate_core_v1_DashboardWebhookRotateRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookSecret__Output>): grpc.ClientUnaryCall;
  
  SendTest(argument: _idgate_core_v1_DashboardWebhookIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookTestSent__Output>): grpc.ClientUnaryCall;
  SendTest(argument: _idgate_core_v1_DashboardWebhookIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookTestSent__Output>): grpc.ClientUnaryCall;
  SendTest(argument: _idgate_core_v1_DashboardWebhookIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookTestSent__Output>): grpc.ClientUnaryCall;
  SendTest(argument: _idgate_core_v1_DashboardWebhookIdRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookTestSent__Output>): grpc.ClientUnaryCall;
  sendTest(argument: _idgate_core_v1_DashboardWebhookIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookTestSent__Output>): grpc.ClientUnaryCall;
  sendTest(argument: _idgate_core_v1_DashboardWebhookIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookTestSent__Output>): grpc.ClientUnaryCall;
  sendTest(argument: _idgate_core_v1_DashboardWebhookIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookTestSent__Output>): grpc.ClientUnaryCall;
  sendTest(argument: _idgate_core_v1_DashboardWebhookIdRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookTestSent__Output>): grpc.ClientUnaryCall;
  
  SetEnabled(argument: _idgate_core_v1_DashboardWebhookEnabledRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookEndpoint__Output>): grpc.ClientUnaryCall;
  SetEnabled(argument: _idgate_core_v1_DashboardWebhookEnabledRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookEndpoint__Output>): grpc.ClientUnaryCall;
  SetEnabled(argument: _idgate_core_v1_DashboardWebhookEnabledRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookEndpoint__Output>): grpc.ClientUnaryCall;
  SetEnabled(argument: _idgate_core_v1_DashboardWebhookEnabledRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookEndpoint__Output>): grpc.ClientUnaryCall;
  setEnabled(argument: _idgate_core_v1_DashboardWebhookEnabledRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookEndpoint__Output>): grpc.ClientUnaryCall;
  setEnabled(argument: _idgate_core_v1_DashboardWebhookEnabledRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookEndpoint__Output>): grpc.ClientUnaryCall;
  setEnabled(argument: _idgate_core_v1_DashboardWebhookEnabledRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookEndpoint__Output>): grpc.ClientUnaryCall;
  setEnabled(argument: _idgate_core_v1_DashboardWebhookEnabledRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardWebhookEndpoint__Output>): grpc.ClientUnaryCall;
  
}

export interface DashboardWebhooksServiceHandlers extends grpc.UntypedServiceImplementation {
  CreateEndpoint: grpc.handleUnaryCall<_idgate_core_v1_DashboardWebhookCreateRequest__Output, _idgate_core_v1_DashboardWebhookSecret>;
  
  ListDeliveries: grpc.handleUnaryCall<_idgate_core_v1_DashboardWebhookDeliveriesRequest__Output, _idgate_core_v1_DashboardWebhookDeliveries>;
  
  ListEndpoints: grpc.handleUnaryCall<_idgate_core_v1_Empty__Output, _idgate_core_v1_DashboardWebhookList>;
  
  Replay: grpc.handleUnaryCall<_idgate_core_v1_DashboardWebhookReplayRequest__Output, _idgate_core_v1_DashboardWebhookReplayed>;
  
  RotateSecret: grpc.handleUnaryCall<_idgate_core_v1_DashboardWebhookRotateRequest__Output, _idgate_core_v1_DashboardWebhookSecret>;
  
  SendTest: grpc.handleUnaryCall<_idgate_core_v1_DashboardWebhookIdRequest__Output, _idgate_core_v1_DashboardWebhookTestSent>;
  
  SetEnabled: grpc.handleUnaryCall<_idgate_core_v1_DashboardWebhookEnabledRequest__Output, _idgate_core_v1_DashboardWebhookEndpoint>;
  
}

export interface DashboardWebhooksServiceDefinition extends grpc.ServiceDefinition {
  CreateEndpoint: MethodDefinition<_idgate_core_v1_DashboardWebhookCreateRequest, _idgate_core_v1_DashboardWebhookSecret, _idgate_core_v1_DashboardWebhookCreateRequest__Output, _idgate_core_v1_DashboardWebhookSecret__Output>
  ListDeliveries: MethodDefinition<_idgate_core_v1_DashboardWebhookDeliveriesRequest, _idgate_core_v1_DashboardWebhookDeliveries, _idgate_core_v1_DashboardWebhookDeliveriesRequest__Output, _idgate_core_v1_DashboardWebhookDeliveries__Output>
  ListEndpoints: MethodDefinition<_idgate_core_v1_Empty, _idgate_core_v1_DashboardWebhookList, _idgate_core_v1_Empty__Output, _idgate_core_v1_DashboardWebhookList__Output>
  Replay: MethodDefinition<_idgate_core_v1_DashboardWebhookReplayRequest, _idgate_core_v1_DashboardWebhookReplayed, _idgate_core_v1_DashboardWebhookReplayRequest__Output, _idgate_core_v1_DashboardWebhookReplayed__Output>
  RotateSecret: MethodDefinition<_idgate_core_v1_DashboardWebhookRotateRequest, _idgate_core_v1_DashboardWebhookSecret, _idgate_core_v1_DashboardWebhookRotateRequest__Output, _idgate_core_v1_DashboardWebhookSecret__Output>
  SendTest: MethodDefinition<_idgate_core_v1_DashboardWebhookIdRequest, _idgate_core_v1_DashboardWebhookTestSent, _idgate_core_v1_DashboardWebhookIdRequest__Output, _idgate_core_v1_DashboardWebhookTestSent__Output>
  SetEnabled: MethodDefinition<_idgate_core_v1_DashboardWebhookEnabledRequest, _idgate_core_v1_DashboardWebhookEndpoint, _idgate_core_v1_DashboardWebhookEnabledRequest__Output, _idgate_core_v1_DashboardWebhookEndpoint__Output>
}
