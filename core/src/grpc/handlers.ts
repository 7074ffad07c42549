import { coreProto, MuxServer, unaryHandler, type CallContext, type core } from '@idgate/protos';
import type { Logger } from '@idgate/platform';
import type { Container } from '../container.ts';
import { webhookProto } from '@idgate/protos';
import { buildWebhookHandlers } from '../webhooks/webhook.handlers.ts';
import { buildDecisionHandlers, rulesChangeOf } from './decision.handlers.ts';
import { buildFaceHandlers } from './face.handlers.ts';
import { buildWalletHandlers } from './wallet.handlers.ts';

type H = <Req, Res>(fn: (req: Req, ctx: CallContext) => Promise<Res>) => ReturnType<typeof unaryHandler<Req, Res>>;

/** gRPC handlers: decode → service → encode, nothing else (STYLE 6.11). */
export function buildHandlers(c: Container, log: Logger) {
  const h: H = (fn) => unaryHandler(fn, (err) => log.error({ err }, 'internal error in gRPC handler'));
  // The hot calls, served both as unary methods and as messages on the multiplexed stream.
  const verificationMethods = {
    init: async (req: core.InitRequest, ctx: CallContext) => {
      const expected = req.expected
        ? {
            first_name: req.expected.firstName,
            last_name: req.expected.lastName,
            date_of_birth: req.expected.dateOfBirth,
            document_number: req.expected.documentNumber,
            nationality: req.expected.nationality,
          }
        : null;
      const out = await c.verification.init({ ...req, expected: expected ? dropUndefined(expected) : null }, ctx);
      return { token: out.token, verifyUrl: out.verifyUrl, expiresAt: out.expiresAt };
    },
    getResult: async (req: core.TokenRequest, ctx: CallContext) => ({ recordJson: await c.verification.getResult(req.token ?? '', ctx) }),
    getStatus: (req: core.TokenRequest, ctx: CallContext) => c.verification.getStatus(req.token ?? '', ctx),
    verifyToken: (req: core.VerifyTokenRequest, ctx: CallContext) => c.verification.verifyToken(req.token ?? '', req.idempotencyKey, ctx),
  };
  const verification: core.VerificationServiceHandlers = {
    Init: h(verificationMethods.init),
    GetResult: h(verificationMethods.getResult),
    GetStatus: h(verificationMethods.getStatus),
    VerifyToken: h(verificationMethods.verifyToken),
    Cancel: h((req: core.TokenRequest, ctx) => c.verification.cancel(req.token ?? '', ctx)),
  };
  const widget: core.WidgetServiceHandlers = {
    Start: h((req: core.WidgetStartRequest, ctx) =>
      c.widget.start(req.initToken ?? '', ctx, { walletAvailable: req.walletAvailable, serviceIdHint: req.serviceIdHint }),
    ),
    GetProgress: h((req: { renewNonce?: boolean }, ctx) => c.widget.progress(ctx, req?.renewNonce === true)),
    SubmitDeviceVerdict: h((req: core.DeviceVerdictRequest, ctx) => c.widget.submitDeviceVerdict(req, ctx)),
    Cancel: h((_req: unknown, ctx) => c.widget.cancel(ctx)),
    SubmitFrames: h((req: core.FramesSubmission, ctx) => c.widget.submitFrames(req.frames ?? [], ctx)),
    SubmitDocument: h((req: core.DocumentSubmission, ctx) => c.widget.submitDocument(req.image ?? new Uint8Array(), req.backImage ?? undefined, ctx)),
    CreateHandoff: h((_req: unknown, ctx) => c.widget.createHandoff(ctx)),
    ExchangeHandoff: h((req: core.HandoffExchange) => c.widget.exchangeHandoff(req.handoffToken ?? '')),
    ResolveServiceId: h((req: core.ServiceIdResolution, ctx) =>
      c.widget.resolveServiceId(
        {
          declined: req.declined ?? false,
          proofs: (req.proofs ?? []).map((p) => ({
            method: p.method ?? '',
            bracket: p.bracket ?? 0,
            nextChangeAt: p.nextChangeAt ?? null,
            verifiedAt: p.verifiedAt ?? '',
          })),
        },
        ctx,
      ),
    ),
  };
  const admin: core.AdminServiceHandlers = {
    CreateTenant: h(async (req: core.CreateTenantRequest) => toKeys(await c.tenancy.createTenant(req.name ?? '', req.plan ?? ''))),
    CreateProject: h(async (req: core.CreateProjectRequest) => toKeys(await c.tenancy.createProject(req.tenantId ?? '', req.name ?? '', req.apiVersion))),
    CreateApiKey: h((req: core.CreateApiKeyRequest) => c.tenancy.createRestrictedKey(req.projectId ?? '', req.scopes ?? [])),
    UpdateAccount: h((req: core.UpdateAccountRequest) => c.admin.updateAccount(req)),
    GetAccount: h((req: core.TenantRequest) => c.admin.getAccount(req.tenantId ?? '')),
    GetLedger: h((req: core.LedgerRequest) => c.admin.ledger(req.tenantId ?? '', req.month ?? '')),
    ScreenName: h(async (req: core.ScreenNameRequest) => c.screeningAdmin.screen(req)),
    GetScreeningStatus: h(async () => c.screeningAdmin.status()),
  };
  const team: core.TeamServiceHandlers = {
    InviteFirstOwner: h((req: core.InviteFirstOwnerRequest) => c.team.inviteFirstOwner(req)),
    AcceptInvitation: h((req: core.AcceptInvitationRequest) => c.team.acceptInvitation(req)),
    SignIn: h((req: core.TeamSignInRequest, ctx) => c.team.signIn(req, ctx)),
    WhoAmI: h((_req: unknown, ctx) => c.team.whoAmI(ctx)),
    SignOut: h((_req: unknown, ctx) => c.team.signOut(ctx)),
    ListMembers: h((_req: unknown, ctx) => c.team.listMembers(ctx)),
    Invite: h((req: core.TeamInviteRequest, ctx) => c.team.invite(req, ctx)),
    ChangeRole: h((req: core.TeamMemberRoleRequest, ctx) => c.team.changeRole(req, ctx)),
    RemoveMember: h((req: core.TeamMemberIdRequest, ctx) => c.team.removeMember(req, ctx)),
    GetAuditLog: h((req: core.AuditLogRequest, ctx) => c.team.auditLog(req, ctx)),
  };
  const projectKeys: core.ProjectKeysServiceHandlers = {
    ListProjects: h((_req: unknown, ctx) => c.projectKeys.listProjects(ctx)),
    CreateProject: h((req: core.DashboardProjectRequest, ctx) => c.projectKeys.createProject(req, ctx)),
    CreateRestrictedKey: h((req: core.DashboardKeyRequest, ctx) => c.projectKeys.createRestrictedKey(req, ctx)),
    RollKey: h((req: core.DashboardRollRequest, ctx) => c.projectKeys.rollKey(req, ctx)),
    RevokeKey: h((req: core.DashboardKeyIdRequest, ctx) => c.projectKeys.revokeKey(req, ctx)),
  };
  const dashboardWebhooks: core.DashboardWebhooksServiceHandlers = {
    ListEndpoints: h((_req: unknown, ctx) => c.dashboardWebhooks.listEndpoints(ctx)),
    CreateEndpoint: h((req: core.DashboardWebhookCreateRequest, ctx) => c.dashboardWebhooks.createEndpoint(req, ctx)),
    RotateSecret: h((req: core.DashboardWebhookRotateRequest, ctx) => c.dashboardWebhooks.rotateSecret(req, ctx)),
    SetEnabled: h((req: core.DashboardWebhookEnabledRequest, ctx) => c.dashboardWebhooks.setEnabled(req, ctx)),
    SendTest: h((req: core.DashboardWebhookIdRequest, ctx) => c.dashboardWebhooks.sendTest(req, ctx)),
    ListDeliveries: h((req: core.DashboardWebhookDeliveriesRequest, ctx) => c.dashboardWebhooks.listDeliveries(req, ctx)),
    Replay: h((req: core.DashboardWebhookReplayRequest, ctx) => c.dashboardWebhooks.replay(req, ctx)),
  };
  const dashboardReviews: core.DashboardReviewsServiceHandlers = {
    ListReviews: h((req: core.DashboardReviewListRequest, ctx) => c.dashboardReviews.listReviews(req, ctx)),
    GetReview: h((req: core.DashboardReviewIdRequest, ctx) => c.dashboardReviews.getReview(req, ctx)),
    Decide: h((req: core.DashboardReviewDecisionRequest, ctx) => c.dashboardReviews.decide(req, ctx)),
  };
  const dashboardRules: core.DashboardRulesServiceHandlers = {
    GetRules: h((req: core.DashboardRulesRequest, ctx) => c.dashboardRules.getRules(req, ctx)),
    SetRules: h((req: core.DashboardRulesChangeRequest, ctx) => c.dashboardRules.setRules(req.projectId ?? '', rulesChangeOf(req.change ?? {}), ctx)),
    ListBlacklist: h((req: core.DashboardBlacklistListRequest, ctx) => c.dashboardRules.listBlacklist(req, ctx)),
    AddBlacklistSession: h((req: core.DashboardBlacklistSessionRequest, ctx) => c.dashboardRules.addBlacklistSession(req, ctx)),
    DeleteBlacklistEntry: h((req: core.DashboardBlacklistIdRequest, ctx) => c.dashboardRules.deleteBlacklistEntry(req, ctx)),
    DeleteFaceUser: h((req: core.DashboardFaceUserRequest, ctx) => c.dashboardRules.deleteFaceUser(req, ctx)),
    AddBlacklistImage: h((req: core.DashboardBlacklistImageRequest, ctx) => c.dashboardRules.addBlacklistImage(req, ctx)),
    ListFaceUsers: h((req: core.DashboardFaceUsersRequest, ctx) => c.dashboardRules.listFaceUsers(req, ctx)),
  };
  const dashboardPasskeys: core.DashboardPasskeysServiceHandlers = {
    ListPasskeys: h((_req: unknown, ctx) => c.dashboardPasskeys.list(ctx)),
    RegistrationOptions: h((_req: unknown, ctx) => c.dashboardPasskeys.registrationOptions(ctx)),
    AddPasskey: h((req: core.DashboardPasskeyAddRequest, ctx) => c.dashboardPasskeys.add(req, ctx)),
    RemovePasskey: h((req: core.DashboardPasskeyIdRequest, ctx) => c.dashboardPasskeys.remove(req, ctx)),
    SignInOptions: h((_req: unknown, ctx) => c.dashboardPasskeys.signInOptions(ctx)),
    SignInWithPasskey: h((req: core.DashboardPasskeySignInRequest) => c.dashboardPasskeys.signIn(req)),
  };
  const dashboardUsage: core.DashboardUsageServiceHandlers = {
    GetUsage: h((req: core.DashboardUsageRequest, ctx) => c.dashboardUsage.getUsage(req, ctx)),
    SetBudget: h((req: core.DashboardBudgetRequest, ctx) => c.dashboardUsage.setBudget(req, ctx)),
    ListSessions: h((req: core.DashboardSessionListRequest, ctx) => c.dashboardUsage.listSessions(req, ctx)),
  };
  const health: core.HealthServiceHandlers = {
    Ready: h(() => c.readiness()),
  };
  const proto = coreProto();
  const mux = new MuxServer(verificationMethods, proto.VerificationService.service, (err) => log.error({ err }, 'internal error in gRPC handler'));
  return {
    mux,
    services: [
      [proto.VerificationService.service, verification],
      [proto.WidgetService.service, widget],
      [proto.AdminService.service, admin],
      [proto.HealthService.service, health],
      [proto.TeamService.service, team],
      [proto.DashboardRulesService.service, dashboardRules],
      [proto.ProjectKeysService.service, projectKeys],
      [proto.DashboardWebhooksService.service, dashboardWebhooks],
      [proto.DashboardReviewsService.service, dashboardReviews],
      [proto.DashboardUsageService.service, dashboardUsage],
      [proto.DashboardPasskeysService.service, dashboardPasskeys],
      [webhookProto().WebhookService.service, buildWebhookHandlers(c.webhooks.service, h)],
      ...buildDecisionHandlers(c.decisions, h),
      buildFaceHandlers(c.faces, h),
      buildWalletHandlers(c, h),
      [proto.VerificationMux.service, { Exchange: mux.handler } satisfies core.VerificationMuxHandlers],
    ] as const,
  };
}

function toKeys(p: { tenantId: string; projectId: string; secretKey: string; publicKey: string }) {
  return { tenantId: p.tenantId, projectId: p.projectId, secretKey: p.secretKey, publicKey: p.publicKey };
}

function dropUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
