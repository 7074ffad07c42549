// Original file: protos/core.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { DashboardKey as _idgate_core_v1_DashboardKey, DashboardKey__Output as _idgate_core_v1_DashboardKey__Output } from '../../../idgate/core/v1/DashboardKey.ts';
import type { DashboardKeyCreated as _idgate_core_v1_DashboardKeyCreated, DashboardKeyCreated__Output as _idgate_core_v1_DashboardKeyCreated__Output } from '../../../idgate/core/v1/DashboardKeyCreated.ts';
import type { DashboardKeyIdRequest as _idgate_core_v1_DashboardKeyIdRequest, DashboardKeyIdRequest__Output as _idgate_core_v1_DashboardKeyIdRequest__Output } from '../../../idgate/core/v1/DashboardKeyIdRequest.ts';
import type { DashboardKeyRequest as _idgate_core_v1_DashboardKeyRequest, DashboardKeyRequest__Output as _idgate_core_v1_DashboardKeyRequest__Output } from '../../../idgate/core/v1/DashboardKeyRequest.ts';
import type { DashboardProjectCreated as _idgate_core_v1_DashboardProjectCreated, DashboardProjectCreated__Output as _idgate_core_v1_DashboardProjectCreated__Output } from '../../../idgate/core/v1/DashboardProjectCreated.ts';
import type { DashboardProjectList as _idgate_core_v1_DashboardProjectList, DashboardProjectList__Output as _idgate_core_v1_DashboardProjectList__Output } from '../../../idgate/core/v1/DashboardProjectList.ts';
import type { DashboardProjectRequest as _idgate_core_v1_DashboardProjectRequest, DashboardProjectRequest__Output as _idgate_core_v1_DashboardProjectRequest__Output } from '../../../idgate/core/v1/DashboardProjectRequest.ts';
import type { DashboardRollRequest as _idgate_core_v1_DashboardRollRequest, DashboardRollRequest__Output as _idgate_core_v1_DashboardRollRequest__Output } from '../../../idgate/core/v1/DashboardRollRequest.ts';
import type { Empty as _idgate_core_v1_Empty, Empty__Output as _idgate_core_v1_Empty__Output } from '../../../idgate/core/v1/Empty.ts';

export interface ProjectKeysServiceClient extends grpc.Client {
  CreateProject(argument: _idgate_core_v1_DashboardProjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardProjectCreated__Output>): grpc.ClientUnaryCall;
  CreateProject(argument: _idgate_core_v1_DashboardProjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardProjectCreated__Output>): grpc.ClientUnaryCall;
  CreateProject(argument: _idgate_core_v1_DashboardProjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardProjectCreated__Output>): grpc.ClientUnaryCall;
  CreateProject(argument: _idgate_core_v1_DashboardProjectRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardProjectCreated__Output>): grpc.ClientUnaryCall;
  createProject(argument: _idgate_core_v1_DashboardProjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardProjectCreated__Output>): grpc.ClientUnaryCall;
  createProject(argument: _idgate_core_v1_DashboardProjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardProjectCreated__Output>): grpc.ClientUnaryCall;
  createProject(argument: _idgate_core_v1_DashboardProjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardProjectCreated__Output>): grpc.ClientUnaryCall;
  createProject(argument: _idgate_core_v1_DashboardProjectRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardProjectCreated__Output>): grpc.ClientUnaryCall;
  
  CreateRestrictedKey(argument: _idgate_core_v1_DashboardKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardKeyCreated__Output>): grpc.ClientUnaryCall;
  CreateRestrictedKey(argument: _idgate_core_v1_DashboardKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardKeyCreated__Output>): grpc.ClientUnaryCall;
  CreateRestrictedKey(argument: _idgate_core_v1_DashboardKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardKeyCreated__Output>): grpc.ClientUnaryCall;
  CreateRestrictedKey(argument: _idgate_core_v1_DashboardKeyRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardKeyCreated__Output>): grpc.ClientUnaryCall;
  createRestrictedKey(argument: _idgate_core_v1_DashboardKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardKeyCreated__Output>): grpc.ClientUnaryCall;
  createRestrictedKey(argument: _idgate_core_v1_DashboardKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardKeyCreated__Output>): grpc.ClientUnaryCall;
  createRestrictedKey(argument: _idgate_core_v1_DashboardKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardKeyCreated__Output>): grpc.ClientUnaryCall;
  createRestrictedKey(argument: _idgate_core_v1_DashboardKeyRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardKeyCreated__Output>): grpc.ClientUnaryCall;
  
  ListProjects(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardProjectList__Output>): grpc.ClientUnaryCall;
  ListProjects(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardProjectList__Output>): grpc.ClientUnaryCall;
  ListProjects(argument: _idgate_core_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardProjectList__Output>): grpc.ClientUnaryCall;
  ListProjects(argument: _idgate_core_v1_Empty, callback: grpc.requestCallback<_idgate_core_v1_DashboardProjectList__Output>): grpc.ClientUnaryCall;
  listProjects(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardProjectList__Output>): grpc.ClientUnaryCall;
  listProjects(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardProjectList__Output>): grpc.ClientUnaryCall;
  listProjects(argument: _idgate_core_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardProjectList__Output>): grpc.ClientUnaryCall;
  listProjects(argument: _idgate_core_v1_Empty, callback: grpc.requestCallback<_idgate_core_v1_DashboardProjectList__Output>): grpc.ClientUnaryCall;
  
  RevokeKey(argument: _idgate_core_v1_DashboardKeyIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardKey__Output>): grpc.ClientUnaryCall;
  RevokeKey(argument: _idgate_core_v1_DashboardKeyIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardKey__Output>): grpc.ClientUnaryCall;
  RevokeKey(argument: _idgate_core_v1_DashboardKeyIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardKey__Output>): grpc.ClientUnaryCall;
  RevokeKey(argument: _idgate_core_v1_DashboardKeyIdRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardKey__Output>): grpc.ClientUnaryCall;
  revokeKey(argument: _idgate_core_v1_DashboardKeyIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardKey__Output>): grpc.ClientUnaryCall;
  revokeKey(argument: _idgate_core_v1_DashboardKeyIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardKey__Output>): grpc.ClientUnaryCall;
  revokeKey(argument: _idgate_core_v1_DashboardKeyIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardKey__Output>): grpc.ClientUnaryCall;
  revokeKey(argument: _idgate_core_v1_DashboardKeyIdRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardKey__Output>): grpc.ClientUnaryCall;
  
  RollKey(argument: _idgate_core_v1_DashboardRollRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardKeyCreated__Output>): grpc.ClientUnaryCall;
  RollKey(argument: _idgate_core_v1_DashboardRollRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardKeyCreated__Output>): grpc.ClientUnaryCall;
  RollKey(argument: _idgate_core_v1_DashboardRollRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardKeyCreated__Output>): grpc.ClientUnaryCall;
  RollKey(argument: _idgate_core_v1_DashboardRollRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardKeyCreated__Output>): grpc.ClientUnaryCall;
  rollKey(argument: _idgate_core_v1_DashboardRollRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardKeyCreated__Output>): grpc.ClientUnaryCall;
  rollKey(argument: _idgate_core_v1_DashboardRollRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardKeyCreated__Output>): grpc.ClientUnaryCall;
  rollKey(argument: _idgate_core_v1_DashboardRollRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardKeyCreated__Output>): grpc.ClientUnaryCall;
  rollKey(argument: _idgate_core_v1_DashboardRollRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardKeyCreated__Output>): grpc.ClientUnaryCall;
  
}

export interface ProjectKeysServiceHandlers extends grpc.UntypedServiceImplementation {
  CreateProject: grpc.handleUnaryCall<_idgate_core_v1_DashboardProjectRequest__Output, _idgate_core_v1_DashboardProjectCreated>;
  
  CreateRestrictedKey: grpc.handleUnaryCall<_idgate_core_v1_DashboardKeyRequest__Output, _idgate_core_v1_DashboardKeyCreated>;
  
  ListProjects: grpc.handleUnaryCall<_idgate_core_v1_Empty__Output, _idgate_core_v1_DashboardProjectList>;
  
  RevokeKey: grpc.handleUnaryCall<_idgate_core_v1_DashboardKeyIdRequest__Output, _idgate_core_v1_DashboardKey>;
  
  RollKey: grpc.handleUnaryCall<_idgate_core_v1_DashboardRollRequest__Output, _idgate_core_v1_DashboardKeyCreated>;
  
}

export interface ProjectKeysServiceDefinition extends grpc.ServiceDefinition {
  CreateProject: MethodDefinition<_idgate_core_v1_DashboardProjectRequest, _idgate_core_v1_DashboardProjectCreated, _idgate_core_v1_DashboardProjectRequest__Output, _idgate_core_v1_DashboardProjectCreated__Output>
  CreateRestrictedKey: MethodDefinition<_idgate_core_v1_DashboardKeyRequest, _idgate_core_v1_DashboardKeyCreated, _idgate_core_v1_DashboardKeyRequest__Output, _idgate_core_v1_DashboardKeyCreated__Output>
  ListProjects: MethodDefinition<_idgate_core_v1_Empty, _idgate_core_v1_DashboardProjectList, _idgate_core_v1_Empty__Output, _idgate_core_v1_DashboardProjectList__Output>
  RevokeKey: MethodDefinition<_idgate_core_v1_DashboardKeyIdRequest, _idgate_core_v1_DashboardKey, _idgate_core_v1_DashboardKeyIdRequest__Output, _idgate_core_v1_DashboardKey__Output>
  RollKey: MethodDefinition<_idgate_core_v1_DashboardRollRequest, _idgate_core_v1_DashboardKeyCreated, _idgate_core_v1_DashboardRollRequest__Output, _idgate_core_v1_DashboardKeyCreated__Output>
}
