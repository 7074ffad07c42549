import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AcceptInvitationRequest as _idgate_core_v1_AcceptInvitationRequest, AcceptInvitationRequest__Output as _idgate_core_v1_AcceptInvitationRequest__Output } from './idgate/core/v1/AcceptInvitationRequest.ts';
import type { Account as _idgate_core_v1_Account, Account__Output as _idgate_core_v1_Account__Output } from './idgate/core/v1/Account.ts';
import type { AdminServiceClient as _idgate_core_v1_AdminServiceClient, AdminServiceDefinition as _idgate_core_v1_AdminServiceDefinition } from './idgate/core/v1/AdminService.ts';
import type { AgeProof as _idgate_core_v1_AgeProof, AgeProof__Output as _idgate_core_v1_AgeProof__Output } from './idgate/core/v1/AgeProof.ts';
import type { ApiKeyCreated as _idgate_core_v1_ApiKeyCreated, ApiKeyCreated__Output as _idgate_core_v1_ApiKeyCreated__Output } from './idgate/core/v1/ApiKeyCreated.ts';
import type { AuditEntryMessage as _idgate_core_v1_AuditEntryMessage, AuditEntryMessage__Output as _idgate_core_v1_AuditEntryMessage__Output } from './idgate/core/v1/AuditEntryMessage.ts';
import type { AuditLog as _idgate_core_v1_AuditLog, AuditLog__Output as _idgate_core_v1_AuditLog__Output } from './idgate/core/v1/AuditLog.ts';
import type { AuditLogRequest as _idgate_core_v1_AuditLogRequest, AuditLogRequest__Output as _idgate_core_v1_AuditLogRequest__Output } from './idgate/core/v1/AuditLogRequest.ts';
import type { BlacklistDeleted as _idgate_core_v1_BlacklistDeleted, BlacklistDeleted__Output as _idgate_core_v1_BlacklistDeleted__Output } from './idgate/core/v1/BlacklistDeleted.ts';
import type { BlacklistEntry as _idgate_core_v1_BlacklistEntry, BlacklistEntry__Output as _idgate_core_v1_BlacklistEntry__Output } from './idgate/core/v1/BlacklistEntry.ts';
import type { BlacklistIdRequest as _idgate_core_v1_BlacklistIdRequest, BlacklistIdRequest__Output as _idgate_core_v1_BlacklistIdRequest__Output } from './idgate/core/v1/BlacklistIdRequest.ts';
import type { BlacklistImageRequest as _idgate_core_v1_BlacklistImageRequest, BlacklistImageRequest__Output as _idgate_core_v1_BlacklistImageRequest__Output } from './idgate/core/v1/BlacklistImageRequest.ts';
import type { BlacklistList as _idgate_core_v1_BlacklistList, BlacklistList__Output as _idgate_core_v1_BlacklistList__Output } from './idgate/core/v1/BlacklistList.ts';
import type { BlacklistListRequest as _idgate_core_v1_BlacklistListRequest, BlacklistListRequest__Output as _idgate_core_v1_BlacklistListRequest__Output } from './idgate/core/v1/BlacklistListRequest.ts';
import type { BlacklistSessionRequest as _idgate_core_v1_BlacklistSessionRequest, BlacklistSessionRequest__Output as _idgate_core_v1_BlacklistSessionRequest__Output } from './idgate/core/v1/BlacklistSessionRequest.ts';
import type { BracketReply as _idgate_core_v1_BracketReply, BracketReply__Output as _idgate_core_v1_BracketReply__Output } from './idgate/core/v1/BracketReply.ts';
import type { BracketRequest as _idgate_core_v1_BracketRequest, BracketRequest__Output as _idgate_core_v1_BracketRequest__Output } from './idgate/core/v1/BracketRequest.ts';
import type { CreateApiKeyRequest as _idgate_core_v1_CreateApiKeyRequest, CreateApiKeyRequest__Output as _idgate_core_v1_CreateApiKeyRequest__Output } from './idgate/core/v1/CreateApiKeyRequest.ts';
import type { CreateProjectRequest as _idgate_core_v1_CreateProjectRequest, CreateProjectRequest__Output as _idgate_core_v1_CreateProjectRequest__Output } from './idgate/core/v1/CreateProjectRequest.ts';
import type { CreateTenantRequest as _idgate_core_v1_CreateTenantRequest, CreateTenantRequest__Output as _idgate_core_v1_CreateTenantRequest__Output } from './idgate/core/v1/CreateTenantRequest.ts';
import type { DashboardBlacklistIdRequest as _idgate_core_v1_DashboardBlacklistIdRequest, DashboardBlacklistIdRequest__Output as _idgate_core_v1_DashboardBlacklistIdRequest__Output } from './idgate/core/v1/DashboardBlacklistIdRequest.ts';
import type { DashboardBlacklistImageRequest as _idgate_core_v1_DashboardBlacklistImageRequest, DashboardBlacklistImageRequest__Output as _idgate_core_v1_DashboardBlacklistImageRequest__Output } from './idgate/core/v1/DashboardBlacklistImageRequest.ts';
import type { DashboardBlacklistListRequest as _idgate_core_v1_DashboardBlacklistListRequest, DashboardBlacklistListRequest__Output as _idgate_core_v1_DashboardBlacklistListRequest__Output } from './idgate/core/v1/DashboardBlacklistListRequest.ts';
import type { DashboardBlacklistSessionRequest as _idgate_core_v1_DashboardBlacklistSessionRequest, DashboardBlacklistSessionRequest__Output as _idgate_core_v1_DashboardBlacklistSessionRequest__Output } from './idgate/core/v1/DashboardBlacklistSessionRequest.ts';
import type { DashboardBudgetRequest as _idgate_core_v1_DashboardBudgetRequest, DashboardBudgetRequest__Output as _idgate_core_v1_DashboardBudgetRequest__Output } from './idgate/core/v1/DashboardBudgetRequest.ts';
import type { DashboardFaceUser as _idgate_core_v1_DashboardFaceUser, DashboardFaceUser__Output as _idgate_core_v1_DashboardFaceUser__Output } from './idgate/core/v1/DashboardFaceUser.ts';
import type { DashboardFaceUserRequest as _idgate_core_v1_DashboardFaceUserRequest, DashboardFaceUserRequest__Output as _idgate_core_v1_DashboardFaceUserRequest__Output } from './idgate/core/v1/DashboardFaceUserRequest.ts';
import type { DashboardFaceUsers as _idgate_core_v1_DashboardFaceUsers, DashboardFaceUsers__Output as _idgate_core_v1_DashboardFaceUsers__Output } from './idgate/core/v1/DashboardFaceUsers.ts';
import type { DashboardFaceUsersRequest as _idgate_core_v1_DashboardFaceUsersRequest, DashboardFaceUsersRequest__Output as _idgate_core_v1_DashboardFaceUsersRequest__Output } from './idgate/core/v1/DashboardFaceUsersRequest.ts';
import type { DashboardKey as _idgate_core_v1_DashboardKey, DashboardKey__Output as _idgate_core_v1_DashboardKey__Output } from './idgate/core/v1/DashboardKey.ts';
import type { DashboardKeyCreated as _idgate_core_v1_DashboardKeyCreated, DashboardKeyCreated__Output as _idgate_core_v1_DashboardKeyCreated__Output } from './idgate/core/v1/DashboardKeyCreated.ts';
import type { DashboardKeyIdRequest as _idgate_core_v1_DashboardKeyIdRequest, DashboardKeyIdRequest__Output as _idgate_core_v1_DashboardKeyIdRequest__Output } from './idgate/core/v1/DashboardKeyIdRequest.ts';
import type { DashboardKeyRequest as _idgate_core_v1_DashboardKeyRequest, DashboardKeyRequest__Output as _idgate_core_v1_DashboardKeyRequest__Output } from './idgate/core/v1/DashboardKeyRequest.ts';
import type { DashboardMember as _idgate_core_v1_DashboardMember, DashboardMember__Output as _idgate_core_v1_DashboardMember__Output } from './idgate/core/v1/DashboardMember.ts';
import type { DashboardPasskeyAddRequest as _idgate_core_v1_DashboardPasskeyAddRequest, DashboardPasskeyAddRequest__Output as _idgate_core_v1_DashboardPasskeyAddRequest__Output } from './idgate/core/v1/DashboardPasskeyAddRequest.ts';
import type { DashboardPasskeyIdRequest as _idgate_core_v1_DashboardPasskeyIdRequest, DashboardPasskeyIdRequest__Output as _idgate_core_v1_DashboardPasskeyIdRequest__Output } from './idgate/core/v1/DashboardPasskeyIdRequest.ts';
import type { DashboardPasskeyList as _idgate_core_v1_DashboardPasskeyList, DashboardPasskeyList__Output as _idgate_core_v1_DashboardPasskeyList__Output } from './idgate/core/v1/DashboardPasskeyList.ts';
import type { DashboardPasskeyMessage as _idgate_core_v1_DashboardPasskeyMessage, DashboardPasskeyMessage__Output as _idgate_core_v1_DashboardPasskeyMessage__Output } from './idgate/core/v1/DashboardPasskeyMessage.ts';
import type { DashboardPasskeyOptions as _idgate_core_v1_DashboardPasskeyOptions, DashboardPasskeyOptions__Output as _idgate_core_v1_DashboardPasskeyOptions__Output } from './idgate/core/v1/DashboardPasskeyOptions.ts';
import type { DashboardPasskeySignInRequest as _idgate_core_v1_DashboardPasskeySignInRequest, DashboardPasskeySignInRequest__Output as _idgate_core_v1_DashboardPasskeySignInRequest__Output } from './idgate/core/v1/DashboardPasskeySignInRequest.ts';
import type { DashboardPasskeysServiceClient as _idgate_core_v1_DashboardPasskeysServiceClient, DashboardPasskeysServiceDefinition as _idgate_core_v1_DashboardPasskeysServiceDefinition } from './idgate/core/v1/DashboardPasskeysService.ts';
import type { DashboardProject as _idgate_core_v1_DashboardProject, DashboardProject__Output as _idgate_core_v1_DashboardProject__Output } from './idgate/core/v1/DashboardProject.ts';
import type { DashboardProjectCreated as _idgate_core_v1_DashboardProjectCreated, DashboardProjectCreated__Output as _idgate_core_v1_DashboardProjectCreated__Output } from './idgate/core/v1/DashboardProjectCreated.ts';
import type { DashboardProjectList as _idgate_core_v1_DashboardProjectList, DashboardProjectList__Output as _idgate_core_v1_DashboardProjectList__Output } from './idgate/core/v1/DashboardProjectList.ts';
import type { DashboardProjectRequest as _idgate_core_v1_DashboardProjectRequest, DashboardProjectRequest__Output as _idgate_core_v1_DashboardProjectRequest__Output } from './idgate/core/v1/DashboardProjectRequest.ts';
import type { DashboardReview as _idgate_core_v1_DashboardReview, DashboardReview__Output as _idgate_core_v1_DashboardReview__Output } from './idgate/core/v1/DashboardReview.ts';
import type { DashboardReviewDecided as _idgate_core_v1_DashboardReviewDecided, DashboardReviewDecided__Output as _idgate_core_v1_DashboardReviewDecided__Output } from './idgate/core/v1/DashboardReviewDecided.ts';
import type { DashboardReviewDecisionRequest as _idgate_core_v1_DashboardReviewDecisionRequest, DashboardReviewDecisionRequest__Output as _idgate_core_v1_DashboardReviewDecisionRequest__Output } from './idgate/core/v1/DashboardReviewDecisionRequest.ts';
import type { DashboardReviewIdRequest as _idgate_core_v1_DashboardReviewIdRequest, DashboardReviewIdRequest__Output as _idgate_core_v1_DashboardReviewIdRequest__Output } from './idgate/core/v1/DashboardReviewIdRequest.ts';
import type { DashboardReviewList as _idgate_core_v1_DashboardReviewList, DashboardReviewList__Output as _idgate_core_v1_DashboardReviewList__Output } from './idgate/core/v1/DashboardReviewList.ts';
import type { DashboardReviewListRequest as _idgate_core_v1_DashboardReviewListRequest, DashboardReviewListRequest__Output as _idgate_core_v1_DashboardReviewListRequest__Output } from './idgate/core/v1/DashboardReviewListRequest.ts';
import type { DashboardReviewProject as _idgate_core_v1_DashboardReviewProject, DashboardReviewProject__Output as _idgate_core_v1_DashboardReviewProject__Output } from './idgate/core/v1/DashboardReviewProject.ts';
import type { DashboardReviewsServiceClient as _idgate_core_v1_DashboardReviewsServiceClient, DashboardReviewsServiceDefinition as _idgate_core_v1_DashboardReviewsServiceDefinition } from './idgate/core/v1/DashboardReviewsService.ts';
import type { DashboardRollRequest as _idgate_core_v1_DashboardRollRequest, DashboardRollRequest__Output as _idgate_core_v1_DashboardRollRequest__Output } from './idgate/core/v1/DashboardRollRequest.ts';
import type { DashboardRules as _idgate_core_v1_DashboardRules, DashboardRules__Output as _idgate_core_v1_DashboardRules__Output } from './idgate/core/v1/DashboardRules.ts';
import type { DashboardRulesCategory as _idgate_core_v1_DashboardRulesCategory, DashboardRulesCategory__Output as _idgate_core_v1_DashboardRulesCategory__Output } from './idgate/core/v1/DashboardRulesCategory.ts';
import type { DashboardRulesChangeRequest as _idgate_core_v1_DashboardRulesChangeRequest, DashboardRulesChangeRequest__Output as _idgate_core_v1_DashboardRulesChangeRequest__Output } from './idgate/core/v1/DashboardRulesChangeRequest.ts';
import type { DashboardRulesProject as _idgate_core_v1_DashboardRulesProject, DashboardRulesProject__Output as _idgate_core_v1_DashboardRulesProject__Output } from './idgate/core/v1/DashboardRulesProject.ts';
import type { DashboardRulesRequest as _idgate_core_v1_DashboardRulesRequest, DashboardRulesRequest__Output as _idgate_core_v1_DashboardRulesRequest__Output } from './idgate/core/v1/DashboardRulesRequest.ts';
import type { DashboardRulesServiceClient as _idgate_core_v1_DashboardRulesServiceClient, DashboardRulesServiceDefinition as _idgate_core_v1_DashboardRulesServiceDefinition } from './idgate/core/v1/DashboardRulesService.ts';
import type { DashboardSession as _idgate_core_v1_DashboardSession, DashboardSession__Output as _idgate_core_v1_DashboardSession__Output } from './idgate/core/v1/DashboardSession.ts';
import type { DashboardSessionItem as _idgate_core_v1_DashboardSessionItem, DashboardSessionItem__Output as _idgate_core_v1_DashboardSessionItem__Output } from './idgate/core/v1/DashboardSessionItem.ts';
import type { DashboardSessionList as _idgate_core_v1_DashboardSessionList, DashboardSessionList__Output as _idgate_core_v1_DashboardSessionList__Output } from './idgate/core/v1/DashboardSessionList.ts';
import type { DashboardSessionListRequest as _idgate_core_v1_DashboardSessionListRequest, DashboardSessionListRequest__Output as _idgate_core_v1_DashboardSessionListRequest__Output } from './idgate/core/v1/DashboardSessionListRequest.ts';
import type { DashboardUsage as _idgate_core_v1_DashboardUsage, DashboardUsage__Output as _idgate_core_v1_DashboardUsage__Output } from './idgate/core/v1/DashboardUsage.ts';
import type { DashboardUsageLine as _idgate_core_v1_DashboardUsageLine, DashboardUsageLine__Output as _idgate_core_v1_DashboardUsageLine__Output } from './idgate/core/v1/DashboardUsageLine.ts';
import type { DashboardUsageProject as _idgate_core_v1_DashboardUsageProject, DashboardUsageProject__Output as _idgate_core_v1_DashboardUsageProject__Output } from './idgate/core/v1/DashboardUsageProject.ts';
import type { DashboardUsageRequest as _idgate_core_v1_DashboardUsageRequest, DashboardUsageRequest__Output as _idgate_core_v1_DashboardUsageRequest__Output } from './idgate/core/v1/DashboardUsageRequest.ts';
import type { DashboardUsageServiceClient as _idgate_core_v1_DashboardUsageServiceClient, DashboardUsageServiceDefinition as _idgate_core_v1_DashboardUsageServiceDefinition } from './idgate/core/v1/DashboardUsageService.ts';
import type { DashboardWebhookCreateRequest as _idgate_core_v1_DashboardWebhookCreateRequest, DashboardWebhookCreateRequest__Output as _idgate_core_v1_DashboardWebhookCreateRequest__Output } from './idgate/core/v1/DashboardWebhookCreateRequest.ts';
import type { DashboardWebhookDeliveries as _idgate_core_v1_DashboardWebhookDeliveries, DashboardWebhookDeliveries__Output as _idgate_core_v1_DashboardWebhookDeliveries__Output } from './idgate/core/v1/DashboardWebhookDeliveries.ts';
import type { DashboardWebhookDeliveriesRequest as _idgate_core_v1_DashboardWebhookDeliveriesRequest, DashboardWebhookDeliveriesRequest__Output as _idgate_core_v1_DashboardWebhookDeliveriesRequest__Output } from './idgate/core/v1/DashboardWebhookDeliveriesRequest.ts';
import type { DashboardWebhookEnabledRequest as _idgate_core_v1_DashboardWebhookEnabledRequest, DashboardWebhookEnabledRequest__Output as _idgate_core_v1_DashboardWebhookEnabledRequest__Output } from './idgate/core/v1/DashboardWebhookEnabledRequest.ts';
import type { DashboardWebhookEndpoint as _idgate_core_v1_DashboardWebhookEndpoint, DashboardWebhookEndpoint__Output as _idgate_core_v1_DashboardWebhookEndpoint__Output } from './idgate/core/v1/DashboardWebhookEndpoint.ts';
import type { DashboardWebhookIdRequest as _idgate_core_v1_DashboardWebhookIdRequest, DashboardWebhookIdRequest__Output as _idgate_core_v1_DashboardWebhookIdRequest__Output } from './idgate/core/v1/DashboardWebhookIdRequest.ts';
import type { DashboardWebhookList as _idgate_core_v1_DashboardWebhookList, DashboardWebhookList__Output as _idgate_core_v1_DashboardWebhookList__Output } from './idgate/core/v1/DashboardWebhookList.ts';
import type { DashboardWebhookProject as _idgate_core_v1_DashboardWebhookProject, DashboardWebhookProject__Output as _idgate_core_v1_DashboardWebhookProject__Output } from './idgate/core/v1/DashboardWebhookProject.ts';
import type { DashboardWebhookReplayRequest as _idgate_core_v1_DashboardWebhookReplayRequest, DashboardWebhookReplayRequest__Output as _idgate_core_v1_DashboardWebhookReplayRequest__Output } from './idgate/core/v1/DashboardWebhookReplayRequest.ts';
import type { DashboardWebhookReplayed as _idgate_core_v1_DashboardWebhookReplayed, DashboardWebhookReplayed__Output as _idgate_core_v1_DashboardWebhookReplayed__Output } from './idgate/core/v1/DashboardWebhookReplayed.ts';
import type { DashboardWebhookRotateRequest as _idgate_core_v1_DashboardWebhookRotateRequest, DashboardWebhookRotateRequest__Output as _idgate_core_v1_DashboardWebhookRotateRequest__Output } from './idgate/core/v1/DashboardWebhookRotateRequest.ts';
import type { DashboardWebhookSecret as _idgate_core_v1_DashboardWebhookSecret, DashboardWebhookSecret__Output as _idgate_core_v1_DashboardWebhookSecret__Output } from './idgate/core/v1/DashboardWebhookSecret.ts';
import type { DashboardWebhookTestSent as _idgate_core_v1_DashboardWebhookTestSent, DashboardWebhookTestSent__Output as _idgate_core_v1_DashboardWebhookTestSent__Output } from './idgate/core/v1/DashboardWebhookTestSent.ts';
import type { DashboardWebhooksServiceClient as _idgate_core_v1_DashboardWebhooksServiceClient, DashboardWebhooksServiceDefinition as _idgate_core_v1_DashboardWebhooksServiceDefinition } from './idgate/core/v1/DashboardWebhooksService.ts';
import type { DeviceVerdictRequest as _idgate_core_v1_DeviceVerdictRequest, DeviceVerdictRequest__Output as _idgate_core_v1_DeviceVerdictRequest__Output } from './idgate/core/v1/DeviceVerdictRequest.ts';
import type { DocumentSubmission as _idgate_core_v1_DocumentSubmission, DocumentSubmission__Output as _idgate_core_v1_DocumentSubmission__Output } from './idgate/core/v1/DocumentSubmission.ts';
import type { Empty as _idgate_core_v1_Empty, Empty__Output as _idgate_core_v1_Empty__Output } from './idgate/core/v1/Empty.ts';
import type { ExpectedData as _idgate_core_v1_ExpectedData, ExpectedData__Output as _idgate_core_v1_ExpectedData__Output } from './idgate/core/v1/ExpectedData.ts';
import type { FaceChallenge as _idgate_core_v1_FaceChallenge, FaceChallenge__Output as _idgate_core_v1_FaceChallenge__Output } from './idgate/core/v1/FaceChallenge.ts';
import type { FaceChallengeIdRequest as _idgate_core_v1_FaceChallengeIdRequest, FaceChallengeIdRequest__Output as _idgate_core_v1_FaceChallengeIdRequest__Output } from './idgate/core/v1/FaceChallengeIdRequest.ts';
import type { FaceChallengeRequest as _idgate_core_v1_FaceChallengeRequest, FaceChallengeRequest__Output as _idgate_core_v1_FaceChallengeRequest__Output } from './idgate/core/v1/FaceChallengeRequest.ts';
import type { FaceServiceClient as _idgate_core_v1_FaceServiceClient, FaceServiceDefinition as _idgate_core_v1_FaceServiceDefinition } from './idgate/core/v1/FaceService.ts';
import type { FaceUserDeleted as _idgate_core_v1_FaceUserDeleted, FaceUserDeleted__Output as _idgate_core_v1_FaceUserDeleted__Output } from './idgate/core/v1/FaceUserDeleted.ts';
import type { FaceUserRequest as _idgate_core_v1_FaceUserRequest, FaceUserRequest__Output as _idgate_core_v1_FaceUserRequest__Output } from './idgate/core/v1/FaceUserRequest.ts';
import type { FrameEvidence as _idgate_core_v1_FrameEvidence, FrameEvidence__Output as _idgate_core_v1_FrameEvidence__Output } from './idgate/core/v1/FrameEvidence.ts';
import type { FramesSubmission as _idgate_core_v1_FramesSubmission, FramesSubmission__Output as _idgate_core_v1_FramesSubmission__Output } from './idgate/core/v1/FramesSubmission.ts';
import type { HandoffExchange as _idgate_core_v1_HandoffExchange, HandoffExchange__Output as _idgate_core_v1_HandoffExchange__Output } from './idgate/core/v1/HandoffExchange.ts';
import type { HandoffToken as _idgate_core_v1_HandoffToken, HandoffToken__Output as _idgate_core_v1_HandoffToken__Output } from './idgate/core/v1/HandoffToken.ts';
import type { HealthServiceClient as _idgate_core_v1_HealthServiceClient, HealthServiceDefinition as _idgate_core_v1_HealthServiceDefinition } from './idgate/core/v1/HealthService.ts';
import type { InitRequest as _idgate_core_v1_InitRequest, InitRequest__Output as _idgate_core_v1_InitRequest__Output } from './idgate/core/v1/InitRequest.ts';
import type { InitResponse as _idgate_core_v1_InitResponse, InitResponse__Output as _idgate_core_v1_InitResponse__Output } from './idgate/core/v1/InitResponse.ts';
import type { InviteFirstOwnerRequest as _idgate_core_v1_InviteFirstOwnerRequest, InviteFirstOwnerRequest__Output as _idgate_core_v1_InviteFirstOwnerRequest__Output } from './idgate/core/v1/InviteFirstOwnerRequest.ts';
import type { Ledger as _idgate_core_v1_Ledger, Ledger__Output as _idgate_core_v1_Ledger__Output } from './idgate/core/v1/Ledger.ts';
import type { LedgerLine as _idgate_core_v1_LedgerLine, LedgerLine__Output as _idgate_core_v1_LedgerLine__Output } from './idgate/core/v1/LedgerLine.ts';
import type { LedgerRequest as _idgate_core_v1_LedgerRequest, LedgerRequest__Output as _idgate_core_v1_LedgerRequest__Output } from './idgate/core/v1/LedgerRequest.ts';
import type { MuxError as _idgate_core_v1_MuxError, MuxError__Output as _idgate_core_v1_MuxError__Output } from './idgate/core/v1/MuxError.ts';
import type { MuxReply as _idgate_core_v1_MuxReply, MuxReply__Output as _idgate_core_v1_MuxReply__Output } from './idgate/core/v1/MuxReply.ts';
import type { MuxRequest as _idgate_core_v1_MuxRequest, MuxRequest__Output as _idgate_core_v1_MuxRequest__Output } from './idgate/core/v1/MuxRequest.ts';
import type { ProjectKeys as _idgate_core_v1_ProjectKeys, ProjectKeys__Output as _idgate_core_v1_ProjectKeys__Output } from './idgate/core/v1/ProjectKeys.ts';
import type { ProjectKeysServiceClient as _idgate_core_v1_ProjectKeysServiceClient, ProjectKeysServiceDefinition as _idgate_core_v1_ProjectKeysServiceDefinition } from './idgate/core/v1/ProjectKeysService.ts';
import type { ProjectRulesMessage as _idgate_core_v1_ProjectRulesMessage, ProjectRulesMessage__Output as _idgate_core_v1_ProjectRulesMessage__Output } from './idgate/core/v1/ProjectRulesMessage.ts';
import type { ReadinessReply as _idgate_core_v1_ReadinessReply, ReadinessReply__Output as _idgate_core_v1_ReadinessReply__Output } from './idgate/core/v1/ReadinessReply.ts';
import type { ResultResponse as _idgate_core_v1_ResultResponse, ResultResponse__Output as _idgate_core_v1_ResultResponse__Output } from './idgate/core/v1/ResultResponse.ts';
import type { RetakeReply as _idgate_core_v1_RetakeReply, RetakeReply__Output as _idgate_core_v1_RetakeReply__Output } from './idgate/core/v1/RetakeReply.ts';
import type { Review as _idgate_core_v1_Review, Review__Output as _idgate_core_v1_Review__Output } from './idgate/core/v1/Review.ts';
import type { ReviewDecisionRequest as _idgate_core_v1_ReviewDecisionRequest, ReviewDecisionRequest__Output as _idgate_core_v1_ReviewDecisionRequest__Output } from './idgate/core/v1/ReviewDecisionRequest.ts';
import type { ReviewIdRequest as _idgate_core_v1_ReviewIdRequest, ReviewIdRequest__Output as _idgate_core_v1_ReviewIdRequest__Output } from './idgate/core/v1/ReviewIdRequest.ts';
import type { ReviewList as _idgate_core_v1_ReviewList, ReviewList__Output as _idgate_core_v1_ReviewList__Output } from './idgate/core/v1/ReviewList.ts';
import type { ReviewListRequest as _idgate_core_v1_ReviewListRequest, ReviewListRequest__Output as _idgate_core_v1_ReviewListRequest__Output } from './idgate/core/v1/ReviewListRequest.ts';
import type { ReviewServiceClient as _idgate_core_v1_ReviewServiceClient, ReviewServiceDefinition as _idgate_core_v1_ReviewServiceDefinition } from './idgate/core/v1/ReviewService.ts';
import type { RulesServiceClient as _idgate_core_v1_RulesServiceClient, RulesServiceDefinition as _idgate_core_v1_RulesServiceDefinition } from './idgate/core/v1/RulesService.ts';
import type { ScreenNameReply as _idgate_core_v1_ScreenNameReply, ScreenNameReply__Output as _idgate_core_v1_ScreenNameReply__Output } from './idgate/core/v1/ScreenNameReply.ts';
import type { ScreenNameRequest as _idgate_core_v1_ScreenNameRequest, ScreenNameRequest__Output as _idgate_core_v1_ScreenNameRequest__Output } from './idgate/core/v1/ScreenNameRequest.ts';
import type { ScreeningHitMessage as _idgate_core_v1_ScreeningHitMessage, ScreeningHitMessage__Output as _idgate_core_v1_ScreeningHitMessage__Output } from './idgate/core/v1/ScreeningHitMessage.ts';
import type { ScreeningStatusReply as _idgate_core_v1_ScreeningStatusReply, ScreeningStatusReply__Output as _idgate_core_v1_ScreeningStatusReply__Output } from './idgate/core/v1/ScreeningStatusReply.ts';
import type { ServiceIdResolution as _idgate_core_v1_ServiceIdResolution, ServiceIdResolution__Output as _idgate_core_v1_ServiceIdResolution__Output } from './idgate/core/v1/ServiceIdResolution.ts';
import type { ServiceIdServiceClient as _idgate_core_v1_ServiceIdServiceClient, ServiceIdServiceDefinition as _idgate_core_v1_ServiceIdServiceDefinition } from './idgate/core/v1/ServiceIdService.ts';
import type { SetProjectRulesRequest as _idgate_core_v1_SetProjectRulesRequest, SetProjectRulesRequest__Output as _idgate_core_v1_SetProjectRulesRequest__Output } from './idgate/core/v1/SetProjectRulesRequest.ts';
import type { StatusResponse as _idgate_core_v1_StatusResponse, StatusResponse__Output as _idgate_core_v1_StatusResponse__Output } from './idgate/core/v1/StatusResponse.ts';
import type { TeamInvitation as _idgate_core_v1_TeamInvitation, TeamInvitation__Output as _idgate_core_v1_TeamInvitation__Output } from './idgate/core/v1/TeamInvitation.ts';
import type { TeamInviteRequest as _idgate_core_v1_TeamInviteRequest, TeamInviteRequest__Output as _idgate_core_v1_TeamInviteRequest__Output } from './idgate/core/v1/TeamInviteRequest.ts';
import type { TeamMemberIdRequest as _idgate_core_v1_TeamMemberIdRequest, TeamMemberIdRequest__Output as _idgate_core_v1_TeamMemberIdRequest__Output } from './idgate/core/v1/TeamMemberIdRequest.ts';
import type { TeamMemberList as _idgate_core_v1_TeamMemberList, TeamMemberList__Output as _idgate_core_v1_TeamMemberList__Output } from './idgate/core/v1/TeamMemberList.ts';
import type { TeamMemberMessage as _idgate_core_v1_TeamMemberMessage, TeamMemberMessage__Output as _idgate_core_v1_TeamMemberMessage__Output } from './idgate/core/v1/TeamMemberMessage.ts';
import type { TeamMemberRoleRequest as _idgate_core_v1_TeamMemberRoleRequest, TeamMemberRoleRequest__Output as _idgate_core_v1_TeamMemberRoleRequest__Output } from './idgate/core/v1/TeamMemberRoleRequest.ts';
import type { TeamServiceClient as _idgate_core_v1_TeamServiceClient, TeamServiceDefinition as _idgate_core_v1_TeamServiceDefinition } from './idgate/core/v1/TeamService.ts';
import type { TeamSignInRequest as _idgate_core_v1_TeamSignInRequest, TeamSignInRequest__Output as _idgate_core_v1_TeamSignInRequest__Output } from './idgate/core/v1/TeamSignInRequest.ts';
import type { TenantRequest as _idgate_core_v1_TenantRequest, TenantRequest__Output as _idgate_core_v1_TenantRequest__Output } from './idgate/core/v1/TenantRequest.ts';
import type { TokenRequest as _idgate_core_v1_TokenRequest, TokenRequest__Output as _idgate_core_v1_TokenRequest__Output } from './idgate/core/v1/TokenRequest.ts';
import type { UpdateAccountRequest as _idgate_core_v1_UpdateAccountRequest, UpdateAccountRequest__Output as _idgate_core_v1_UpdateAccountRequest__Output } from './idgate/core/v1/UpdateAccountRequest.ts';
import type { VerificationMuxClient as _idgate_core_v1_VerificationMuxClient, VerificationMuxDefinition as _idgate_core_v1_VerificationMuxDefinition } from './idgate/core/v1/VerificationMux.ts';
import type { VerificationServiceClient as _idgate_core_v1_VerificationServiceClient, VerificationServiceDefinition as _idgate_core_v1_VerificationServiceDefinition } from './idgate/core/v1/VerificationService.ts';
import type { VerifyTokenRequest as _idgate_core_v1_VerifyTokenRequest, VerifyTokenRequest__Output as _idgate_core_v1_VerifyTokenRequest__Output } from './idgate/core/v1/VerifyTokenRequest.ts';
import type { VerifyTokenResponse as _idgate_core_v1_VerifyTokenResponse, VerifyTokenResponse__Output as _idgate_core_v1_VerifyTokenResponse__Output } from './idgate/core/v1/VerifyTokenResponse.ts';
import type { WalletDcApiRequest as _idgate_core_v1_WalletDcApiRequest, WalletDcApiRequest__Output as _idgate_core_v1_WalletDcApiRequest__Output } from './idgate/core/v1/WalletDcApiRequest.ts';
import type { WalletDcApiResponse as _idgate_core_v1_WalletDcApiResponse, WalletDcApiResponse__Output as _idgate_core_v1_WalletDcApiResponse__Output } from './idgate/core/v1/WalletDcApiResponse.ts';
import type { WalletDirectPost as _idgate_core_v1_WalletDirectPost, WalletDirectPost__Output as _idgate_core_v1_WalletDirectPost__Output } from './idgate/core/v1/WalletDirectPost.ts';
import type { WalletDirectPostReply as _idgate_core_v1_WalletDirectPostReply, WalletDirectPostReply__Output as _idgate_core_v1_WalletDirectPostReply__Output } from './idgate/core/v1/WalletDirectPostReply.ts';
import type { WalletRequestObject as _idgate_core_v1_WalletRequestObject, WalletRequestObject__Output as _idgate_core_v1_WalletRequestObject__Output } from './idgate/core/v1/WalletRequestObject.ts';
import type { WalletRequestObjectRequest as _idgate_core_v1_WalletRequestObjectRequest, WalletRequestObjectRequest__Output as _idgate_core_v1_WalletRequestObjectRequest__Output } from './idgate/core/v1/WalletRequestObjectRequest.ts';
import type { WalletServiceClient as _idgate_core_v1_WalletServiceClient, WalletServiceDefinition as _idgate_core_v1_WalletServiceDefinition } from './idgate/core/v1/WalletService.ts';
import type { WalletStartReply as _idgate_core_v1_WalletStartReply, WalletStartReply__Output as _idgate_core_v1_WalletStartReply__Output } from './idgate/core/v1/WalletStartReply.ts';
import type { WalletStartRequest as _idgate_core_v1_WalletStartRequest, WalletStartRequest__Output as _idgate_core_v1_WalletStartRequest__Output } from './idgate/core/v1/WalletStartRequest.ts';
import type { WalletStatusReply as _idgate_core_v1_WalletStatusReply, WalletStatusReply__Output as _idgate_core_v1_WalletStatusReply__Output } from './idgate/core/v1/WalletStatusReply.ts';
import type { WalletTransactionRequest as _idgate_core_v1_WalletTransactionRequest, WalletTransactionRequest__Output as _idgate_core_v1_WalletTransactionRequest__Output } from './idgate/core/v1/WalletTransactionRequest.ts';
import type { WidgetRequest as _idgate_core_v1_WidgetRequest, WidgetRequest__Output as _idgate_core_v1_WidgetRequest__Output } from './idgate/core/v1/WidgetRequest.ts';
import type { WidgetServiceClient as _idgate_core_v1_WidgetServiceClient, WidgetServiceDefinition as _idgate_core_v1_WidgetServiceDefinition } from './idgate/core/v1/WidgetService.ts';
import type { WidgetStartRequest as _idgate_core_v1_WidgetStartRequest, WidgetStartRequest__Output as _idgate_core_v1_WidgetStartRequest__Output } from './idgate/core/v1/WidgetStartRequest.ts';
import type { WidgetState as _idgate_core_v1_WidgetState, WidgetState__Output as _idgate_core_v1_WidgetState__Output } from './idgate/core/v1/WidgetState.ts';
import type { Attempt as _idgate_webhook_v1_Attempt, Attempt__Output as _idgate_webhook_v1_Attempt__Output } from './idgate/webhook/v1/Attempt.ts';
import type { CreateEndpointRequest as _idgate_webhook_v1_CreateEndpointRequest, CreateEndpointRequest__Output as _idgate_webhook_v1_CreateEndpointRequest__Output } from './idgate/webhook/v1/CreateEndpointRequest.ts';
import type { CreatedEndpoint as _idgate_webhook_v1_CreatedEndpoint, CreatedEndpoint__Output as _idgate_webhook_v1_CreatedEndpoint__Output } from './idgate/webhook/v1/CreatedEndpoint.ts';
import type { Delivery as _idgate_webhook_v1_Delivery, Delivery__Output as _idgate_webhook_v1_Delivery__Output } from './idgate/webhook/v1/Delivery.ts';
import type { DeliveryList as _idgate_webhook_v1_DeliveryList, DeliveryList__Output as _idgate_webhook_v1_DeliveryList__Output } from './idgate/webhook/v1/DeliveryList.ts';
import type { Endpoint as _idgate_webhook_v1_Endpoint, Endpoint__Output as _idgate_webhook_v1_Endpoint__Output } from './idgate/webhook/v1/Endpoint.ts';
import type { EndpointList as _idgate_webhook_v1_EndpointList, EndpointList__Output as _idgate_webhook_v1_EndpointList__Output } from './idgate/webhook/v1/EndpointList.ts';
import type { EndpointRequest as _idgate_webhook_v1_EndpointRequest, EndpointRequest__Output as _idgate_webhook_v1_EndpointRequest__Output } from './idgate/webhook/v1/EndpointRequest.ts';
import type { ListDeliveriesRequest as _idgate_webhook_v1_ListDeliveriesRequest, ListDeliveriesRequest__Output as _idgate_webhook_v1_ListDeliveriesRequest__Output } from './idgate/webhook/v1/ListDeliveriesRequest.ts';
import type { ListEndpointsRequest as _idgate_webhook_v1_ListEndpointsRequest, ListEndpointsRequest__Output as _idgate_webhook_v1_ListEndpointsRequest__Output } from './idgate/webhook/v1/ListEndpointsRequest.ts';
import type { ListNotificationsRequest as _idgate_webhook_v1_ListNotificationsRequest, ListNotificationsRequest__Output as _idgate_webhook_v1_ListNotificationsRequest__Output } from './idgate/webhook/v1/ListNotificationsRequest.ts';
import type { Notification as _idgate_webhook_v1_Notification, Notification__Output as _idgate_webhook_v1_Notification__Output } from './idgate/webhook/v1/Notification.ts';
import type { NotificationList as _idgate_webhook_v1_NotificationList, NotificationList__Output as _idgate_webhook_v1_NotificationList__Output } from './idgate/webhook/v1/NotificationList.ts';
import type { ReplayReply as _idgate_webhook_v1_ReplayReply, ReplayReply__Output as _idgate_webhook_v1_ReplayReply__Output } from './idgate/webhook/v1/ReplayReply.ts';
import type { ReplayRequest as _idgate_webhook_v1_ReplayRequest, ReplayRequest__Output as _idgate_webhook_v1_ReplayRequest__Output } from './idgate/webhook/v1/ReplayRequest.ts';
import type { RotateSecretRequest as _idgate_webhook_v1_RotateSecretRequest, RotateSecretRequest__Output as _idgate_webhook_v1_RotateSecretRequest__Output } from './idgate/webhook/v1/RotateSecretRequest.ts';
import type { RotatedSecret as _idgate_webhook_v1_RotatedSecret, RotatedSecret__Output as _idgate_webhook_v1_RotatedSecret__Output } from './idgate/webhook/v1/RotatedSecret.ts';
import type { SetEnabledRequest as _idgate_webhook_v1_SetEnabledRequest, SetEnabledRequest__Output as _idgate_webhook_v1_SetEnabledRequest__Output } from './idgate/webhook/v1/SetEnabledRequest.ts';
import type { TestEventReply as _idgate_webhook_v1_TestEventReply, TestEventReply__Output as _idgate_webhook_v1_TestEventReply__Output } from './idgate/webhook/v1/TestEventReply.ts';
import type { WebhookServiceClient as _idgate_webhook_v1_WebhookServiceClient, WebhookServiceDefinition as _idgate_webhook_v1_WebhookServiceDefinition } from './idgate/webhook/v1/WebhookService.ts';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  idgate: {
    core: {
      v1: {
        AcceptInvitationRequest: MessageTypeDefinition<_idgate_core_v1_AcceptInvitationRequest, _idgate_core_v1_AcceptInvitationRequest__Output>
        Account: MessageTypeDefinition<_idgate_core_v1_Account, _idgate_core_v1_Account__Output>
        AdminService: SubtypeConstructor<typeof grpc.Client, _idgate_core_v1_AdminServiceClient> & { service: _idgate_core_v1_AdminServiceDefinition }
        AgeProof: MessageTypeDefinition<_idgate_core_v1_AgeProof, _idgate_core_v1_AgeProof__Output>
        ApiKeyCreated: MessageTypeDefinition<_idgate_core_v1_ApiKeyCreated, _idgate_core_v1_ApiKeyCreated__Output>
        AuditEntryMessage: MessageTypeDefinition<_idgate_core_v1_AuditEntryMessage, _idgate_core_v1_AuditEntryMessage__Output>
        AuditLog: MessageTypeDefinition<_idgate_core_v1_AuditLog, _idgate_core_v1_AuditLog__Output>
        AuditLogRequest: MessageTypeDefinition<_idgate_core_v1_AuditLogRequest, _idgate_core_v1_AuditLogRequest__Output>
        BlacklistDeleted: MessageTypeDefinition<_idgate_core_v1_BlacklistDeleted, _idgate_core_v1_BlacklistDeleted__Output>
        BlacklistEntry: MessageTypeDefinition<_idgate_core_v1_BlacklistEntry, _idgate_core_v1_BlacklistEntry__Output>
        BlacklistIdRequest: MessageTypeDefinition<_idgate_core_v1_BlacklistIdRequest, _idgate_core_v1_BlacklistIdRequest__Output>
        BlacklistImageRequest: MessageTypeDefinition<_idgate_core_v1_BlacklistImageRequest, _idgate_core_v1_BlacklistImageRequest__Output>
        BlacklistList: MessageTypeDefinition<_idgate_core_v1_BlacklistList, _idgate_core_v1_BlacklistList__Output>
        BlacklistListRequest: MessageTypeDefinition<_idgate_core_v1_BlacklistListRequest, _idgate_core_v1_BlacklistListRequest__Output>
        BlacklistSessionRequest: MessageTypeDefinition<_idgate_core_v1_BlacklistSessionRequest, _idgate_core_v1_BlacklistSessionRequest__Output>
        BracketReply: MessageTypeDefinition<_idgate_core_v1_BracketReply, _idgate_core_v1_BracketReply__Output>
        BracketRequest: MessageTypeDefinition<_idgate_core_v1_BracketRequest, _idgate_core_v1_BracketRequest__Output>
        CreateApiKeyRequest: MessageTypeDefinition<_idgate_core_v1_CreateApiKeyRequest, _idgate_core_v1_CreateApiKeyRequest__Output>
        CreateProjectRequest: MessageTypeDefinition<_idgate_core_v1_CreateProjectRequest, _idgate_core_v1_CreateProjectRequest__Output>
        CreateTenantRequest: MessageTypeDefinition<_idgate_core_v1_CreateTenantRequest, _idgate_core_v1_CreateTenantRequest__Output>
        DashboardBlacklistIdRequest: MessageTypeDefinition<_idgate_core_v1_DashboardBlacklistIdRequest, _idgate_core_v1_DashboardBlacklistIdRequest__Output>
        DashboardBlacklistImageRequest: MessageTypeDefinition<_idgate_core_v1_DashboardBlacklistImageRequest, _idgate_core_v1_DashboardBlacklistImageRequest__Output>
        DashboardBlacklistListRequest: MessageTypeDefinition<_idgate_core_v1_DashboardBlacklistListRequest, _idgate_core_v1_DashboardBlacklistListRequest__Output>
        DashboardBlacklistSessionRequest: MessageTypeDefinition<_idgate_core_v1_DashboardBlacklistSessionRequest, _idgate_core_v1_DashboardBlacklistSessionRequest__Output>
        DashboardBudgetRequest: MessageTypeDefinition<_idgate_core_v1_DashboardBudgetRequest, _idgate_core_v1_DashboardBudgetRequest__Output>
        DashboardFaceUser: MessageTypeDefinition<_idgate_core_v1_DashboardFaceUser, _idgate_core_v1_DashboardFaceUser__Output>
        DashboardFaceUserRequest: MessageTypeDefinition<_idgate_core_v1_DashboardFaceUserRequest, _idgate_core_v1_DashboardFaceUserRequest__Output>
        DashboardFaceUsers: MessageTypeDefinition<_idgate_core_v1_DashboardFaceUsers, _idgate_core_v1_DashboardFaceUsers__Output>
        DashboardFaceUsersRequest: MessageTypeDefinition<_idgate_core_v1_DashboardFaceUsersRequest, _idgate_core_v1_DashboardFaceUsersRequest__Output>
        DashboardKey: MessageTypeDefinition<_idgate_core_v1_DashboardKey, _idgate_core_v1_DashboardKey__Output>
        DashboardKeyCreated: MessageTypeDefinition<_idgate_core_v1_DashboardKeyCreated, _idgate_core_v1_DashboardKeyCreated__Output>
        DashboardKeyIdRequest: MessageTypeDefinition<_idgate_core_v1_DashboardKeyIdRequest, _idgate_core_v1_DashboardKeyIdRequest__Output>
        DashboardKeyRequest: MessageTypeDefinition<_idgate_core_v1_DashboardKeyRequest, _idgate_core_v1_DashboardKeyRequest__Output>
        DashboardMember: MessageTypeDefinition<_idgate_core_v1_DashboardMember, _idgate_core_v1_DashboardMember__Output>
        DashboardPasskeyAddRequest: MessageTypeDefinition<_idgate_core_v1_DashboardPasskeyAddRequest, _idgate_core_v1_DashboardPasskeyAddRequest__Output>
        DashboardPasskeyIdRequest: MessageTypeDefinition<_idgate_core_v1_DashboardPasskeyIdRequest, _idgate_core_v1_DashboardPasskeyIdRequest__Output>
        DashboardPasskeyList: MessageTypeDefinition<_idgate_core_v1_DashboardPasskeyList, _idgate_core_v1_DashboardPasskeyList__Output>
        DashboardPasskeyMessage: MessageTypeDefinition<_idgate_core_v1_DashboardPasskeyMessage, _idgate_core_v1_DashboardPasskeyMessage__Output>
        DashboardPasskeyOptions: MessageTypeDefinition<_idgate_core_v1_DashboardPasskeyOptions, _idgate_core_v1_DashboardPasskeyOptions__Output>
        DashboardPasskeySignInRequest: MessageTypeDefinition<_idgate_core_v1_DashboardPasskeySignInRequest, _idgate_core_v1_DashboardPasskeySignInRequest__Output>
        DashboardPasskeysService: SubtypeConstructor<typeof grpc.Client, _idgate_core_v1_DashboardPasskeysServiceClient> & { service: _idgate_core_v1_DashboardPasskeysServiceDefinition }
        DashboardProject: MessageTypeDefinition<_idgate_core_v1_DashboardProject, _idgate_core_v1_DashboardProject__Output>
        DashboardProjectCreated: MessageTypeDefinition<_idgate_core_v1_DashboardProjectCreated, _idgate_core_v1_DashboardProjectCreated__Output>
        DashboardProjectList: MessageTypeDefinition<_idgate_core_v1_DashboardProjectList, _idgate_core_v1_DashboardProjectList__Output>
        DashboardProjectRequest: MessageTypeDefinition<_idgate_core_v1_DashboardProjectRequest, _idgate_core_v1_DashboardProjectRequest__Output>
        DashboardReview: MessageTypeDefinition<_idgate_core_v1_DashboardReview, _idgate_core_v1_DashboardReview__Output>
        DashboardReviewDecided: MessageTypeDefinition<_idgate_core_v1_DashboardReviewDecided, _idgate_core_v1_DashboardReviewDecided__Output>
        DashboardReviewDecisionRequest: MessageTypeDefinition<_idgate_core_v1_DashboardReviewDecisionRequest, _idgate_core_v1_DashboardReviewDecisionRequest__Output>
        DashboardReviewIdRequest: MessageTypeDefinition<_idgate_core_v1_DashboardReviewIdRequest, _idgate_core_v1_DashboardReviewIdRequest__Output>
        DashboardReviewList: MessageTypeDefinition<_idgate_core_v1_DashboardReviewList, _idgate_core_v1_DashboardReviewList__Output>
        DashboardReviewListRequest: MessageTypeDefinition<_idgate_core_v1_DashboardReviewListRequest, _idgate_core_v1_DashboardReviewListRequest__Output>
        DashboardReviewProject: MessageTypeDefinition<_idgate_core_v1_DashboardReviewProject, _idgate_core_v1_DashboardReviewProject__Output>
        DashboardReviewsService: SubtypeConstructor<typeof grpc.Client, _idgate_core_v1_DashboardReviewsServiceClient> & { service: _idgate_core_v1_DashboardReviewsServiceDefinition }
        DashboardRollRequest: MessageTypeDefinition<_idgate_core_v1_DashboardRollRequest, _idgate_core_v1_DashboardRollRequest__Output>
        DashboardRules: MessageTypeDefinition<_idgate_core_v1_DashboardRules, _idgate_core_v1_DashboardRules__Output>
        DashboardRulesCategory: MessageTypeDefinition<_idgate_core_v1_DashboardRulesCategory, _idgate_core_v1_DashboardRulesCategory__Output>
        DashboardRulesChangeRequest: MessageTypeDefinition<_idgate_core_v1_DashboardRulesChangeRequest, _idgate_core_v1_DashboardRulesChangeRequest__Output>
        DashboardRulesProject: MessageTypeDefinition<_idgate_core_v1_DashboardRulesProject, _idgate_core_v1_DashboardRulesProject__Output>
        DashboardRulesRequest: MessageTypeDefinition<_idgate_core_v1_DashboardRulesRequest, _idgate_core_v1_DashboardRulesRequest__Output>
        DashboardRulesService: SubtypeConstructor<typeof grpc.Client, _idgate_core_v1_DashboardRulesServiceClient> & { service: _idgate_core_v1_DashboardRulesServiceDefinition }
        DashboardSession: MessageTypeDefinition<_idgate_core_v1_DashboardSession, _idgate_core_v1_DashboardSession__Output>
        DashboardSessionItem: MessageTypeDefinition<_idgate_core_v1_DashboardSessionItem, _idgate_core_v1_DashboardSessionItem__Output>
        DashboardSessionList: MessageTypeDefinition<_idgate_core_v1_DashboardSessionList, _idgate_core_v1_DashboardSessionList__Output>
        DashboardSessionListRequest: MessageTypeDefinition<_idgate_core_v1_DashboardSessionListRequest, _idgate_core_v1_DashboardSessionListRequest__Output>
        DashboardUsage: MessageTypeDefinition<_idgate_core_v1_DashboardUsage, _idgate_core_v1_DashboardUsage__Output>
        DashboardUsageLine: MessageTypeDefinition<_idgate_core_v1_DashboardUsageLine, _idgate_core_v1_DashboardUsageLine__Output>
        DashboardUsageProject: MessageTypeDefinition<_idgate_core_v1_DashboardUsageProject, _idgate_core_v1_DashboardUsageProject__Output>
        DashboardUsageRequest: MessageTypeDefinition<_idgate_core_v1_DashboardUsageRequest, _idgate_core_v1_DashboardUsageRequest__Output>
        DashboardUsageService: SubtypeConstructor<typeof grpc.Client, _idgate_core_v1_DashboardUsageServiceClient> & { service: _idgate_core_v1_DashboardUsageServiceDefinition }
        DashboardWebhookCreateRequest: MessageTypeDefinition<_idgate_core_v1_DashboardWebhookCreateRequest, _idgate_core_v1_DashboardWebhookCreateRequest__Output>
        DashboardWebhookDeliveries: MessageTypeDefinition<_idgate_core_v1_DashboardWebhookDeliveries, _idgate_core_v1_DashboardWebhookDeliveries__Output>
        DashboardWebhookDeliveriesRequest: MessageTypeDefinition<_idgate_core_v1_DashboardWebhookDeliveriesRequest, _idgate_core_v1_DashboardWebhookDeliveriesRequest__Output>
        DashboardWebhookEnabledRequest: MessageTypeDefinition<_idgate_core_v1_DashboardWebhookEnabledRequest, _idgate_core_v1_DashboardWebhookEnabledRequest__Output>
        DashboardWebhookEndpoint: MessageTypeDefinition<_idgate_core_v1_DashboardWebhookEndpoint, _idgate_core_v1_DashboardWebhookEndpoint__Output>
        DashboardWebhookIdRequest: MessageTypeDefinition<_idgate_core_v1_DashboardWebhookIdRequest, _idgate_core_v1_DashboardWebhookIdRequest__Output>
        DashboardWebhookList: MessageTypeDefinition<_idgate_core_v1_DashboardWebhookList, _idgate_core_v1_DashboardWebhookList__Output>
        DashboardWebhookProject: MessageTypeDefinition<_idgate_core_v1_DashboardWebhookProject, _idgate_core_v1_DashboardWebhookProject__Output>
        DashboardWebhookReplayRequest: MessageTypeDefinition<_idgate_core_v1_DashboardWebhookReplayRequest, _idgate_core_v1_DashboardWebhookReplayRequest__Output>
        DashboardWebhookReplayed: MessageTypeDefinition<_idgate_core_v1_DashboardWebhookReplayed, _idgate_core_v1_DashboardWebhookReplayed__Output>
        DashboardWebhookRotateRequest: MessageTypeDefinition<_idgate_core_v1_DashboardWebhookRotateRequest, _idgate_core_v1_DashboardWebhookRotateRequest__Output>
        DashboardWebhookSecret: MessageTypeDefinition<_idgate_core_v1_DashboardWebhookSecret, _idgate_core_v1_DashboardWebhookSecret__Output>
        DashboardWebhookTestSent: MessageTypeDefinition<_idgate_core_v1_DashboardWebhookTestSent, _idgate_core_v1_DashboardWebhookTestSent__Output>
        DashboardWebhooksService: SubtypeConstructor<typeof grpc.Client, _idgate_core_v1_DashboardWebhooksServiceClient> & { service: _idgate_core_v1_DashboardWebhooksServiceDefinition }
        DeviceVerdictRequest: MessageTypeDefinition<_idgate_core_v1_DeviceVerdictRequest, _idgate_core_v1_DeviceVerdictRequest__Output>
        DocumentSubmission: MessageTypeDefinition<_idgate_core_v1_DocumentSubmission, _idgate_core_v1_DocumentSubmission__Output>
        Empty: MessageTypeDefinition<_idgate_core_v1_Empty, _idgate_core_v1_Empty__Output>
        ExpectedData: MessageTypeDefinition<_idgate_core_v1_ExpectedData, _idgate_core_v1_ExpectedData__Output>
        FaceChallenge: MessageTypeDefinition<_idgate_core_v1_FaceChallenge, _idgate_core_v1_FaceChallenge__Output>
        FaceChallengeIdRequest: MessageTypeDefinition<_idgate_core_v1_FaceChallengeIdRequest, _idgate_core_v1_FaceChallengeIdRequest__Output>
        FaceChallengeRequest: MessageTypeDefinition<_idgate_core_v1_FaceChallengeRequest, _idgate_core_v1_FaceChallengeRequest__Output>
        FaceService: SubtypeConstructor<typeof grpc.Client, _idgate_core_v1_FaceServiceClient> & { service: _idgate_core_v1_FaceServiceDefinition }
        FaceUserDeleted: MessageTypeDefinition<_idgate_core_v1_FaceUserDeleted, _idgate_core_v1_FaceUserDeleted__Output>
        FaceUserRequest: MessageTypeDefinition<_idgate_core_v1_FaceUserRequest, _idgate_core_v1_FaceUserRequest__Output>
        FrameEvidence: MessageTypeDefinition<_idgate_core_v1_FrameEvidence, _idgate_core_v1_FrameEvidence__Output>
        FramesSubmission: MessageTypeDefinition<_idgate_core_v1_FramesSubmission, _idgate_core_v1_FramesSubmission__Output>
        HandoffExchange: MessageTypeDefinition<_idgate_core_v1_HandoffExchange, _idgate_core_v1_HandoffExchange__Output>
        HandoffToken: MessageTypeDefinition<_idgate_core_v1_HandoffToken, _idgate_core_v1_HandoffToken__Output>
        HealthService: SubtypeConstructor<typeof grpc.Client, _idgate_core_v1_HealthServiceClient> & { service: _idgate_core_v1_HealthServiceDefinition }
        InitRequest: MessageTypeDefinition<_idgate_core_v1_InitRequest, _idgate_core_v1_InitRequest__Output>
        InitResponse: MessageTypeDefinition<_idgate_core_v1_InitResponse, _idgate_core_v1_InitResponse__Output>
        InviteFirstOwnerRequest: MessageTypeDefinition<_idgate_core_v1_InviteFirstOwnerRequest, _idgate_core_v1_InviteFirstOwnerRequest__Output>
        Ledger: MessageTypeDefinition<_idgate_core_v1_Ledger, _idgate_core_v1_Ledger__Output>
        LedgerLine: MessageTypeDefinition<_idgate_core_v1_LedgerLine, _idgate_core_v1_LedgerLine__Output>
        LedgerRequest: MessageTypeDefinition<_idgate_core_v1_LedgerRequest, _idgate_core_v1_LedgerRequest__Output>
        MuxError: MessageTypeDefinition<_idgate_core_v1_MuxError, _idgate_core_v1_MuxError__Output>
        MuxReply: MessageTypeDefinition<_idgate_core_v1_MuxReply, _idgate_core_v1_MuxReply__Output>
        MuxRequest: MessageTypeDefinition<_idgate_core_v1_MuxRequest, _idgate_core_v1_MuxRequest__Output>
        ProjectKeys: MessageTypeDefinition<_idgate_core_v1_ProjectKeys, _idgate_core_v1_ProjectKeys__Output>
        ProjectKeysService: SubtypeConstructor<typeof grpc.Client, _idgate_core_v1_ProjectKeysServiceClient> & { service: _idgate_core_v1_ProjectKeysServiceDefinition }
        ProjectRulesMessage: MessageTypeDefinition<_idgate_core_v1_ProjectRulesMessage, _idgate_core_v1_ProjectRulesMessage__Output>
        ReadinessReply: MessageTypeDefinition<_idgate_core_v1_ReadinessReply, _idgate_core_v1_ReadinessReply__Output>
        ResultResponse: MessageTypeDefinition<_idgate_core_v1_ResultResponse, _idgate_core_v1_ResultResponse__Output>
        RetakeReply: MessageTypeDefinition<_idgate_core_v1_RetakeReply, _idgate_core_v1_RetakeReply__Output>
        Review: MessageTypeDefinition<_idgate_core_v1_Review, _idgate_core_v1_Review__Output>
        ReviewDecisionRequest: MessageTypeDefinition<_idgate_core_v1_ReviewDecisionRequest, _idgate_core_v1_ReviewDecisionRequest__Output>
        ReviewIdRequest: MessageTypeDefinition<_idgate_core_v1_ReviewIdRequest, _idgate_core_v1_ReviewIdRequest__Output>
        ReviewList: MessageTypeDefinition<_idgate_core_v1_ReviewList, _idgate_core_v1_ReviewList__Output>
        ReviewListRequest: MessageTypeDefinition<_idgate_core_v1_ReviewListRequest, _idgate_core_v1_ReviewListRequest__Output>
        ReviewService: SubtypeConstructor<typeof grpc.Client, _idgate_core_v1_ReviewServiceClient> & { service: _idgate_core_v1_ReviewServiceDefinition }
        RulesService: SubtypeConstructor<typeof grpc.Client, _idgate_core_v1_RulesServiceClient> & { service: _idgate_core_v1_RulesServiceDefinition }
        ScreenNameReply: MessageTypeDefinition<_idgate_core_v1_ScreenNameReply, _idgate_core_v1_ScreenNameReply__Output>
        ScreenNameRequest: MessageTypeDefinition<_idgate_core_v1_ScreenNameRequest, _idgate_core_v1_ScreenNameRequest__Output>
        ScreeningHitMessage: MessageTypeDefinition<_idgate_core_v1_ScreeningHitMessage, _idgate_core_v1_ScreeningHitMessage__Output>
        ScreeningStatusReply: MessageTypeDefinition<_idgate_core_v1_ScreeningStatusReply, _idgate_core_v1_ScreeningStatusReply__Output>
        ServiceIdResolution: MessageTypeDefinition<_idgate_core_v1_ServiceIdResolution, _idgate_core_v1_ServiceIdResolution__Output>
        ServiceIdService: SubtypeConstructor<typeof grpc.Client, _idgate_core_v1_ServiceIdServiceClient> & { service: _idgate_core_v1_ServiceIdServiceDefinition }
        SetProjectRulesRequest: MessageTypeDefinition<_idgate_core_v1_SetProjectRulesRequest, _idgate_core_v1_SetProjectRulesRequest__Output>
        StatusResponse: MessageTypeDefinition<_idgate_core_v1_StatusResponse, _idgate_core_v1_StatusResponse__Output>
        TeamInvitation: MessageTypeDefinition<_idgate_core_v1_TeamInvitation, _idgate_core_v1_TeamInvitation__Output>
        TeamInviteRequest: MessageTypeDefinition<_idgate_core_v1_TeamInviteRequest, _idgate_core_v1_TeamInviteRequest__Output>
        TeamMemberIdRequest: MessageTypeDefinition<_idgate_core_v1_TeamMemberIdRequest, _idgate_core_v1_TeamMemberIdRequest__Output>
        TeamMemberList: MessageTypeDefinition<_idgate_core_v1_TeamMemberList, _idgate_core_v1_TeamMemberList__Output>
        TeamMemberMessage: MessageTypeDefinition<_idgate_core_v1_TeamMemberMessage, _idgate_core_v1_TeamMemberMessage__Output>
        TeamMemberRoleRequest: MessageTypeDefinition<_idgate_core_v1_TeamMemberRoleRequest, _idgate_core_v1_TeamMemberRoleRequest__Output>
        TeamService: SubtypeConstructor<typeof grpc.Client, _idgate_core_v1_TeamServiceClient> & { service: _idgate_core_v1_TeamServiceDefinition }
        TeamSignInRequest: MessageTypeDefinition<_idgate_core_v1_TeamSignInRequest, _idgate_core_v1_TeamSignInRequest__Output>
        TenantRequest: MessageTypeDefinition<_idgate_core_v1_TenantRequest, _idgate_core_v1_TenantRequest__Output>
        TokenRequest: MessageTypeDefinition<_idgate_core_v1_TokenRequest, _idgate_core_v1_TokenRequest__Output>
        UpdateAccountRequest: MessageTypeDefinition<_idgate_core_v1_UpdateAccountRequest, _idgate_core_v1_UpdateAccountRequest__Output>
        VerificationMux: SubtypeConstructor<typeof grpc.Client, _idgate_core_v1_VerificationMuxClient> & { service: _idgate_core_v1_VerificationMuxDefinition }
        VerificationService: SubtypeConstructor<typeof grpc.Client, _idgate_core_v1_VerificationServiceClient> & { service: _idgate_core_v1_VerificationServiceDefinition }
        VerifyTokenRequest: MessageTypeDefinition<_idgate_core_v1_VerifyTokenRequest, _idgate_core_v1_VerifyTokenRequest__Output>
        VerifyTokenResponse: MessageTypeDefinition<_idgate_core_v1_VerifyTokenResponse, _idgate_core_v1_VerifyTokenResponse__Output>
        WalletDcApiRequest: MessageTypeDefinition<_idgate_core_v1_WalletDcApiRequest, _idgate_core_v1_WalletDcApiRequest__Output>
        WalletDcApiResponse: MessageTypeDefinition<_idgate_core_v1_WalletDcApiResponse, _idgate_core_v1_WalletDcApiResponse__Output>
        WalletDirectPost: MessageTypeDefinition<_idgate_core_v1_WalletDirectPost, _idgate_core_v1_WalletDirectPost__Output>
        WalletDirectPostReply: MessageTypeDefinition<_idgate_core_v1_WalletDirectPostReply, _idgate_core_v1_WalletDirectPostReply__Output>
        WalletRequestObject: MessageTypeDefinition<_idgate_core_v1_WalletRequestObject, _idgate_core_v1_WalletRequestObject__Output>
        WalletRequestObjectRequest: MessageTypeDefinition<_idgate_core_v1_WalletRequestObjectRequest, _idgate_core_v1_WalletRequestObjectRequest__Output>
        WalletService: SubtypeConstructor<typeof grpc.Client, _idgate_core_v1_WalletServiceClient> & { service: _idgate_core_v1_WalletServiceDefinition }
        WalletStartReply: MessageTypeDefinition<_idgate_core_v1_WalletStartReply, _idgate_core_v1_WalletStartReply__Output>
        WalletStartRequest: MessageTypeDefinition<_idgate_core_v1_WalletStartRequest, _idgate_core_v1_WalletStartRequest__Output>
        WalletStatusReply: MessageTypeDefinition<_idgate_core_v1_WalletStatusReply, _idgate_core_v1_WalletStatusReply__Output>
        WalletTransactionRequest: MessageTypeDefinition<_idgate_core_v1_WalletTransactionRequest, _idgate_core_v1_WalletTransactionRequest__Output>
        WidgetRequest: MessageTypeDefinition<_idgate_core_v1_WidgetRequest, _idgate_core_v1_WidgetRequest__Output>
        WidgetService: SubtypeConstructor<typeof grpc.Client, _idgate_core_v1_WidgetServiceClient> & { service: _idgate_core_v1_WidgetServiceDefinition }
        WidgetStartRequest: MessageTypeDefinition<_idgate_core_v1_WidgetStartRequest, _idgate_core_v1_WidgetStartRequest__Output>
        WidgetState: MessageTypeDefinition<_idgate_core_v1_WidgetState, _idgate_core_v1_WidgetState__Output>
      }
    }
    webhook: {
      v1: {
        Attempt: MessageTypeDefinition<_idgate_webhook_v1_Attempt, _idgate_webhook_v1_Attempt__Output>
        CreateEndpointRequest: MessageTypeDefinition<_idgate_webhook_v1_CreateEndpointRequest, _idgate_webhook_v1_CreateEndpointRequest__Output>
        CreatedEndpoint: MessageTypeDefinition<_idgate_webhook_v1_CreatedEndpoint, _idgate_webhook_v1_CreatedEndpoint__Output>
        Delivery: MessageTypeDefinition<_idgate_webhook_v1_Delivery, _idgate_webhook_v1_Delivery__Output>
        DeliveryList: MessageTypeDefinition<_idgate_webhook_v1_DeliveryList, _idgate_webhook_v1_DeliveryList__Output>
        Endpoint: MessageTypeDefinition<_idgate_webhook_v1_Endpoint, _idgate_webhook_v1_Endpoint__Output>
        EndpointList: MessageTypeDefinition<_idgate_webhook_v1_EndpointList, _idgate_webhook_v1_EndpointList__Output>
        EndpointRequest: MessageTypeDefinition<_idgate_webhook_v1_EndpointRequest, _idgate_webhook_v1_EndpointRequest__Output>
        ListDeliveriesRequest: MessageTypeDefinition<_idgate_webhook_v1_ListDeliveriesRequest, _idgate_webhook_v1_ListDeliveriesRequest__Output>
        ListEndpointsRequest: MessageTypeDefinition<_idgate_webhook_v1_ListEndpointsRequest, _idgate_webhook_v1_ListEndpointsRequest__Output>
        ListNotificationsRequest: MessageTypeDefinition<_idgate_webhook_v1_ListNotificationsRequest, _idgate_webhook_v1_ListNotificationsRequest__Output>
        Notification: MessageTypeDefinition<_idgate_webhook_v1_Notification, _idgate_webhook_v1_Notification__Output>
        NotificationList: MessageTypeDefinition<_idgate_webhook_v1_NotificationList, _idgate_webhook_v1_NotificationList__Output>
        ReplayReply: MessageTypeDefinition<_idgate_webhook_v1_ReplayReply, _idgate_webhook_v1_ReplayReply__Output>
        ReplayRequest: MessageTypeDefinition<_idgate_webhook_v1_ReplayRequest, _idgate_webhook_v1_ReplayRequest__Output>
        RotateSecretRequest: MessageTypeDefinition<_idgate_webhook_v1_RotateSecretRequest, _idgate_webhook_v1_RotateSecretRequest__Output>
        RotatedSecret: MessageTypeDefinition<_idgate_webhook_v1_RotatedSecret, _idgate_webhook_v1_RotatedSecret__Output>
        SetEnabledRequest: MessageTypeDefinition<_idgate_webhook_v1_SetEnabledRequest, _idgate_webhook_v1_SetEnabledRequest__Output>
        TestEventReply: MessageTypeDefinition<_idgate_webhook_v1_TestEventReply, _idgate_webhook_v1_TestEventReply__Output>
        WebhookService: SubtypeConstructor<typeof grpc.Client, _idgate_webhook_v1_WebhookServiceClient> & { service: _idgate_webhook_v1_WebhookServiceDefinition }
      }
    }
  }
}

