// Original file: protos/core.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { Account as _idgate_core_v1_Account, Account__Output as _idgate_core_v1_Account__Output } from '../../../idgate/core/v1/Account.ts';
import type { ApiKeyCreated as _idgate_core_v1_ApiKeyCreated, ApiKeyCreated__Output as _idgate_core_v1_ApiKeyCreated__Output } from '../../../idgate/core/v1/ApiKeyCreated.ts';
import type { CreateApiKeyRequest as _idgate_core_v1_CreateApiKeyRequest, CreateApiKeyRequest__Output as _idgate_core_v1_CreateApiKeyRequest__Output } from '../../../idgate/core/v1/CreateApiKeyRequest.ts';
import type { CreateProjectRequest as _idgate_core_v1_CreateProjectRequest, CreateProjectRequest__Output as _idgate_core_v1_CreateProjectRequest__Output } from '../../../idgate/core/v1/CreateProjectRequest.ts';
import type { CreateTenantRequest as _idgate_core_v1_CreateTenantRequest, CreateTenantRequest__Output as _idgate_core_v1_CreateTenantRequest__Output } from '../../../idgate/core/v1/CreateTenantRequest.ts';
import type { Empty as _idgate_core_v1_Empty, Empty__Output as _idgate_core_v1_Empty__Output } from '../../../idgate/core/v1/Empty.ts';
import type { Ledger as _idgate_core_v1_Ledger, Ledger__Output as _idgate_core_v1_Ledger__Output } from '../../../idgate/core/v1/Ledger.ts';
import type { LedgerRequest as _idgate_core_v1_LedgerRequest, LedgerRequest__Output as _idgate_core_v1_LedgerRequest__Output } from '../../../idgate/core/v1/LedgerRequest.ts';
import type { ProjectKeys as _idgate_core_v1_ProjectKeys, ProjectKeys__Output as _idgate_core_v1_ProjectKeys__Output } from '../../../idgate/core/v1/ProjectKeys.ts';
import type { ScreenNameReply as _idgate_core_v1_ScreenNameReply, ScreenNameReply__Output as _idgate_core_v1_ScreenNameReply__Output } from '../../../idgate/core/v1/ScreenNameReply.ts';
import type { ScreenNameRequest as _idgate_core_v1_ScreenNameRequest, ScreenNameRequest__Output as _idgate_core_v1_ScreenNameRequest__Output } from '../../../idgate/core/v1/ScreenNameRequest.ts';
import type { ScreeningStatusReply as _idgate_core_v1_ScreeningStatusReply, ScreeningStatusReply__Output as _idgate_core_v1_ScreeningStatusReply__Output } from '../../../idgate/core/v1/ScreeningStatusReply.ts';
import type { TenantRequest as _idgate_core_v1_TenantRequest, TenantRequest__Output as _idgate_core_v1_TenantRequest__Output } from '../../../idgate/core/v1/TenantRequest.ts';
import type { UpdateAccountRequest as _idgate_core_v1_UpdateAccountRequest, UpdateAccountRequest__Output as _idgate_core_v1_UpdateAccountRequest__Output } from '../../../idgate/core/v1/UpdateAccountRequest.ts';

export interface AdminServiceClient extends grpc.Client {
  CreateApiKey(argument: _idgate_core_v1_CreateApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ApiKeyCreated__Output>): grpc.ClientUnaryCall;
  CreateApiKey(argument: _idgate_core_v1_CreateApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_ApiKeyCreated__Output>): grpc.ClientUnaryCall;
  CreateApiKey(argument: _idgate_core_v1_CreateApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ApiKeyCreated__Output>): grpc.ClientUnaryCall;
  CreateApiKey(argument: _idgate_core_v1_CreateApiKeyRequest, callback: grpc.requestCallback<_idgate_core_v1_ApiKeyCreated__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _idgate_core_v1_CreateApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ApiKeyCreated__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _idgate_core_v1_CreateApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_ApiKeyCreated__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _idgate_core_v1_CreateApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ApiKeyCreated__Output>): grpc.ClientUnaryCall;
  createApiKey(argument: _idgate_core_v1_CreateApiKeyRequest, callback: grpc.requestCallback<_idgate_core_v1_ApiKeyCreated__Output>): grpc.ClientUnaryCall;
  
  CreateProject(argument: _idgate_core_v1_CreateProjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ProjectKeys__Output>): grpc.ClientUnaryCall;
  CreateProject(argument: _idgate_core_v1_CreateProjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_ProjectKeys__Output>): grpc.ClientUnaryCall;
  CreateProject(argument: _idgate_core_v1_CreateProjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ProjectKeys__Output>): grpc.ClientUnaryCall;
  CreateProject(argument: _idgate_core_v1_CreateProjectRequest, callback: grpc.requestCallback<_idgate_core_v1_ProjectKeys__Output>): grpc.ClientUnaryCall;
  createProject(argument: _idgate_core_v1_CreateProjectRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ProjectKeys__Output>): grpc.ClientUnaryCall;
  createProject(argument: _idgate_core_v1_CreateProjectRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_ProjectKeys__Output>): grpc.ClientUnaryCall;
  createProject(argument: _idgate_core_v1_CreateProjectRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ProjectKeys__Output>): grpc.ClientUnaryCall;
  createProject(argument: _idgate_core_v1_CreateProjectRequest, callback: grpc.requestCallback<_idgate_core_v1_ProjectKeys__Output>): grpc.ClientUnaryCall;
  
  CreateTenant(argument: _idgate_core_v1_CreateTenantRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ProjectKeys__Output>): grpc.ClientUnaryCall;
  CreateTenant(argument: _idgate_core_v1_CreateTenantRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_ProjectKeys__Output>): grpc.ClientUnaryCall;
  CreateTenant(argument: _idgate_core_v1_CreateTenantRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ProjectKeys__Output>): grpc.ClientUnaryCall;
  CreateTenant(argument: _idgate_core_v1_CreateTenantRequest, callback: grpc.requestCallback<_idgate_core_v1_ProjectKeys__Output>): grpc.ClientUnaryCall;
  createTenant(argument: _idgate_core_v1_CreateTenantRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ProjectKeys__Output>): grpc.ClientUnaryCall;
  createTenant(argument: _idgate_core_v1_CreateTenantRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_ProjectKeys__Output>): grpc.ClientUnaryCall;
  createTenant(argument: _idgate_core_v1_CreateTenantRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ProjectKeys__Output>): grpc.ClientUnaryCall;
  createTenant(argument: _idgate_core_v1_CreateTenantRequest, callback: grpc.requestCallback<_idgate_core_v1_ProjectKeys__Output>): grpc.ClientUnaryCall;
  
  GetAccount(argument: _idgate_core_v1_TenantRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Account__Output>): grpc.ClientUnaryCall;
  GetAccount(argument: _idgate_core_v1_TenantRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_Account__Output>): grpc.ClientUnaryCall;
  GetAccount(argument: _idgate_core_v1_TenantRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Account__Output>): grpc.ClientUnaryCall;
  GetAccount(argument: _idgate_core_v1_TenantRequest, callback: grpc.requestCallback<_idgate_core_v1_Account__Output>): grpc.ClientUnaryCall;
  getAccount(argument: _idgate_core_v1_TenantRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Account__Output>): grpc.ClientUnaryCall;
  getAccount(argument: _idgate_core_v1_TenantRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_Account__Output>): grpc.ClientUnaryCall;
  getAccount(argument: _idgate_core_v1_TenantRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Account__Output>): grpc.ClientUnaryCall;
  getAccount(argument: _idgate_core_v1_TenantRequest, callback: grpc.requestCallback<_idgate_core_v1_Account__Output>): grpc.ClientUnaryCall;
  
  GetLedger(argument: _idgate_core_v1_LedgerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Ledger__Output>): grpc.ClientUnaryCall;
  GetLedger(argument: _idgate_core_v1_LedgerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_Ledger__Output>): grpc.ClientUnaryCall;
  GetLedger(argument: _idgate_core_v1_LedgerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Ledger__Output>): grpc.ClientUnaryCall;
  GetLedger(argument: _idgate_core_v1_LedgerRequest, callback: grpc.requestCallback<_idgate_core_v1_Ledger__Output>): grpc.ClientUnaryCall;
  getLedger(argument: _idgate_core_v1_LedgerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Ledger__Output>): grpc.ClientUnaryCall;
  getLedger(argument: _idgate_core_v1_LedgerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_Ledger__Output>): grpc.ClientUnaryCall;
  getLedger(argument: _idgate_core_v1_LedgerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Ledger__Output>): grpc.ClientUnaryCall;
  getLedger(argument: _idgate_core_v1_LedgerRequest, callback: grpc.requestCallback<_idgate_core_v1_Ledger__Output>): grpc.ClientUnaryCall;
  
  GetScreeningStatus(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ScreeningStatusReply__Output>): grpc.ClientUnaryCall;
  GetScreeningStatus(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_ScreeningStatusReply__Output>): grpc.ClientUnaryCall;
  GetScreeningStatus(argument: _idgate_core_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ScreeningStatusReply__Output>): grpc.ClientUnaryCall;
  GetScreeningStatus(argument: _idgate_core_v1_Empty, callback: grpc.requestCallback<_idgate_core_v1_ScreeningStatusReply__Output>): grpc.ClientUnaryCall;
  getScreeningStatus(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ScreeningStatusReply__Output>): grpc.ClientUnaryCall;
  getScreeningStatus(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_ScreeningStatusReply__Output>): grpc.ClientUnaryCall;
  getScreeningStatus(argument: _idgate_core_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ScreeningStatusReply__Output>): grpc.ClientUnaryCall;
  getScreeningStatus(argument: _idgate_core_v1_Empty, callback: grpc.requestCallback<_idgate_core_v1_ScreeningStatusReply__Output>): grpc.ClientUnaryCall;
  
  ScreenName(argument: _idgate_core_v1_ScreenNameRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ScreenNameReply__Output>): grpc.ClientUnaryCall;
  ScreenName(argument: _idgate_core_v1_ScreenNameRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_ScreenNameReply__Output>): grpc.ClientUnaryCall;
  ScreenName(argument: _idgate_core_v1_ScreenNameRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ScreenNameReply__Output>): grpc.ClientUnaryCall;
  ScreenName(argument: _idgate_core_v1_ScreenNameRequest, callback: grpc.requestCallback<_idgate_core_v1_ScreenNameReply__Output>): grpc.ClientUnaryCall;
  screenName(argument: _idgate_core_v1_ScreenNameRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ScreenNameReply__Output>): grpc.ClientUnaryCall;
  screenName(argument: _idgate_core_v1_ScreenNameRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_ScreenNameReply__Output>): grpc.ClientUnaryCall;
  screenName(argument: _idgate_core_v1_ScreenNameRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_ScreenNameReply__Output>): grpc.ClientUnaryCall;
  screenName(argument: _idgate_core_v1_ScreenNameRequest, callback: grpc.requestCallback<_idgate_core_v1_ScreenNameReply__Output>): grpc.ClientUnaryCall;
  
  UpdateAccount(argument: _idgate_core_v1_UpdateAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Account__Output>): grpc.ClientUnaryCall;
  UpdateAccount(argument: _idgate_core_v1_UpdateAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_Account__Output>): grpc.ClientUnaryCall;
  UpdateAccount(argument: _idgate_core_v1_UpdateAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Account__Output>): grpc.ClientUnaryCall;
  UpdateAccount(argument: _idgate_core_v1_UpdateAccountRequest, callback: grpc.requestCallback<_idgate_core_v1_Account__Output>): grpc.ClientUnaryCall;
  updateAccount(argument: _idgate_core_v1_UpdateAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Account__Output>): grpc.ClientUnaryCall;
  updateAccount(argument: _idgate_core_v1_UpdateAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_Account__Output>): grpc.ClientUnaryCall;
  updateAccount(argument: _idgate_core_v1_UpdateAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Account__Output>): grpc.ClientUnaryCall;
  updateAccount(argument: _idgate_core_v1_UpdateAccountRequest, callback: grpc.requestCallback<_idgate_core_v1_Account__Output>): grpc.ClientUnaryCall;
  
}

export interface AdminServiceHandlers extends grpc.UntypedServiceImplementation {
  CreateApiKey: grpc.handleUnaryCall<_idgate_core_v1_CreateApiKeyRequest__Output, _idgate_core_v1_ApiKeyCreated>;
  
  CreateProject: grpc.handleUnaryCall<_idgate_core_v1_CreateProjectRequest__Output, _idgate_core_v1_ProjectKeys>;
  
  CreateTenant: grpc.handleUnaryCall<_idgate_core_v1_CreateTenantRequest__Output, _idgate_core_v1_ProjectKeys>;
  
  GetAccount: grpc.handleUnaryCall<_idgate_core_v1_TenantRequest__Output, _idgate_core_v1_Account>;
  
  GetLedger: grpc.handleUnaryCall<_idgate_core_v1_LedgerRequest__Output, _idgate_core_v1_Ledger>;
  
  GetScreeningStatus: grpc.handleUnaryCall<_idgate_core_v1_Empty__Output, _idgate_core_v1_ScreeningStatusReply>;
  
  ScreenName: grpc.handleUnaryCall<_idgate_core_v1_ScreenNameRequest__Output, _idgate_core_v1_ScreenNameReply>;
  
  UpdateAccount: grpc.handleUnaryCall<_idgate_core_v1_UpdateAccountRequest__Output, _idgate_core_v1_Account>;
  
}

export interface AdminServiceDefinition extends grpc.ServiceDefinition {
  CreateApiKey: MethodDefinition<_idgate_core_v1_CreateApiKeyRequest, _idgate_core_v1_ApiKeyCreated, _idgate_core_v1_CreateApiKeyRequest__Output, _idgate_core_v1_ApiKeyCreated__Output>
  CreateProject: MethodDefinition<_idgate_core_v1_CreateProjectRequest, _idgate_core_v1_ProjectKeys, _idgate_core_v1_CreateProjectRequest__Output, _idgate_core_v1_ProjectKeys__Output>
  CreateTenant: MethodDefinition<_idgate_core_v1_CreateTenantRequest, _idgate_core_v1_ProjectKeys, _idgate_core_v1_CreateTenantRequest__Output, _idgate_core_v1_ProjectKeys__Output>
  GetAccount: MethodDefinition<_idgate_core_v1_TenantRequest, _idgate_core_v1_Account, _idgate_core_v1_TenantRequest__Output, _idgate_core_v1_Account__Output>
  GetLedger: MethodDefinition<_idgate_core_v1_LedgerRequest, _idgate_core_v1_Ledger, _idgate_core_v1_LedgerRequest__Output, _idgate_core_v1_Ledger__Output>
  GetScreeningStatus: MethodDefinition<_idgate_core_v1_Empty, _idgate_core_v1_ScreeningStatusReply, _idgate_core_v1_Empty__Output, _idgate_core_v1_ScreeningStatusReply__Output>
  ScreenName: MethodDefinition<_idgate_core_v1_ScreenNameRequest, _idgate_core_v1_ScreenNameReply, _idgate_core_v1_ScreenNameRequest__Output, _idgate_core_v1_ScreenNameReply__Output>
  UpdateAccount: MethodDefinition<_idgate_core_v1_UpdateAccountRequest, _idgate_core_v1_Account, _idgate_core_v1_UpdateAccountRequest__Output, _idgate_core_v1_Account__Output>
}
