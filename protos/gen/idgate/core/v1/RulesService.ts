// Original file: protos/core.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { Empty as _idgate_core_v1_Empty, Empty__Output as _idgate_core_v1_Empty__Output } from '../../../idgate/core/v1/Empty.ts';
import type { ProjectRulesMessage as _idgate_core_v1_ProjectRulesMessage, ProjectRulesMessage__Output as _idgate_core_v1_ProjectRulesMessage__Output } from '../../../idgate/core/v1/ProjectRulesMessage.ts';
import type { SetProjectRulesRequest as _idgate_core_v1_SetProjectRulesRequest, SetProjectRulesRequest__Output as _idgate_core_v1_SetProjectRulesRequest__Output } from '../../../idgate/core/v1/SetProjectRulesRequest.ts';

export interface RulesServiceClient extends grpc.Client {
  GetRules(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ProjectRulesMessage__Output>): grpc.ClientUnaryCall;
  GetRules(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_ProjectRulesMessage__Output>): grpc.ClientUnaryCall;
  GetRules(argument: _idgate_core_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ProjectRulesMessage__Output>): grpc.ClientUnaryCall;
  GetRules(argument: _idgate_core_v1_Empty, callback: grpc.requestCallback<_idgate_core_v1_ProjectRulesMessage__Output>): grpc.ClientUnaryCall;
  getRules(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ProjectRulesMessage__Output>): grpc.ClientUnaryCall;
  getRules(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_ProjectRulesMessage__Output>): grpc.ClientUnaryCall;
  getRules(argument: _idgate_core_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ProjectRulesMessage__Output>): grpc.ClientUnaryCall;
  getRules(argument: _idgate_core_v1_Empty, callback: grpc.requestCallback<_idgate_core_v1_ProjectRulesMessage__Output>): grpc.ClientUnaryCall;
  
  SetRules(argument: _idgate_core_v1_SetProjectRulesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ProjectRulesMessage__Output>): grpc.ClientUnaryCall;
  SetRules(argument: _idgate_core_v1_SetProjectRulesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_ProjectRulesMessage__Output>): grpc.ClientUnaryCall;
  SetRules(argument: _idgate_core_v1_SetProjectRulesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ProjectRulesMessage__Output>): grpc.ClientUnaryCall;
  SetRules(argument: _idgate_core_v1_SetProjectRulesRequest, callback: grpc.requestCallback<_idgate_core_v1_ProjectRulesMessage__Output>): grpc.ClientUnaryCall;
  setRules(argument: _idgate_core_v1_SetProjectRulesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ProjectRulesMessage__Output>): grpc.ClientUnaryCall;
  setRules(argument: _idgate_core_v1_SetProjectRulesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_ProjectRulesMessage__Output>): grpc.ClientUnaryCall;
  setRules(argument: _idgate_core_v1_SetProjectRulesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ProjectRulesMessage__Output>): grpc.ClientUnaryCall;
  setRules(argument: _idgate_core_v1_SetProjectRulesRequest, callback: grpc.requestCallback<_idgate_core_v1_ProjectRulesMessage__Output>): grpc.ClientUnaryCall;
  
}

export interface RulesServiceHandlers extends grpc.UntypedServiceImplementation {
  GetRules: grpc.handleUnaryCall<_idgate_core_v1_Empty__Output, _idgate_core_v1_ProjectRulesMessage>;
  
  SetRules: grpc.handleUnaryCall<_idgate_core_v1_SetProjectRulesRequest__Output, _idgate_core_v1_ProjectRulesMessage>;
  
}

export interface RulesServiceDefinition extends grpc.ServiceDefinition {
  GetRules: MethodDefinition<_idgate_core_v1_Empty, _idgate_core_v1_ProjectRulesMessage, _idgate_core_v1_Empty__Output, _idgate_core_v1_ProjectRulesMessage__Output>
  SetRules: MethodDefinition<_idgate_core_v1_SetProjectRulesRequest, _idgate_core_v1_ProjectRulesMessage, _idgate_core_v1_SetProjectRulesRequest__Output, _idgate_core_v1_ProjectRulesMessage__Output>
}
