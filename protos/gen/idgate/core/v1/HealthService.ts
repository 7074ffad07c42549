// Original file: protos/core.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { Empty as _idgate_core_v1_Empty, Empty__Output as _idgate_core_v1_Empty__Output } from '../../../idgate/core/v1/Empty.ts';
import type { ReadinessReply as _idgate_core_v1_ReadinessReply, ReadinessReply__Output as _idgate_core_v1_ReadinessReply__Output } from '../../../idgate/core/v1/ReadinessReply.ts';

export interface HealthServiceClient extends grpc.Client {
  Ready(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ReadinessReply__Output>): grpc.ClientUnaryCall;
  Ready(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_ReadinessReply__Output>): grpc.ClientUnaryCall;
  Ready(argument: _idgate_core_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ReadinessReply__Output>): grpc.ClientUnaryCall;
  Ready(argument: _idgate_core_v1_Empty, callback: grpc.requestCallback<_idgate_core_v1_ReadinessReply__Output>): grpc.ClientUnaryCall;
  ready(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ReadinessReply__Output>): grpc.ClientUnaryCall;
  ready(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_ReadinessReply__Output>): grpc.ClientUnaryCall;
  ready(argument: _idgate_core_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ReadinessReply__Output>): grpc.ClientUnaryCall;
  ready(argument: _idgate_core_v1_Empty, callback: grpc.requestCallback<_idgate_core_v1_ReadinessReply__Output>): grpc.ClientUnaryCall;
  
}

export interface HealthServiceHandlers extends grpc.UntypedServiceImplementation {
  Ready: grpc.handleUnaryCall<_idgate_core_v1_Empty__Output, _idgate_core_v1_ReadinessReply>;
  
}

export interface HealthServiceDefinition extends grpc.ServiceDefinition {
  Ready: MethodDefinition<_idgate_core_v1_Empty, _idgate_core_v1_ReadinessReply, _idgate_core_v1_Empty__Output, _idgate_core_v1_ReadinessReply__Output>
}
