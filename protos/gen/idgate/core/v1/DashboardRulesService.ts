// Original file: protos/core.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { BlacklistDeleted as _idgate_core_v1_BlacklistDeleted, BlacklistDeleted__Output as _idgate_core_v1_BlacklistDeleted__Output } from '../../../idgate/core/v1/BlacklistDeleted.ts';
import type { BlacklistEntry as _idgate_core_v1_BlacklistEntry, BlacklistEntry__Output as _idgate_core_v1_BlacklistEntry__Output } from '../../../idgate/core/v1/BlacklistEntry.ts';
import type { BlacklistList as _idgate_core_v1_BlacklistList, BlacklistList__Output as _idgate_core_v1_BlacklistList__Output } from '../../../idgate/core/v1/BlacklistList.ts';
import type { DashboardBlacklistIdRequest as _idgate_core_v1_DashboardBlacklistIdRequest, DashboardBlacklistIdRequest__Output as _idgate_core_v1_DashboardBlacklistIdRequest__Output } from '../../../idgate/core/v1/DashboardBlacklistIdRequest.ts';
import type { DashboardBlacklistImageRequest as _idgate_core_v1_DashboardBlacklistImageRequest, DashboardBlacklistImageRequest__Output as _idgate_core_v1_DashboardBlacklistImageRequest__Output } from '../../../idgate/core/v1/DashboardBlacklistImageRequest.ts';
import type { DashboardBlacklistListRequest as _idgate_core_v1_DashboardBlacklistListRequest, DashboardBlacklistListRequest__Output as _idgate_core_v1_DashboardBlacklistListRequest__Output } from '../../../idgate/core/v1/DashboardBlacklistListRequest.ts';
import type { DashboardBlacklistSessionRequest as _idgate_core_v1_DashboardBlacklistSessionRequest, DashboardBlacklistSessionRequest__Output as _idgate_core_v1_DashboardBlacklistSessionRequest__Output } from '../../../idgate/core/v1/DashboardBlacklistSessionRequest.ts';
import type { DashboardFaceUserRequest as _idgate_core_v1_DashboardFaceUserRequest, DashboardFaceUserRequest__Output as _idgate_core_v1_DashboardFaceUserRequest__Output } from '../../../idgate/core/v1/DashboardFaceUserRequest.ts';
import type { DashboardFaceUsers as _idgate_core_v1_DashboardFaceUsers, DashboardFaceUsers__Output as _idgate_core_v1_DashboardFaceUsers__Output } from '../../../idgate/core/v1/DashboardFaceUsers.ts';
import type { DashboardFaceUsersRequest as _idgate_core_v1_DashboardFaceUsersRequest, DashboardFaceUsersRequest__Output as _idgate_core_v1_DashboardFaceUsersRequest__Output } from '../../../idgate/core/v1/DashboardFaceUsersRequest.ts';
import type { DashboardRules as _idgate_core_v1_DashboardRules, DashboardRules__Output as _idgate_core_v1_DashboardRules__Output } from '../../../idgate/core/v1/DashboardRules.ts';
import type { DashboardRulesChangeRequest as _idgate_core_v1_DashboardRulesChangeRequest, DashboardRulesChangeRequest__Output as _idgate_core_v1_DashboardRulesChangeRequest__Output } from '../../../idgate/core/v1/DashboardRulesChangeRequest.ts';
import type { DashboardRulesRequest as _idgate_core_v1_DashboardRulesRequest, DashboardRulesRequest__Output as _idgate_core_v1_DashboardRulesRequest__Output } from '../../../idgate/core/v1/DashboardRulesRequest.ts';
import type { FaceUserDeleted as _idgate_core_v1_FaceUserDeleted, FaceUserDeleted__Output as _idgate_core_v1_FaceUserDeleted__Output } from '../../../idgate/core/v1/FaceUserDeleted.ts';

export interface DashboardRulesServiceClient extends grpc.Client {
  AddBlacklistImage(argument: _idgate_core_v1_DashboardBlacklistImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  AddBlacklistImage(argument: _idgate_core_v1_DashboardBlacklistImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  AddBlacklistImage(argument: _idgate_core_v1_DashboardBlacklistImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  AddBlacklistImage(argument: _idgate_core_v1_DashboardBlacklistImageRequest, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  addBlacklistImage(argument: _idgate_core_v1_DashboardBlacklistImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  addBlacklistImage(argument: _idgate_core_v1_DashboardBlacklistImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  addBlacklistImage(argument: _idgate_core_v1_DashboardBlacklistImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  addBlacklistImage(argument: _idgate_core_v1_DashboardBlacklistImageRequest, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  
  AddBlacklistSession(argument: _idgate_core_v1_DashboardBlacklistSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  AddBlacklistSession(argument: _idgate_core_v1_DashboardBlacklistSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  AddBlacklistSession(argument: _idgate_core_v1_DashboardBlacklistSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  AddBlacklistSession(argument: _idgate_core_v1_DashboardBlacklistSessionRequest, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  addBlacklistSession(argument: _idgate_core_v1_DashboardBlacklistSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  addBlacklistSession(argument: _idgate_core_v1_DashboardBlacklistSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  addBlacklistSession(argument: _idgate_core_v1_DashboardBlacklistSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  addBlacklistSession(argument: _idgate_core_v1_DashboardBlacklistSessionRequest, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  
  DeleteBlacklistEntry(argument: _idgate_core_v1_DashboardBlacklistIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistDeleted__Output>): grpc.ClientUnaryCall;
  DeleteBlacklistEntry(argument: _idgate_core_v1_DashboardBlacklistIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_BlacklistDeleted__Output>): grpc.ClientUnaryCall;
  DeleteBlacklistEntry(argument: _idgate_core_v1_DashboardBlacklistIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistDeleted__Output>): grpc.ClientUnaryCall;
  DeleteBlacklistEntry(argument: _idgate_core_v1_DashboardBlacklistIdRequest, callback: grpc.requestCallback<_idgate_core_v1_BlacklistDeleted__Output>): grpc.ClientUnaryCall;
  deleteBlacklistEntry(argument: _idgate_core_v1_DashboardBlacklistIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistDeleted__Output>): grpc.ClientUnaryCall;
  deleteBlacklistEntry(argument: _idgate_core_v1_DashboardBlacklistIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_BlacklistDeleted__Output>): grpc.ClientUnaryCall;
  deleteBlacklistEntry(argument: _idgate_core_v1_DashboardBlacklistIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistDeleted__Output>): grpc.ClientUnaryCall;
  deleteBlacklistEntry(argument: _idgate_core_v1_DashboardBlacklistIdRequest, callback: grpc.requestCallback<_idgate_core_v1_BlacklistDeleted__Output>): grpc.ClientUnaryCall;
  
  DeleteFaceUser(argument: _idgate_core_v1_DashboardFaceUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_FaceUserDeleted__Output>): grpc.ClientUnaryCall;
  DeleteFaceUser(argument: _idgate_core_v1_DashboardFaceUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_FaceUserDeleted__Output>): grpc.ClientUnaryCall;
  DeleteFaceUser(argument: _idgate_core_v1_DashboardFaceUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_FaceUserDeleted__Output>): grpc.ClientUnaryCall;
  DeleteFaceUser(argument: _idgate_core_v1_DashboardFaceUserRequest, callback: grpc.requestCallback<_idgate_core_v1_FaceUserDeleted__Output>): grpc.ClientUnaryCall;
  deleteFaceUser(argument: _idgate_core_v1_DashboardFaceUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_FaceUserDeleted__Output>): grpc.ClientUnaryCall;
  deleteFaceUser(argument: _idgate_core_v1_DashboardFaceUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_FaceUserDeleted__Output>): grpc.ClientUnaryCall;
  deleteFaceUser(argument: _idgate_core_v1_DashboardFaceUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_FaceUserDeleted__Output>): grpc.ClientUnaryCall;
  deleteFaceUser(argument: _idgate_core_v1_DashboardFaceUserRequest, callback: grpc.requestCallback<_idgate_core_v1_FaceUserDeleted__Output>): grpc.ClientUnaryCall;
  
  GetRules(argument: _idgate_core_v1_DashboardRulesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardRules__Output>): grpc.ClientUnaryCall;
  GetRules(argument: _idgate_core_v1_DashboardRulesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardRules__Output>): grpc.ClientUnaryCall;
  GetRules(argument: _idgate_core_v1_DashboardRulesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardRules__Output>): grpc.ClientUnaryCall;
  GetRules(argument: _idgate_core_v1_DashboardRulesRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardRules__Output>): grpc.ClientUnaryCall;
  getRules(argument: _idgate_core_v1_DashboardRulesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardRules__Output>): grpc.ClientUnaryCall;
  getRules(argument: _idgate_core_v1_DashboardRulesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardRules__Output>): grpc.ClientUnaryCall;
  getRules(argument: _idgate_core_v1_DashboardRulesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardRules__Output>): grpc.ClientUnaryCall;
  getRules(argument: _idgate_core_v1_DashboardRulesRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardRules__Output>): grpc.ClientUnaryCall;
  
  ListBlacklist(argument: _idgate_core_v1_DashboardBlacklistListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistList__Output>): grpc.ClientUnaryCall;
  ListBlacklist(argument: _idgate_core_v1_DashboardBlacklistListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_BlacklistList__Output>): grpc.ClientUnaryCall;
  ListBlacklist(argument: _idgate_core_v1_DashboardBlacklistListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistList__Output>): grpc.ClientUnaryCall;
  ListBlacklist(argument: _idgate_core_v1_DashboardBlacklistListRequest, callback: grpc.requestCallback<_idgate_core_v1_BlacklistList__Output>): grpc.ClientUnaryCall;
  listBlacklist(argument: _idgate_core_v1_DashboardBlacklistListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistList__Output>): grpc.ClientUnaryCall;
  listBlacklist(argument: _idgate_core_v1_DashboardBlacklistListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_BlacklistList__Output>): grpc.ClientUnaryCall;
  listBlacklist(argument: _idgate_core_v1_DashboardBlacklistListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistList__Output>): grpc.ClientUnaryCall;
  listBlacklist(argument: _idgate_core_v1_DashboardBlacklistListRequest, callback: grpc.requestCallback<_idgate_core_v1_BlacklistList__Output>): grpc.ClientUnaryCall;
  
  ListFaceUsers(argument: _idgate_core_v1_DashboardFaceUsersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardFaceUsers__Output>): grpc.ClientUnaryCall;
  ListFaceUsers(argument: _idgate_core_v1_DashboardFaceUsersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardFaceUsers__Output>): grpc.ClientUnaryCall;
  ListFaceUsers(argument: _idgate_core_v1_DashboardFaceUsersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardFaceUsers__Output>): grpc.ClientUnaryCall;
  ListFaceUsers(argument: _idgate_core_v1_DashboardFaceUsersRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardFaceUsers__Output>): grpc.ClientUnaryCall;
  listFaceUsers(argument: _idgate_core_v1_DashboardFaceUsersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardFaceUsers__Output>): grpc.ClientUnaryCall;
  listFaceUsers(argument: _idgate_core_v1_DashboardFaceUsersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardFaceUsers__Output>): grpc.ClientUnaryCall;
  listFaceUsers(argument: _idgate_core_v1_DashboardFaceUsersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardFaceUsers__Output>): grpc.ClientUnaryCall;
  listFaceUsers(argument: _idgate_core_v1_DashboardFaceUsersRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardFaceUsers__Output>): grpc.ClientUnaryCall;
  
  SetRules(argument: _idgate_core_v1_DashboardRulesChangeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardRules__Output>): grpc.ClientUnaryCall;
  SetRules(argument: _idgate_core_v1_DashboardRulesChangeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardRules__Output>): grpc.ClientUnaryCall;
  SetRules(argument: _idgate_core_v1_DashboardRulesChangeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardRules__Output>): grpc.ClientUnaryCall;
  SetRules(argument: _idgate_core_v1_DashboardRulesChangeRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardRules__Output>): grpc.ClientUnaryCall;
  setRules(argument: _idgate_core_v1_DashboardRulesChangeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardRules__Output>): grpc.ClientUnaryCall;
  setRules(argument: _idgate_core_v1_DashboardRulesChangeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardRules__Output>): grpc.ClientUnaryCall;
  setRules(argument: _idgate_core_v1_DashboardRulesChangeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardRules__Output>): grpc.ClientUnaryCall;
  setRules(argument: _idgate_core_v1_DashboardRulesChangeRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardRules__Output>): grpc.ClientUnaryCall;
  
}

export interface DashboardRulesServiceHandlers extends grpc.UntypedServiceImplementation {
  AddBlacklistImage: grpc.handleUnaryCall<_idgate_core_v1_DashboardBlacklistImageRequest__Output, _idgate_core_v1_BlacklistEntry>;
  
  AddBlacklistSession: grpc.handleUnaryCall<_idgate_core_v1_DashboardBlacklistSessionRequest__Output, _idgate_core_v1_BlacklistEntry>;
  
  DeleteBlacklistEntry: grpc.handleUnaryCall<_idgate_core_v1_DashboardBlacklistIdRequest__Output, _idgate_core_v1_BlacklistDeleted>;
  
  DeleteFaceUser: grpc.handleUnaryCall<_idgate_core_v1_DashboardFaceUserRequest__Output, _idgate_core_v1_FaceUserDeleted>;
  
  GetRules: grpc.handleUnaryCall<_idgate_core_v1_DashboardRulesRequest__Output, _idgate_core_v1_DashboardRules>;
  
  ListBlacklist: grpc.handleUnaryCall<_idgate_core_v1_DashboardBlacklistListRequest__Output, _idgate_core_v1_BlacklistList>;
  
  ListFaceUsers: grpc.handleUnaryCall<_idgate_core_v1_DashboardFaceUsersRequest__Output, _idgate_core_v1_DashboardFaceUsers>;
  
  SetRules: grpc.handleUnaryCall<_idgate_core_v1_DashboardRulesChangeRequest__Output, _idgate_core_v1_DashboardRules>;
  
}

export interface DashboardRulesServiceDefinition extends grpc.ServiceDefinition {
  AddBlacklistImage: MethodDefinition<_idgate_core_v1_DashboardBlacklistImageRequest, _idgate_core_v1_BlacklistEntry, _idgate_core_v1_DashboardBlacklistImageRequest__Output, _idgate_core_v1_BlacklistEntry__Output>
  AddBlacklistSession: MethodDefinition<_idgate_core_v1_DashboardBlacklistSessionRequest, _idgate_core_v1_BlacklistEntry, _idgate_core_v1_DashboardBlacklistSessionRequest__Output, _idgate_core_v1_BlacklistEntry__Output>
  DeleteBlacklistEntry: MethodDefinition<_idgate_core_v1_DashboardBlacklistIdRequest, _idgate_core_v1_BlacklistDeleted, _idgate_core_v1_DashboardBlacklistIdRequest__Output, _idgate_core_v1_BlacklistDeleted__Output>
  DeleteFaceUser: MethodDefinition<_idgate_core_v1_DashboardFaceUserRequest, _idgate_core_v1_FaceUserDeleted, _idgate_core_v1_DashboardFaceUserRequest__Output, _idgate_core_v1_FaceUserDeleted__Output>
  GetRules: MethodDefinition<_idgate_core_v1_DashboardRulesRequest, _idgate_core_v1_DashboardRules, _idgate_core_v1_DashboardRulesRequest__Output, _idgate_core_v1_DashboardRules__Output>
  ListBlacklist: MethodDefinition<_idgate_core_v1_DashboardBlacklistListRequest, _idgate_core_v1_BlacklistList, _idgate_core_v1_DashboardBlacklistListRequest__Output, _idgate_core_v1_BlacklistList__Output>
  ListFaceUsers: MethodDefinition<_idgate_core_v1_DashboardFaceUsersRequest, _idgate_core_v1_DashboardFaceUsers, _idgate_core_v1_DashboardFaceUsersRequest__Output, _idgate_core_v1_DashboardFaceUsers__Output>
  SetRules: MethodDefinition<_idgate_core_v1_DashboardRulesChangeRequest, _idgate_core_v1_DashboardRules, _idgate_core_v1_DashboardRulesChangeRequest__Output, _idgate_core_v1_DashboardRules__Output>
}
