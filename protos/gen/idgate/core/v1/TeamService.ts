// Original file: protos/core.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AcceptInvitationRequest as _idgate_core_v1_AcceptInvitationRequest, AcceptInvitationRequest__Output as _idgate_core_v1_AcceptInvitationRequest__Output } from '../../../idgate/core/v1/AcceptInvitationRequest.ts';
import type { AuditLog as _idgate_core_v1_AuditLog, AuditLog__Output as _idgate_core_v1_AuditLog__Output } from '../../../idgate/core/v1/AuditLog.ts';
import type { AuditLogRequest as _idgate_core_v1_AuditLogRequest, AuditLogRequest__Output as _idgate_core_v1_AuditLogRequest__Output } from '../../../idgate/core/v1/AuditLogRequest.ts';
import type { DashboardMember as _idgate_core_v1_DashboardMember, DashboardMember__Output as _idgate_core_v1_DashboardMember__Output } from '../../../idgate/core/v1/DashboardMember.ts';
import type { DashboardSession as _idgate_core_v1_DashboardSession, DashboardSession__Output as _idgate_core_v1_DashboardSession__Output } from '../../../idgate/core/v1/DashboardSession.ts';
import type { Empty as _idgate_core_v1_Empty, Empty__Output as _idgate_core_v1_Empty__Output } from '../../../idgate/core/v1/Empty.ts';
import type { InviteFirstOwnerRequest as _idgate_core_v1_InviteFirstOwnerRequest, InviteFirstOwnerRequest__Output as _idgate_core_v1_InviteFirstOwnerRequest__Output } from '../../../idgate/core/v1/InviteFirstOwnerRequest.ts';
import type { TeamInvitation as _idgate_core_v1_TeamInvitation, TeamInvitation__Output as _idgate_core_v1_TeamInvitation__Output } from '../../../idgate/core/v1/TeamInvitation.ts';
import type { TeamInviteRequest as _idgate_core_v1_TeamInviteRequest, TeamInviteRequest__Output as _idgate_core_v1_TeamInviteRequest__Output } from '../../../idgate/core/v1/TeamInviteRequest.ts';
import type { TeamMemberIdRequest as _idgate_core_v1_TeamMemberIdRequest, TeamMemberIdRequest__Output as _idgate_core_v1_TeamMemberIdRequest__Output } from '../../../idgate/core/v1/TeamMemberIdRequest.ts';
import type { TeamMemberList as _idgate_core_v1_TeamMemberList, TeamMemberList__Output as _idgate_core_v1_TeamMemberList__Output } from '../../../idgate/core/v1/TeamMemberList.ts';
import type { TeamMemberMessage as _idgate_core_v1_TeamMemberMessage, TeamMemberMessage__Output as _idgate_core_v1_TeamMemberMessage__Output } from '../../../idgate/core/v1/TeamMemberMessage.ts';
import type { TeamMemberRoleRequest as _idgate_core_v1_TeamMemberRoleRequest, TeamMemberRoleRequest__Output as _idgate_core_v1_TeamMemberRoleRequest__Output } from '../../../idgate/core/v1/TeamMemberRoleRequest.ts';
import type { TeamSignInRequest as _idgate_core_v1_TeamSignInRequest, TeamSignInRequest__Output as _idgate_core_v1_TeamSignInRequest__Output } from '../../../idgate/core/v1/TeamSignInRequest.ts';

export interface TeamServiceClient extends grpc.Client {
  AcceptInvitation(argument: _idgate_core_v1_AcceptInvitationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardSession__Output>): grpc.ClientUnaryCall;
  AcceptInvitation(argument: _idgate_core_v1_AcceptInvitationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardSession__Output>): grpc.ClientUnaryCall;
  AcceptInvitation(argument: _idgate_core_v1_AcceptInvitationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardSession__Output>): grpc.ClientUnaryCall;
  AcceptInvitation(argument: _idgate_core_v1_AcceptInvitationRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardSession__Output>): grpc.ClientUnaryCall;
  acceptInvitation(argument: _idgate_core_v1_AcceptInvitationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardSession__Output>): grpc.ClientUnaryCall;
  acceptInvitation(argument: _idgate_core_v1_AcceptInvitationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardSession__Output>): grpc.ClientUnaryCall;
  acceptInvitation(argument: _idgate_core_v1_AcceptInvitationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardSession__Output>): grpc.ClientUnaryCall;
  acceptInvitation(argument: _idgate_core_v1_AcceptInvitationRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardSession__Output>): grpc.ClientUnaryCall;
  
  ChangeRole(argument: _idgate_core_v1_TeamMemberRoleRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_TeamMemberMessage__Output>): grpc.ClientUnaryCall;
  ChangeRole(argument: _idgate_core_v1_TeamMemberRoleRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_TeamMemberMessage__Output>): grpc.ClientUnaryCall;
  ChangeRole(argument: _idgate_core_v1_TeamMemberRoleRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_TeamMemberMessage__Output>): grpc.ClientUnaryCall;
  ChangeRole(argument: _idgate_core_v1_TeamMemberRoleRequest, callback: grpc.requestCallback<_idgate_core_v1_TeamMemberMessage__Output>): grpc.ClientUnaryCall;
  changeRole(argument: _idgate_core_v1_TeamMemberRoleRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_TeamMemberMessage__Output>): grpc.ClientUnaryCall;
  changeRole(argument: _idgate_core_v1_TeamMemberRoleRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_TeamMemberMessage__Output>): grpc.ClientUnaryCall;
  changeRole(argument: _idgate_core_v1_TeamMemberRoleRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_TeamMemberMessage__Output>): grpc.ClientUnaryCall;
  changeRole(argument: _idgate_core_v1_TeamMemberRoleRequest, callback: grpc.requestCallback<_idgate_core_v1_TeamMemberMessage__Output>): grpc.ClientUnaryCall;
  
  GetAuditLog(argument: _idgate_core_v1_AuditLogRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_AuditLog__Output>): grpc.ClientUnaryCall;
  GetAuditLog(argument: _idgate_core_v1_AuditLogRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_AuditLog__Output>): grpc.ClientUnaryCall;
  GetAuditLog(argument: _idgate_core_v1_AuditLogRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_AuditLog__Output>): grpc.ClientUnaryCall;
  GetAuditLog(argument: _idgate_core_v1_AuditLogRequest, callback: grpc.requestCallback<_idgate_core_v1_AuditLog__Output>): grpc.ClientUnaryCall;
  getAuditLog(argument: _idgate_core_v1_AuditLogRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_AuditLog__Output>): grpc.ClientUnaryCall;
  getAuditLog(argument: _idgate_core_v1_AuditLogRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_AuditLog__Output>): grpc.ClientUnaryCall;
  getAuditLog(argument: _idgate_core_v1_AuditLogRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_AuditLog__Output>): grpc.ClientUnaryCall;
  getAuditLog(argument: _idgate_core_v1_AuditLogRequest, callback: grpc.requestCallback<_idgate_core_v1_AuditLog__Output>): grpc.ClientUnaryCall;
  
  Invite(argument: _idgate_core_v1_TeamInviteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_TeamInvitation__Output>): grpc.ClientUnaryCall;
  Invite(argument: _idgate_core_v1_TeamInviteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_TeamInvitation__Output>): grpc.ClientUnaryCall;
  Invite(argument: _idgate_core_v1_TeamInviteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_TeamInvitation__Output>): grpc.ClientUnaryCall;
  Invite(argument: _idgate_core_v1_TeamInviteRequest, callback: grpc.requestCallback<_idgate_core_v1_TeamInvitation__Output>): grpc.ClientUnaryCall;
  invite(argument: _idgate_core_v1_TeamInviteRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_TeamInvitation__Output>): grpc.ClientUnaryCall;
  invite(argument: _idgate_core_v1_TeamInviteRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_TeamInvitation__Output>): grpc.ClientUnaryCall;
  invite(argument: _idgate_core_v1_TeamInviteRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_TeamInvitation__Output>): grpc.ClientUnaryCall;
  invite(argument: _idgate_core_v1_TeamInviteRequest, callback: grpc.requestCallback<_idgate_core_v1_TeamInvitation__Output>): grpc.ClientUnaryCall;
  
  InviteFirstOwner(argument: _idgate_core_v1_InviteFirstOwnerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_TeamInvitation__Output>): grpc.ClientUnaryCall;
  InviteFirstOwner(argument: _idgate_core_v1_InviteFirstOwnerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_TeamInvitation__Output>): grpc.ClientUnaryCall;
  InviteFirstOwner(argument: _idgate_core_v1_InviteFirstOwnerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_TeamInvitation__Output>): grpc.ClientUnaryCall;
  InviteFirstOwner(argument: _idgate_core_v1_InviteFirstOwnerRequest, callback: grpc.requestCallback<_idgate_core_v1_TeamInvitation__Output>): grpc.ClientUnaryCall;
  inviteFirstOwner(argument: _idgate_core_v1_InviteFirstOwnerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_TeamInvitation__Output>): grpc.ClientUnaryCall;
  inviteFirstOwner(argument: _idgate_core_v1_InviteFirstOwnerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_TeamInvitation__Output>): grpc.ClientUnaryCall;
  inviteFirstOwner(argument: _idgate_core_v1_InviteFirstOwnerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_TeamInvitation__Output>): grpc.ClientUnaryCall;
  inviteFirstOwner(argument: _idgate_core_v1_InviteFirstOwnerRequest, callback: grpc.requestCallback<_idgate_core_v1_TeamInvitation__Output>): grpc.ClientUnaryCall;
  
  ListMembers(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_TeamMemberList__Output>): grpc.ClientUnaryCall;
  ListMembers(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_TeamMemberList__Output>): grpc.ClientUnaryCall;
  ListMembers(argument: _idgate_core_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_TeamMemberList__Output>): grpc.ClientUnaryCall;
  ListMembers(argument: _idgate_core_v1_Empty, callback: grpc.requestCallback<_idgate_core_v1_TeamMemberList__Output>): grpc.ClientUnaryCall;
  listMembers(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_TeamMemberList__Output>): grpc.ClientUnaryCall;
  listMembers(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_TeamMemberList__Output>): grpc.ClientUnaryCall;
  listMembers(argument: _idgate_core_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_TeamMemberList__Output>): grpc.ClientUnaryCall;
  listMembers(argument: _idgate_core_v1_Empty, callback: grpc.requestCallback<_idgate_core_v1_TeamMemberList__Output>): grpc.ClientUnaryCall;
  
  RemoveMember(argument: _idgate_core_v1_TeamMemberIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Empty__Output>): grpc.ClientUnaryCall;
  RemoveMember(argument: _idgate_core_v1_TeamMemberIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_Empty__Output>): grpc.ClientUnaryCall;
  RemoveMember(argument: _idgate_core_v1_TeamMemberIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Empty__Output>): grpc.ClientUnaryCall;
  RemoveMember(argument: _idgate_core_v1_TeamMemberIdRequest, callback: grpc.requestCallback<_idgate_core_v1_Empty__Output>): grpc.ClientUnaryCall;
  removeMember(argument: _idgate_core_v1_TeamMemberIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Empty__Output>): grpc.ClientUnaryCall;
  removeMember(argument: _idgate_core_v1_TeamMemberIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_Empty__Output>): grpc.ClientUnaryCall;
  removeMember(argument: _idgate_core_v1_TeamMemberIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Empty__Output>): grpc.ClientUnaryCall;
  removeMember(argument: _idgate_core_v1_TeamMemberIdRequest, callback: grpc.requestCallback<_idgate_core_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  SignIn(argument: _idgate_core_v1_TeamSignInRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardSession__Output>): grpc.ClientUnaryCall;
  SignIn(argument: _idgate_core_v1_TeamSignInRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardSession__Output>): grpc.ClientUnaryCall;
  SignIn(argument: _idgate_core_v1_TeamSignInRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardSession__Output>): grpc.ClientUnaryCall;
  SignIn(argument: _idgate_core_v1_TeamSignInRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardSession__Output>): grpc.ClientUnaryCall;
  signIn(argument: _idgate_core_v1_TeamSignInRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardSession__Output>): grpc.ClientUnaryCall;
  signIn(argument: _idgate_core_v1_TeamSignInRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardSession__Output>): grpc.ClientUnaryCall;
  signIn(argument: _idgate_core_v1_TeamSignInRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardSession__Output>): grpc.ClientUnaryCall;
  signIn(argument: _idgate_core_v1_TeamSignInRequest, callback: grpc.requestCallback<_idgate_core_v1_DashboardSession__Output>): grpc.ClientUnaryCall;
  
  SignOut(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Empty__Output>): grpc.ClientUnaryCall;
  SignOut(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_Empty__Output>): grpc.ClientUnaryCall;
  SignOut(argument: _idgate_core_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Empty__Output>): grpc.ClientUnaryCall;
  SignOut(argument: _idgate_core_v1_Empty, callback: grpc.requestCallback<_idgate_core_v1_Empty__Output>): grpc.ClientUnaryCall;
  signOut(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Empty__Output>): grpc.ClientUnaryCall;
  signOut(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_Empty__Output>): grpc.ClientUnaryCall;
  signOut(argument: _idgate_core_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_Empty__Output>): grpc.ClientUnaryCall;
  signOut(argument: _idgate_core_v1_Empty, callback: grpc.requestCallback<_idgate_core_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  WhoAmI(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardMember__Output>): grpc.ClientUnaryCall;
  WhoAmI(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardMember__Output>): grpc.ClientUnaryCall;
  WhoAmI(argument: _idgate_core_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardMember__Output>): grpc.ClientUnaryCall;
  WhoAmI(argument: _idgate_core_v1_Empty, callback: grpc.requestCallback<_idgate_core_v1_DashboardMember__Output>): grpc.ClientUnaryCall;
  whoAmI(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardMember__Output>): grpc.ClientUnaryCall;
  whoAmI(argument: _idgate_core_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_idgate_core_v1_DashboardMember__Output>): grpc.ClientUnaryCall;
  whoAmI(argument: _idgate_core_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_idgate_core_v1_DashboardMember__Output>): grpc.ClientUnaryCall;
  whoAmI(argument: _idgate_core_v1_Empty, callback: grpc.requestCallback<_idgate_core_v1_DashboardMember__Output>): grpc.ClientUnaryCall;
  
}

export interface TeamServiceHandlers extends grpc.UntypedServiceImplementation {
  AcceptInvitation: grpc.handleUnaryCall<_idgate_core_v1_AcceptInvitationRequest__Output, _idgate_core_v1_DashboardSession>;
  
  ChangeRole: grpc.handleUnaryCall<_idgate_core_v1_TeamMemberRoleRequest__Output, _idgate_core_v1_TeamMemberMessage>;
  
  GetAuditLog: grpc.handleUnaryCall<_idgate_core_v1_AuditLogRequest__Output, _idgate_core_v1_AuditLog>;
  
  Invite: grpc.handleUnaryCall<_idgate_core_v1_TeamInviteRequest__Output, _idgate_core_v1_TeamInvitation>;
  
  InviteFirstOwner: grpc.handleUnaryCall<_idgate_core_v1_InviteFirstOwnerRequest__Output, _idgate_core_v1_TeamInvitation>;
  
  ListMembers: grpc.handleUnaryCall<_idgate_core_v1_Empty__Output, _idgate_core_v1_TeamMemberList>;
  
  RemoveMember: grpc.handleUnaryCall<_idgate_core_v1_TeamMemberIdRequest__Output, _idgate_core_v1_Empty>;
  
  SignIn: grpc.handleUnaryCall<_idgate_core_v1_TeamSignInRequest__Output, _idgate_core_v1_DashboardSession>;
  
  SignOut: grpc.handleUnaryCall<_idgate_core_v1_Empty__Output, _idgate_core_v1_Empty>;
  
  WhoAmI: grpc.handleUnaryCall<_idgate_core_v1_Empty__Output, _idgate_core_v1_DashboardMember>;
  
}

export interface TeamServiceDefinition extends grpc.ServiceDefinition {
  AcceptInvitation: MethodDefinition<_idgate_core_v1_AcceptInvitationRequest, _idgate_core_v1_DashboardSession, _idgate_core_v1_AcceptInvitationRequest__Output, _idgate_core_v1_DashboardSession__Output>
  ChangeRole: MethodDefinition<_idgate_core_v1_TeamMemberRoleRequest, _idgate_core_v1_TeamMemberMessage, _idgate_core_v1_TeamMemberRoleRequest__Output, _idgate_core_v1_TeamMemberMessage__Output>
  GetAuditLog: MethodDefinition<_idgate_core_v1_AuditLogRequest, _idgate_core_v1_AuditLog, _idgate_core_v1_AuditLogRequest__Output, _idgate_core_v1_AuditLog__Output>
  Invite: MethodDefinition<_idgate_core_v1_TeamInviteRequest, _idgate_core_v1_TeamInvitation, _idgate_core_v1_TeamInviteRequest__Output, _idgate_core_v1_TeamInvitation__Output>
  InviteFirstOwner: MethodDefinition<_idgate_core_v1_InviteFirstOwnerRequest, _idgate_core_v1_TeamInvitation, _idgate_core_v1_InviteFirstOwnerRequest__Output, _idgate_core_v1_TeamInvitation__Output>
  ListMembers: MethodDefinition<_idgate_core_v1_Empty, _idgate_core_v1_TeamMemberList, _idgate_core_v1_Empty__Output, _idgate_core_v1_TeamMemberList__Output>
  RemoveMember: MethodDefinition<_idgate_core_v1_TeamMemberIdRequest, _idgate_core_v1_Empty, _idgate_core_v1_TeamMemberIdRequest__Output, _idgate_core_v1_Empty__Output>
  SignIn: MethodDefinition<_idgate_core_v1_TeamSignInRequest, _idgate_core_v1_DashboardSession, _idgate_core_v1_TeamSignInRequest__Output, _idgate_core_v1_DashboardSession__Output>
  SignOut: MethodDefinition<_idgate_core_v1_Empty, _idgate_core_v1_Empty, _idgate_core_v1_Empty__Output, _idgate_core_v1_Empty__Output>
  WhoAmI: MethodDefinition<_idgate_core_v1_Empty, _idgate_core_v1_DashboardMember, _idgate_core_v1_Empty__Output, _idgate_core_v1_DashboardMember__Output>
}
