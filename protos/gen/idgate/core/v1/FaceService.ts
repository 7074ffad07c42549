// Original file: protos/core.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { BlacklistDeleted as _idgate_core_v1_BlacklistDeleted, BlacklistDeleted__Output as _idgate_core_v1_BlacklistDeleted__Output } from '../../../idgate/core/v1/BlacklistDeleted.ts';
import type { BlacklistEntry as _idgate_core_v1_BlacklistEntry, BlacklistEntry__Output as _idgate_core_v1_BlacklistEntry__Output } from '../../../idgate/core/v1/BlacklistEntry.ts';
import type { BlacklistIdRequest as _idgate_core_v1_BlacklistIdRequest, BlacklistIdRequest__Output as _idgate_core_v1_BlacklistIdRequest__Output } from '../../../idgate/core/v1/BlacklistIdRequest.ts';
import type { BlacklistImageRequest as _idgate_core_v1_BlacklistImageRequest, BlacklistImageRequest__Output as _idgate_core_v1_BlacklistImageRequest__Output } from '../../../idgate/core/v1/BlacklistImageRequest.ts';
import type { BlacklistList as _idgate_core_v1_BlacklistList, BlacklistList__Output as _idgate_core_v1_BlacklistList__Output } from '../../../idgate/core/v1/BlacklistList.ts';
import type { BlacklistListRequest as _idgate_core_v1_BlacklistListRequest, BlacklistListRequest__Output as _idgate_core_v1_BlacklistListRequest__Output } from '../../../idgate/core/v1/BlacklistListRequest.ts';
import type { BlacklistSessionRequest as _idgate_core_v1_BlacklistSessionRequest, BlacklistSessionRequest__Output as _idgate_core_v1_BlacklistSessionRequest__Output } from '../../../idgate/core/v1/BlacklistSessionRequest.ts';
import type { FaceChallenge as _idgate_core_v1_FaceChallenge, FaceChallenge__Output as _idgate_core_v1_FaceChallenge__Output } from '../../../idgate/core/v1/FaceChallenge.ts';
import type { FaceChallengeIdRequest as _idgate_core_v1_FaceChallengeIdRequest, FaceChallengeIdRequest__Output as _idgate_core_v1_FaceChallengeIdRequest__Output } from '../../../idgate/core/v1/FaceChallengeIdRequest.ts';
import type { FaceChallengeRequest as _idgate_core_v1_FaceChallengeRequest, FaceChallengeRequest__Output as _idgate_core_v1_FaceChallengeRequest__Output } from '../../../idgate/core/v1/FaceChallengeRequest.ts';
import type { FaceUserDeleted as _idgate_core_v1_FaceUserDeleted, FaceUserDeleted__Output as _idgate_core_v1_FaceUserDeleted__Output } from '../../../idgate/core/v1/FaceUserDeleted.ts';
import type { FaceUserRequest as _idgate_core_v1_FaceUserRequest, FaceUserRequest__Output as _idgate_core_v1_FaceUserRequest__Output } from '../../../idgate/core/v1/FaceUserRequest.ts';

export interface FaceServiceClient extends grpc.Client {
  BlacklistImage(argument: _idgate_core_v1_BlacklistImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  BlacklistImage(argument: _idgate_core_v1_BlacklistImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  BlacklistImage(argument: _idgate_core_v1_BlacklistImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  BlacklistImage(argument: _idgate_core_v1_BlacklistImageRequest, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  blacklistImage(argument: _idgate_core_v1_BlacklistImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  blacklistImage(argument: _idgate_core_v1_BlacklistImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  blacklistImage(argument: _idgate_core_v1_BlacklistImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  blacklistImage(argument: _idgate_core_v1_BlacklistImageRequest, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  
  BlacklistSession(argument: _idgate_core_v1_BlacklistSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  BlacklistSession(argument: _idgate_core_v1_BlacklistSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  BlacklistSession(argument: _idgate_core_v1_BlacklistSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  BlacklistSession(argument: _idgate_core_v1_BlacklistSessionRequest, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  blacklistSession(argument: _idgate_core_v1_BlacklistSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  blacklistSession(argument: _idgate_core_v1_BlacklistSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  blacklistSession(argument: _idgate_core_v1_BlacklistSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  blacklistSession(argument: _idgate_core_v1_BlacklistSessionRequest, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  
  DeleteBlacklistEntry(argument: _idgate_core_v1_BlacklistIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistDeleted__Output>): grpc.ClientUnaryCall;
  DeleteBlacklistEntry(argument: _idgate_core_v1_BlacklistIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_BlacklistDeleted__Output>): grpc.ClientUnaryCall;
  DeleteBlacklistEntry(argument: _idgate_core_v1_BlacklistIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistDeleted__Output>): grpc.ClientUnaryCall;
  DeleteBlacklistEntry(argument: _idgate_core_v1_BlacklistIdRequest, callback: grpc.requestCallback<_idgate_core_v1_BlacklistDeleted__Output>): grpc.ClientUnaryCall;
  deleteBlacklistEntry(argument: _idgate_core_v1_BlacklistIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistDeleted__Output>): grpc.ClientUnaryCall;
  deleteBlacklistEntry(argument: _idgate_core_v1_BlacklistIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_BlacklistDeleted__Output>): grpc.ClientUnaryCall;
  deleteBlacklistEntry(argument: _idgate_core_v1_BlacklistIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistDeleted__Output>): grpc.ClientUnaryCall;
  deleteBlacklistEntry(argument: _idgate_core_v1_BlacklistIdRequest, callback: grpc.requestCallback<_idgate_core_v1_BlacklistDeleted__Output>): grpc.ClientUnaryCall;
  
  DeleteFaceUser(argument: _idgate_core_v1_FaceUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_FaceUserDeleted__Output>): grpc.ClientUnaryCall;
  DeleteFaceUser(argument: _idgate_core_v1_FaceUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_FaceUserDeleted__Output>): grpc.ClientUnaryCall;
  DeleteFaceUser(argument: _idgate_core_v1_FaceUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_FaceUserDeleted__Output>): grpc.ClientUnaryCall;
  DeleteFaceUser(argument: _idgate_core_v1_FaceUserRequest, callback: grpc.requestCallback<_idgate_core_v1_FaceUserDeleted__Output>): grpc.ClientUnaryCall;
  deleteFaceUser(argument: _idgate_core_v1_FaceUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_FaceUserDeleted__Output>): grpc.ClientUnaryCall;
  deleteFaceUser(argument: _idgate_core_v1_FaceUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_FaceUserDeleted__Output>): grpc.ClientUnaryCall;
  deleteFaceUser(argument: _idgate_core_v1_FaceUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_FaceUserDeleted__Output>): grpc.ClientUnaryCall;
  deleteFaceUser(argument: _idgate_core_v1_FaceUserRequest, callback: grpc.requestCallback<_idgate_core_v1_FaceUserDeleted__Output>): grpc.ClientUnaryCall;
  
  GetBlacklistEntry(argument: _idgate_core_v1_BlacklistIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  GetBlacklistEntry(argument: _idgate_core_v1_BlacklistIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  GetBlacklistEntry(argument: _idgate_core_v1_BlacklistIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  GetBlacklistEntry(argument: _idgate_core_v1_BlacklistIdRequest, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  getBlacklistEntry(argument: _idgate_core_v1_BlacklistIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  getBlacklistEntry(argument: _idgate_core_v1_BlacklistIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  getBlacklistEntry(argument: _idgate_core_v1_BlacklistIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  getBlacklistEntry(argument: _idgate_core_v1_BlacklistIdRequest, callback: grpc.requestCallback<_idgate_core_v1_BlacklistEntry__Output>): grpc.ClientUnaryCall;
  
  GetFaceChallenge(argument: _idgate_core_v1_FaceChallengeIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_FaceChallenge__Output>): grpc.ClientUnaryCall;
  GetFaceChallenge(argument: _idgate_core_v1_FaceChallengeIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_FaceChallenge__Output>): grpc.ClientUnaryCall;
  GetFaceChallenge(argument: _idgate_core_v1_FaceChallengeIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_FaceChallenge__Output>): grpc.ClientUnaryCall;
  GetFaceChallenge(argument: _idgate_core_v1_FaceChallengeIdRequest, callback: grpc.requestCallback<_idgate_core_v1_FaceChallenge__Output>): grpc.ClientUnaryCall;
  getFaceChallenge(argument: _idgate_core_v1_FaceChallengeIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_FaceChallenge__Output>): grpc.ClientUnaryCall;
  getFaceChallenge(argument: _idgate_core_v1_FaceChallengeIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_FaceChallenge__Output>): grpc.ClientUnaryCall;
  getFaceChallenge(argument: _idgate_core_v1_FaceChallengeIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_FaceChallenge__Output>): grpc.ClientUnaryCall;
  getFaceChallenge(argument: _idgate_core_v1_FaceChallengeIdRequest, callback: grpc.requestCallback<_idgate_core_v1_FaceChallenge__Output>): grpc.ClientUnaryCall;
  
  ListBlacklist(argument: _idgate_core_v1_BlacklistListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistList__Output>): grpc.ClientUnaryCall;
  ListBlacklist(argument: _idgate_core_v1_BlacklistListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_BlacklistList__Output>): grpc.ClientUnaryCall;
  ListBlacklist(argument: _idgate_core_v1_BlacklistListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistList__Output>): grpc.ClientUnaryCall;
  ListBlacklist(argument: _idgate_core_v1_BlacklistListRequest, callback: grpc.requestCallback<_idgate_core_v1_BlacklistList__Output>): grpc.ClientUnaryCall;
  listBlacklist(argument: _idgate_core_v1_BlacklistListRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistList__Output>): grpc.ClientUnaryCall;
  listBlacklist(argument: _idgate_core_v1_BlacklistListRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_BlacklistList__Output>): grpc.ClientUnaryCall;
  listBlacklist(argument: _idgate_core_v1_BlacklistListRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_BlacklistList__Output>): grpc.ClientUnaryCall;
  listBlacklist(argument: _idgate_core_v1_BlacklistListRequest, callback: grpc.requestCallback<_idgate_core_v1_BlacklistList__Output>): grpc.ClientUnaryCall;
  
  RegisterFace(argument: _idgate_core_v1_FaceChallengeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_FaceChallenge__Output>): grpc.ClientUnaryCall;
  RegisterFace(argument: _idgate_core_v1_FaceChallengeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_FaceChallenge__Output>): grpc.ClientUnaryCall;
  RegisterFace(argument: _idgate_core_v1_FaceChallengeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_FaceChallenge__Output>): grpc.ClientUnaryCall;
  RegisterFace(argument: _idgate_core_v1_FaceChallengeRequest, callback: grpc.requestCallback<_idgate_core_v1_FaceChallenge__Output>): grpc.ClientUnaryCall;
  registerFace(argument: _idgate_core_v1_FaceChallengeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_FaceChallenge__Output>): grpc.ClientUnaryCall;
  registerFace(argument: _idgate_core_v1_FaceChallengeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_FaceChallenge__Output>): grpc.ClientUnaryCall;
  registerFace(argument: _idgate_core_v1_FaceChallengeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_FaceChallenge__Output>): grpc.ClientUnaryCall;
  registerFace(argument: _idgate_core_v1_FaceChallengeRequest, callback: grpc.requestCallback<_idgate_core_v1_FaceChallenge__Output>): grpc.ClientUnaryCall;
  
  VerifyFace(argument: _idgate_core_v1_FaceChallengeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_FaceChallenge__Output>): grpc.ClientUnaryCall;
  VerifyFace(argument: _idgate_core_v1_FaceChallengeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_FaceChallenge__Output>): grpc.ClientUnaryCall;
  VerifyFace(argument: _idgate_core_v1_FaceChallengeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_FaceChallenge__Output>): grpc.ClientUnaryCall;
  VerifyFace(argument: _idgate_core_v1_FaceChallengeRequest, callback: grpc.requestCallback<_idgate_core_v1_FaceChallenge__Output>): grpc.ClientUnaryCall;
  verifyFace(argument: _idgate_core_v1_FaceChallengeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_FaceChallenge__Output>): grpc.ClientUnaryCall;
  verifyFace(argument: _idgate_core_v1_FaceChallengeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_FaceChallenge__Output>): grpc.ClientUnaryCall;
  verifyFace(argument: _idgate_core_v1_FaceChallengeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_FaceChallenge__Output>): grpc.ClientUnaryCall;
  verifyFace(argument: _idgate_core_v1_FaceChallengeRequest, callback: grpc.requestCallback<_idgate_core_v1_FaceChallenge__Output>): grpc.ClientUnaryCall;
  
}

export interface FaceServiceHandlers extends grpc.UntypedServiceImplementation {
  BlacklistImage: grpc.handleUnaryCall<_idgate_core_v1_BlacklistImageRequest__Output, _idgate_core_v1_BlacklistEntry>;
  
  BlacklistSession: grpc.handleUnaryCall<_idgate_core_v1_BlacklistSessionRequest__Output, _idgate_core_v1_BlacklistEntry>;
  
  DeleteBlacklistEntry: grpc.handleUnaryCall<_idgate_core_v1_BlacklistIdRequest__Output, _idgate_core_v1_BlacklistDeleted>;
  
  DeleteFaceUser: grpc.handleUnaryCall<_idgate_core_v1_FaceUserRequest__Output, _idgate_core_v1_FaceUserDeleted>;
  
  GetBlacklistEntry: grpc.handleUnaryCall<_idgate_core_v1_BlacklistIdRequest__Output, _idgate_core_v1_BlacklistEntry>;
  
  GetFaceChallenge: grpc.handleUnaryCall<_idgate_core_v1_FaceChallengeIdRequest__Output, _idgate_core_v1_FaceChallenge>;
  
  ListBlacklist: grpc.handleUnaryCall<_idgate_core_v1_BlacklistListRequest__Output, _idgate_core_v1_BlacklistList>;
  
  RegisterFace: grpc.handleUnaryCall<_idgate_core_v1_FaceChallengeRequest__Output, _idgate_core_v1_FaceChallenge>;
  
  VerifyFace: grpc.handleUnaryCall<_idgate_core_v1_FaceChallengeRequest__Output, _idgate_core_v1_FaceChallenge>;
  
}

export interface FaceServiceDefinition extends grpc.ServiceDefinition {
  BlacklistImage: MethodDefinition<_idgate_core_v1_BlacklistImageRequest, _idgate_core_v1_BlacklistEntry, _idgate_core_v1_BlacklistImageRequest__Output, _idgate_core_v1_BlacklistEntry__Output>
  BlacklistSession: MethodDefinition<_idgate_core_v1_BlacklistSessionRequest, _idgate_core_v1_BlacklistEntry, _idgate_core_v1_BlacklistSessionRequest__Output, _idgate_core_v1_BlacklistEntry__Output>
  DeleteBlacklistEntry: MethodDefinition<_idgate_core_v1_BlacklistIdRequest, _idgate_core_v1_BlacklistDeleted, _idgate_core_v1_BlacklistIdRequest__Output, _idgate_core_v1_BlacklistDeleted__Output>
  DeleteFaceUser: MethodDefinition<_idgate_core_v1_FaceUserRequest, _idgate_core_v1_FaceUserDeleted, _idgate_core_v1_FaceUserRequest__Output, _idgate_core_v1_FaceUserDeleted__Output>
  GetBlacklistEntry: MethodDefinition<_idgate_core_v1_BlacklistIdRequest, _idgate_core_v1_BlacklistEntry, _idgate_core_v1_BlacklistIdRequest__Output, _idgate_core_v1_BlacklistEntry__Output>
  GetFaceChallenge: MethodDefinition<_idgate_core_v1_FaceChallengeIdRequest, _idgate_core_v1_FaceChallenge, _idgate_core_v1_FaceChallengeIdRequest__Output, _idgate_core_v1_FaceChallenge__Output>
  ListBlacklist: MethodDefinition<_idgate_core_v1_BlacklistListRequest, _idgate_core_v1_BlacklistList, _idgate_core_v1_BlacklistListRequest__Output, _idgate_core_v1_BlacklistList__Output>
  RegisterFace: MethodDefinition<_idgate_core_v1_FaceChallengeRequest, _idgate_core_v1_FaceChallenge, _idgate_core_v1_FaceChallengeRequest__Output, _idgate_core_v1_FaceChallenge__Output>
  VerifyFace: MethodDefinition<_idgate_core_v1_FaceChallengeRequest, _idgate_core_v1_FaceChallenge, _idgate_core_v1_FaceChallengeRequest__Output, _idgate_core_v1_FaceChallenge__Output>
}
