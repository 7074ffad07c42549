// Original file: protos/core.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { BracketReply as _idgate_core_v1_BracketReply, BracketReply__Output as _idgate_core_v1_BracketReply__Output } from '../../../idgate/core/v1/BracketReply.ts';
import type { BracketRequest as _idgate_core_v1_BracketRequest, BracketRequest__Output as _idgate_core_v1_BracketRequest__Output } from '../../../idgate/core/v1/BracketRequest.ts';

export interface ServiceIdServiceClient extends grpc.Client {
  BracketForSession(argument: _idgate_core_v1_BracketRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BracketReply__Output>): grpc.ClientUnaryCall;
  BracketForSession(argument: _idgate_core_v1_BracketRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_BracketReply__Output>): grpc.ClientUnaryCall;
  BracketForSession(argument: _idgate_core_v1_BracketRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BracketReply__Output>): grpc.ClientUnaryCall;
  BracketForSession(argument: _idgate_core_v1_BracketRequest, callback: grpc.requestCallback<_idgate_core_v1_BracketReply__Output>): grpc.ClientUnaryCall;
  bracketForSession(argument: _idgate_core_v1_BracketRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BracketReply__Output>): grpc.ClientUnaryCall;
  bracketForSession(argument: _idgate_core_v1_BracketRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_BracketReply__Output>): grpc.ClientUnaryCall;
  bracketForSession(argument: _idgate_core_v1_BracketRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BracketReply__Output>): grpc.ClientUnaryCall;
  bracketForSession(argument: _idgate_core_v1_BracketRequest, callback: grpc.requestCallback<_idgate_core_v1_BracketReply__Output>): grpc.ClientUnaryCall;
  
}

export interface ServiceIdServiceHandlers extends grpc.UntypedServiceImplementation {
  BracketForSession: grpc.handleUnaryCall<_idgate_core_v1_BracketRequest__Output, _idgate_core_v1_BracketReply>;
  
}

export interface ServiceIdServiceDefinition extends grpc.ServiceDefinition {
  BracketForSession: MethodDefinition<_idgate_core_v1_BracketRequest, _idgate_core_v1_BracketReply, _idgate_core_v1_BracketRequest__Output, _idgate_core_v1_BracketReply__Output>
}
