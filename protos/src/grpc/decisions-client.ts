import { credentials, type Client } from '@grpc/grpc-js';
import type { ReviewServiceClient } from '../../gen/idgate/core/v1/ReviewService.ts';
import type { RulesServiceClient } from '../../gen/idgate/core/v1/RulesService.ts';
import type { ServiceIdServiceClient } from '../../gen/idgate/core/v1/ServiceIdService.ts';
import type { FaceServiceClient } from '../../gen/idgate/core/v1/FaceService.ts';
import type { WalletServiceClient } from '../../gen/idgate/core/v1/WalletService.ts';
import type { DashboardRulesServiceClient } from '../../gen/idgate/core/v1/DashboardRulesService.ts';
import type { TeamServiceClient } from '../../gen/idgate/core/v1/TeamService.ts';
import type { ProjectKeysServiceClient } from '../../gen/idgate/core/v1/ProjectKeysService.ts';
import type { DashboardWebhooksServiceClient } from '../../gen/idgate/core/v1/DashboardWebhooksService.ts';
import type { DashboardReviewsServiceClient } from '../../gen/idgate/core/v1/DashboardReviewsService.ts';
import type { DashboardUsageServiceClient } from '../../gen/idgate/core/v1/DashboardUsageService.ts';
import type { DashboardPasskeysServiceClient } from '../../gen/idgate/core/v1/DashboardPasskeysService.ts';
import { coreProto } from './core-client.ts';
import { CHANNEL_OPTIONS } from './channel.ts';

export interface DecisionClients {
  reviews: ReviewServiceClient;
  rules: RulesServiceClient;
  serviceIds: ServiceIdServiceClient;
  faces: FaceServiceClient;
  /** The EU wallet path (path E): the widget's and the wallet's calls. */
  wallet: WalletServiceClient;
  /** The dashboard's team (members, roles, sign-in, audit log). */
  team: TeamServiceClient;
  /** The dashboard's rules, blacklist and Face 2FA users. */
  dashboardRules: DashboardRulesServiceClient;
  /** The dashboard's projects and API keys. */
  projectKeys: ProjectKeysServiceClient;
  /** The dashboard's webhooks (endpoints, test events, delivery log, replay). */
  dashboardWebhooks: DashboardWebhooksServiceClient;
  /** The dashboard's review queue (list, one review, approve / reject / retake). */
  dashboardReviews: DashboardReviewsServiceClient;
  /** The dashboard's usage, budget and sessions list. */
  dashboardUsage: DashboardUsageServiceClient;
  /** A dashboard member's passkeys and passkey sign-in. */
  dashboardPasskeys: DashboardPasskeysServiceClient;
}

/**
 * Typed clients of core's decision services (review queue, project rules, service-ID brackets,
 * Face 2FA and blacklist, the EU wallet; core.proto). Pass `channel` to share an existing connection, e.g. the gateway's core channel.
 * @example const d = createDecisionClients('127.0.0.1:50051', core.verification.getChannel())
 * const offer = await callUnary(d.serviceIds, 'bracketForSession', { resultToken, claim: true })
 */
export function createDecisionClients(address: string, channel?: ReturnType<Client['getChannel']>): DecisionClients {
  const proto = coreProto();
  const opts = { ...CHANNEL_OPTIONS, ...(channel ? { channelOverride: channel } : {}) };
  return {
    reviews: new proto.ReviewService(address, credentials.createInsecure(), opts),
    rules: new proto.RulesService(address, credentials.createInsecure(), opts),
    serviceIds: new proto.ServiceIdService(address, credentials.createInsecure(), opts),
    faces: new proto.FaceService(address, credentials.createInsecure(), opts),
    wallet: new proto.WalletService(address, credentials.createInsecure(), opts),
    team: new proto.TeamService(address, credentials.createInsecure(), opts),
    dashboardRules: new proto.DashboardRulesService(address, credentials.createInsecure(), opts),
    projectKeys: new proto.ProjectKeysService(address, credentials.createInsecure(), opts),
    dashboardWebhooks: new proto.DashboardWebhooksService(address, credentials.createInsecure(), opts),
    dashboardReviews: new proto.DashboardReviewsService(address, credentials.createInsecure(), opts),
    dashboardUsage: new proto.DashboardUsageService(address, credentials.createInsecure(), opts),
    dashboardPasskeys: new proto.DashboardPasskeysService(address, credentials.createInsecure(), opts),
  };
}
