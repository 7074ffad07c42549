// Original file: protos/core.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { DashboardBudgetRequest as _idgate_core_v1_DashboardBudgetRequest, DashboardBudgetRequest__Output as _idgate_core_v1_DashboardBudgetRequest__Output } from '../../../idgate/core/v1/DashboardBudgetRequest.ts';
import type { DashboardSessionList as _idgate_core_v1_DashboardSessionList, DashboardSessionList__Output as _idgate_core_v1_DashboardSessionList__Output } from '../../../idgate/core/v1/DashboardSessionList.ts';
import type { DashboardSessionListRequest as _idgate_core_v1_DashboardSessionListRequest, DashboardSessionListRequest__Output as _idgate_core_v1_DashboardSessionListRequest__Output } from '../../../idgate/core/v1/DashboardSessionListRequest.ts';
import type { DashboardUsage as _idgate_core_v1_DashboardUsage, DashboardUsage__Output as _idgate_core_v1_DashboardUsage__Output } from '../../../idgate/core/v1/DashboardUsage.ts';
import type { DashboardUsageRequest as _idgate_core_v1_DashboardUsageRequest, DashboardUsageRequest__Output as _idgate_core_v1_DashboardUsageRequest__Output } from '../../../idgate/core/v1/DashboardUsageRequest.ts';

export interface DashboardUsageServiceClient extends grpc.Client {
  GetUsage(argument: _idgate_core_v1_DashboardUsageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardUsage__Output>): grpc.ClientUnaryCall;
  GetUsage(argument: _idgate_core_v1_DashboardUsageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardUsage__Output>): grpc.ClientUnaryCall;
  GetUsage(argument: _idgate_core_v1_DashboardUsageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardUsage__Output>): grpc.ClientUnaryCall;
  GetUsage(argument: _idgate_core_v1_DashboardUsageRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardUsage__Output>): grpc.ClientUnaryCall;
  getUsage(argument: _idgate_core_v1_DashboardUsageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardUsage__Output>): grpc.ClientUnaryCall;
  getUsage(argument: _idgate_core_v1_DashboardUsageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardUsage__Output>): grpc.ClientUnaryCall;
  getUsage(argument: _idgate_core_v1_DashboardUsageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardUsage__Output>): grpc.ClientUnaryCall;
  getUsage(argument: _idgate_core_v1_DashboardUsageRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardUsage__Output>): grpc.ClientUnaryCall;
  
  ListSessions(argument: _idgate_core_v1_DashboardSessionListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardSessionList__Output>): grpc.ClientUnaryCall;
  ListSessions(argument: _idgate_core_v1_DashboardSessionListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardSessionList__Output>): grpc.ClientUnaryCall;
  ListSessions(argument: _idgate_core_v1_DashboardSessionListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardSessionList__Output>): grpc.ClientUnaryCall;
  ListSessions(argument: _idgate_core_v1_DashboardSessionListRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardSessionList__Output>): grpc.ClientUnaryCall;
  listSessions(argument: _idgate_core_v1_DashboardSessionListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardSessionList__Output>): grpc.ClientUnaryCall;
  listSessions(argument: _idgate_core_v1_DashboardSessionListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardSessionList__Output>): grpc.ClientUnaryCall;
  listSessions(argument: _idgate_core_v1_DashboardSessionListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardSessionList__Output>): grpc.ClientUnaryCall;
  listSessions(argument: _idgate_core_v1_DashboardSessionListRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardSessionList__Output>): grpc.ClientUnaryCall;
  
  SetBudget(argument: _idgate_core_v1_DashboardBudgetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardUsage__Output>): grpc.ClientUnaryCall;
  SetBudget(argument: _idgate_core_v1_DashboardBudgetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardUsage__Output>): grpc.ClientUnaryCall;
  SetBudget(argument: _idgate_core_v1_DashboardBudgetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardUsage__Output>): grpc.ClientUnaryCall;
  SetBudget(argument: _idgate_core_v1_DashboardBudgetRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardUsage__Output>): grpc.ClientUnaryCall;
  setBudget(argument: _idgate_core_v1_DashboardBudgetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardUsage__Output>): grpc.ClientUnaryCall;
  setBudget(argument: _idgate_core_v1_DashboardBudgetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardUsage__Output>): grpc.ClientUnaryCall;
  setBudget(argument: _idgate_core_v1_DashboardBudgetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardUsage__Output>): grpc.ClientUnaryCall;
  setBudget(argument: _idgate_core_v1_DashboardBudgetRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardUsage__Output>): grpc.ClientUnaryCall;
  
}

export interface DashboardUsageServiceHandlers extends grpc.UntypedServiceImplementation {
  GetUsage: grpc.handleUnaryCall<_idgate_core_v1_DashboardUsageRequest__Output, _idgate_core_v1_DashboardUsage>;
  
  ListSessions: grpc.handleUnaryCall<_idgate_core_v1_DashboardSessionListRequest__Output, _idgate_core_v1_DashboardSessionList>;
  
  SetBudget: grpc.handleUnaryCall<_idgate_core_v1_DashboardBudgetRequest__Output, _idgate_core_v1_DashboardUsage>;
  
}

export interface DashboardUsageServiceDefinition extends grpc.ServiceDefinition {
  GetUsage: MethodDefinition<_idgate_core_v1_DashboardUsageRequest, _idgate_core_v1_DashboardUsage, _idgate_core_v1_DashboardUsageRequest__Output, _idgate_core_v1_DashboardUsage__Output>
  ListSessions: MethodDefinition<_idgate_core_v1_DashboardSessionListRequest, _idgate_core_v1_DashboardSessionList, _idgate_core_v1_DashboardSessionListRequest__Output, _idgate_core_v1_DashboardSessionList__Output>
  SetBudget: MethodDefinition<_idgate_core_v1_DashboardBudgetRequest, _idgate_core_v1_DashboardUsage, _idgate_core_v1_DashboardBudgetRequest__Output, _idgate_core_v1_DashboardUsage__Output>
}
