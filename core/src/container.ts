import { sql } from 'drizzle-orm';
import { MAX_FRAMES_PER_REQUEST, type Config, type Logger } from '@idgate/platform';
import type { KeyValueStore } from '@idgate/platform/kv';
import type { Database } from './db/client.ts';
import { rawStatements } from './db/raw-statements.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { DataCipher } from './lib/cipher.ts';
import { OutboxSignal } from './lib/outbox-signal.ts';
import { BackgroundTasks } from './lib/background-tasks.ts';
import { StageTimings } from './lib/stage-timings.ts';
import type { InferenceScheduler } from './scheduler/index.ts';
import type { ScreeningEngine } from './screening/index.ts';
import { AmlScreeningService } from './screening/aml-screening.service.ts';
import { TrustListArchiveRepository, trustedListsFromConfig, type TrustedLists } from './wallet/trust/index.ts';
import { ScreeningAdminService } from './screening/screening-admin.service.ts';
import { TenancyRepository } from './tenancy/tenancy.repository.ts';
import { TenancyService } from './tenancy/tenancy.service.ts';
import { AdminService } from './tenancy/admin.service.ts';
import { BillingRepository } from './billing/billing.repository.ts';
import { BillingService } from './billing/billing.service.ts';
import { DashboardUsageApi } from './billing/dashboard-usage.api.ts';
import { SessionListRepository } from './sessions/session-list.repository.ts';
import { SessionRepository } from './sessions/session.repository.ts';
import { SessionSecretsRepository } from './sessions/session-secrets.repository.ts';
import { SessionDecisionsRepository } from './sessions/session-decisions.repository.ts';
import { OutboxRepository } from './sessions/outbox.repository.ts';
import { SessionSecretsService } from './sessions/session-secrets.service.ts';
import { SessionLifecycle } from './sessions/session-lifecycle.service.ts';
import { VerificationService } from './sessions/verification.service.ts';
import { ProjectRulesRepository } from './rules/project-rules.repository.ts';
import { ProjectRulesService } from './rules/project-rules.service.ts';
import { DashboardRulesApi } from './rules/dashboard-rules.api.ts';
import { ReviewRepository } from './review/review.repository.ts';
import { ReviewService } from './review/review.service.ts';
import { DashboardReviewsApi } from './review/dashboard-reviews.api.ts';
import { ReviewDeciders } from './review/review-deciders.repository.ts';
import { DocumentFingerprintRepository } from './documents/document-fingerprint.repository.ts';
import { DocumentReuseService } from './documents/document-reuse.service.ts';
import { DocumentPathService } from './documents/document-path.service.ts';
import { TokenPathService } from './widget/token-path.service.ts';
import { WalletPathService } from './wallet/wallet-path.service.ts';
import type { VerifierIdentity } from './wallet/verifier-identity.ts';
import { ServiceIdService } from './service-ids/service-id.service.ts';
import { NO_FACE_MATCH, type FaceMatchPolicy } from './faces/face-match.ts';
import { FaceRepository } from './faces/face.repository.ts';
import { FaceSampler } from './faces/face-sample.service.ts';
import { BlacklistService } from './faces/blacklist.service.ts';
import { FaceTwoFactorService } from './faces/face-2fa.service.ts';
import { DEFAULT_DEVICE_POLICY, type DevicePolicy } from './widget/device-verdict.ts';
import { DeviceVerdictService } from './widget/device-verdict.service.ts';
import { FrameCheckService } from './widget/frame-check.service.ts';
import { RetakeService } from './widget/retake.service.ts';
import { HandoffRepository } from './widget/handoff.repository.ts';
import { WidgetService } from './widget/widget.service.ts';
import { DashboardSessions } from './team/dashboard-sessions.ts';
import { DashboardPasskeysApi } from './team/dashboard-passkeys.api.ts';
import { PasskeyRepository, TeamPasskeys } from './team/team-passkeys.ts';
import { TeamApi } from './team/team-api.ts';
import { TeamRepository } from './team/team.repository.ts';
import { TeamService } from './team/team.service.ts';
import { ProjectKeysApi } from './tenancy/project-keys.api.ts';
import { ProjectKeysService } from './tenancy/project-keys.service.ts';
import { DashboardWebhooksApi } from './webhooks/dashboard-webhooks.api.ts';
import { DeliveryClient } from './webhooks/delivery-client.ts';
import { DeliveryRepository } from './webhooks/delivery.repository.ts';
import { WebhookDispatcher } from './webhooks/dispatcher.ts';
import { SecretBox } from './webhooks/endpoint-secrets.ts';
import { EndpointRepository } from './webhooks/endpoint.repository.ts';
import { WebhookEndpointService } from './webhooks/endpoint.service.ts';
import { Fanout } from './webhooks/fanout.ts';
import { OutcomeRecorder } from './webhooks/outcome-recorder.ts';
import { webhookSettings } from './webhooks/settings.ts';
import { systemResolver, targetPolicy } from './webhooks/ssrf-guard.ts';

export interface ContainerDeps {
  config: Config;
  database: Database;
  kv: KeyValueStore;
  log: Logger;
  dataKeys: string[];
  clock?: Clock;
  /** How on-device verdicts are judged (models manifest: required model hashes, thresholds). */
  devicePolicy?: DevicePolicy;
  /** The sanctions/PEP screening list; absent when SCREENING_SOURCE is unset. */
  screening?: ScreeningEngine;
  /** Schedules inference jobs on inference nodes; absent when none is configured. */
  inference?: InferenceScheduler;
  /** How stored face embeddings are compared (models manifest: active recognizer, threshold). */
  faceMatchPolicy?: FaceMatchPolicy;
  /** IP → ISO alpha-2 lookup; null when unknown (IP_COUNTRY_DB unset, or an address it does not list). */
  lookupCountry?: (ip: string | undefined) => string | null;
  /** The EU wallet's trusted lists (tests); otherwise built from the WALLET_TRUST_* settings. */
  walletTrust?: TrustedLists;
  /** The wallet verifier's identity (start.ts resolves it: settings, or the development certificate); null: none. */
  walletIdentity?: VerifierIdentity | null;
}

/** At most this many asynchronous face jobs (Face 2FA, blacklist images) run at once per core process. */
const FACE_TASK_LIMIT = 32;

/** Clock difference tolerated on an mdoc's validity period (issuer and wallet clocks are not ours). */
const WALLET_CLOCK_SKEW_MS = 5 * 60_000;

/** Outbox events a fan-out pass turns into deliveries at most. */
const FANOUT_BATCH = 500;

/** Frames one check may carry (widget path A and the document path's liveness): what the gateway's frames route takes. */
const MAX_FRAMES = MAX_FRAMES_PER_REQUEST;

/**
 * The composition root of core: every repository and service, built once, in dependency order, with
 * plain constructors and no DI framework (STYLE 6.8). A service takes what it needs as constructor
 * arguments; the one callback left is the webhook service's wake-up of a dispatcher that start.ts
 * may create later (with a database pool of its own).
 */
export function buildContainer(d: ContainerDeps) {
  const clock = d.clock ?? systemClock;
  const cipher = DataCipher.fromSpecs(d.dataKeys);
  const db = d.database.db;
  const outboxSignal = new OutboxSignal();
  const maxImageBytes = d.config.inferenceMaxImageBytes;

  // Repositories: one per table area, shared by the services below.
  const tenancyRepo = new TenancyRepository(db);
  const sessions = new SessionRepository(db, rawStatements(d.database));
  const billingRepo = new BillingRepository(db);
  const outbox = new OutboxRepository();
  const decisionRepos = {
    rules: new ProjectRulesRepository(db),
    secrets: new SessionSecretsRepository(db),
    decisions: new SessionDecisionsRepository(db),
    fingerprints: new DocumentFingerprintRepository(db),
    reviews: new ReviewRepository(db),
  };
  const faceRepo = new FaceRepository(db);
  // The EU wallet's trusted lists: undefined when no trust source is configured (WALLET_NOT_CONFIGURED).
  const walletTrust =
    d.walletTrust ??
    trustedListsFromConfig(d.config, { archive: new TrustListArchiveRepository(db), log: d.log.child({ component: 'wallet-trust' }), now: () => clock.now() });

  // Tenancy, billing and the session lifecycle every path ends in.
  const tenancy = new TenancyService({ database: d.database, tenancy: tenancyRepo, clock, defaultApiVersion: d.config.apiVersion });
  const billing = new BillingService({ billing: billingRepo, clock });
  const secrets = new SessionSecretsService({ secrets: decisionRepos.secrets, cipher, clock });
  const lifecycle = new SessionLifecycle({
    database: d.database,
    sessions,
    outbox,
    tenancy: tenancyRepo,
    billing,
    cipher,
    clock,
    riskBands: decisionRepos.decisions,
    outboxSignal,
  });

  // Faces (spec §4.1): one repository, one background-task limit, one matcher policy. Built before the
  // widget and document paths, whose selfies are searched against the blacklist.
  const faceTasks = new BackgroundTasks({ limit: FACE_TASK_LIMIT, log: d.log });
  const sampler = new FaceSampler({ inference: d.inference, maxImageBytes });
  const faceMatchPolicy = d.faceMatchPolicy ?? NO_FACE_MATCH;
  const blacklist = new BlacklistService({
    faces: faceRepo,
    sessions,
    projects: tenancyRepo,
    secrets,
    tenancy,
    sampler,
    tasks: faceTasks,
    cipher,
    clock,
    policy: faceMatchPolicy,
  });
  const twoFactor = new FaceTwoFactorService({
    db,
    faces: faceRepo,
    tenancy,
    billing,
    blacklist,
    sampler,
    tasks: faceTasks,
    cipher,
    clock,
    policy: faceMatchPolicy,
  });

  // Decisions (docs/decisions/): project rules, retakes, the review queue, the document path, service IDs.
  const rules = new ProjectRulesService({ rules: decisionRepos.rules, tenancy, clock });
  const retakes = new RetakeService({
    reviews: decisionRepos.reviews,
    sessions,
    lifecycle,
    secrets,
    cipher,
    clock,
    settings: {
      widgetUrl: d.config.widgetUrl,
      sessionTtlMs: d.config.sessionTtlSeconds * 1000,
      initTokenTtlMs: d.config.initTokenTtlSeconds * 1000,
      resultTokenTtlMs: d.config.resultTokenTtlSeconds * 1000,
    },
  });
  const reviews = new ReviewService({ reviews: decisionRepos.reviews, sessions, decisions: decisionRepos.decisions, lifecycle, tenancy, retakes, clock });
  const reuse = new DocumentReuseService({ fingerprints: decisionRepos.fingerprints, cipher, clock });
  const documentPath = new DocumentPathService({
    lifecycle,
    inference: d.inference,
    secrets,
    decisions: decisionRepos.decisions,
    reuse,
    reviews,
    tenancy: tenancyRepo,
    clock,
    aml: new AmlScreeningService(d.screening),
    timings: new StageTimings(),
    maxFrames: MAX_FRAMES,
    maxFrameBytes: d.config.faceFrameMaxBytes,
    maxImageBytes,
    blacklist,
  });
  const serviceIds = new ServiceIdService({ sessions, decisions: decisionRepos.decisions, clock, redirectUrl: (row) => lifecycle.redirectUrl(row) });

  // The verify API and the widget.
  const policy = d.devicePolicy ?? { ...DEFAULT_DEVICE_POLICY, requiredModelHashes: [] };
  const deviceVerdicts = new DeviceVerdictService({ sessions, lifecycle, clock, policy });
  const frameChecks = new FrameCheckService({
    lifecycle,
    inference: d.inference,
    maxFrames: MAX_FRAMES,
    maxFrameBytes: d.config.faceFrameMaxBytes,
    secrets,
    agePolicy: policy.agePolicy,
    blacklist,
  });
  const verification = new VerificationService({
    database: d.database,
    sessions,
    tenancy: tenancyRepo,
    tenancyService: tenancy,
    billing,
    lifecycle,
    cipher,
    clock,
    secrets,
    retakes,
    settings: {
      widgetUrl: d.config.widgetUrl,
      allowHttpLocalhost: d.config.nodeEnv !== 'production',
      sessionTtlMs: d.config.sessionTtlSeconds * 1000,
      initTokenTtlMs: d.config.initTokenTtlSeconds * 1000,
      resultTokenTtlMs: d.config.resultTokenTtlSeconds * 1000,
    },
  });
  // Path E: configured only with a verifier identity AND a trust source (docs/wallet.md); else WALLET_NOT_CONFIGURED.
  const walletPath = new WalletPathService({
    lifecycle,
    rules,
    clock,
    kv: d.kv,
    identity: walletTrust ? (d.walletIdentity ?? null) : null,
    trust: walletTrust,
    settings: {
      walletBaseUrl: `${d.config.baseUrl.replace(/\/$/, '')}/wallet/v1`,
      transactionTtlMs: d.config.walletTransactionTtlSeconds * 1000,
      clockSkewMs: WALLET_CLOCK_SKEW_MS,
    },
  });
  const widget = new WidgetService({
    sessions,
    lifecycle,
    deviceVerdicts,
    frameChecks,
    clock,
    // The widget state lists every hash an on-device verdict may carry: both files of the age model.
    requiredModelHashes: [...policy.requiredModelHashes, ...(policy.ageModel ? [policy.ageModel.browserSha256, policy.ageModel.referenceSha256] : [])],
    settings: { deviceNonceTtlMs: d.config.deviceNonceTtlSeconds * 1000, documentPathAvailable: true },
    lookupCountry: d.lookupCountry ?? (() => null),
    documentPath,
    rules,
    retakes,
    handoffs: new HandoffRepository(db),
    tokenPath: new TokenPathService({ lifecycle, rules, clock }),
    walletPath,
  });
  const admin = new AdminService({ tenancy: tenancyRepo, tenancyService: tenancy, billing });
  const teamStore = new TeamRepository(db);
  const teamService = new TeamService({ store: teamStore, kv: d.kv, clock });
  const dashboardSessions = new DashboardSessions(d.kv, DASHBOARD_SESSION_TTL_MS);
  const team = new TeamApi({ team: teamService, sessions: dashboardSessions, requireTenant: (id) => tenancy.requireAccount(id) });
  const dashboardOrigin = new URL(d.config.baseUrl).origin;
  const dashboardPasskeys = new DashboardPasskeysApi({
    team,
    sessions: dashboardSessions,
    passkeys: new TeamPasskeys({
      passkeys: new PasskeyRepository(db),
      members: teamStore,
      team: teamService,
      kv: d.kv,
      clock,
      // Bound to the dashboard's host: the passkeys work on its pages only.
      rp: { rpId: new URL(dashboardOrigin).hostname, rpName: 'idgate dashboard', origins: [dashboardOrigin] },
    }),
  });
  const dashboardRules = new DashboardRulesApi({
    rules,
    blacklist,
    twoFactor,
    team,
    projects: (id) => tenancyRepo.listProjects(id),
    findProject: (id) => tenancyRepo.findProject(id),
  });
  const projectKeys = new ProjectKeysApi({ keys: new ProjectKeysService({ database: d.database, repository: tenancyRepo, tenancy, clock }), team });
  const webhooks = buildWebhooks({ config: d.config, database: d.database, cipher, clock, log: d.log, outboxSignal });
  const dashboardWebhooks = new DashboardWebhooksApi({ webhooks: webhooks.service, team, projects: (id) => tenancyRepo.listProjects(id) });
  const reviewDeciders = new ReviewDeciders(db);
  const dashboardReviews = new DashboardReviewsApi({
    reviews,
    repository: decisionRepos.reviews,
    team,
    projects: (id) => tenancyRepo.listProjects(id),
    deciders: (accountId, ids) => reviewDeciders.of(accountId, ids),
  });

  const dashboardUsage = new DashboardUsageApi({
    team,
    billing,
    tenancy: tenancyRepo,
    tenancyService: tenancy,
    sessions: new SessionListRepository(db),
    clock,
  });

  return {
    clock,
    cipher,
    database: d.database,
    kv: d.kv,
    log: d.log,
    repositories: { tenancy: tenancyRepo, sessions, billing: billingRepo, outbox },
    tenancy,
    billing,
    lifecycle,
    verification,
    widget,
    admin,
    team,
    dashboardRules,
    projectKeys,
    dashboardWebhooks,
    dashboardReviews,
    dashboardUsage,
    dashboardPasskeys,
    webhooks,
    inference: d.inference,
    decisions: { repositories: decisionRepos, secrets, rules, retakes, reviews, documentPath, serviceIds },
    faces: { repository: faceRepo, tasks: faceTasks, blacklist, twoFactor },
    screening: d.screening,
    screeningAdmin: new ScreeningAdminService(d.screening),
    walletTrust,
    walletPath,
    async readiness() {
      let database: boolean;
      try {
        await db.execute(sql`select 1`);
        database = true;
      } catch {
        database = false;
      }
      const inference = d.inference ? d.inference.ready() : true;
      // With SCREENING_SOURCE set, document sessions must not pass unscreened: wait for the list.
      const screening = d.screening ? d.screening.ready : true;
      const missing = [!database && 'database unreachable', !inference && 'no inference node ready', !screening && 'screening list not loaded yet'];
      // The wallet path answers WALLET_TRUST_LIST_* (retryable) on its own: other paths stay ready.
      const trust = walletTrust?.state(clock.now());
      const walletNote = trust && (!trust.loaded ? 'wallet trusted lists not loaded yet' : trust.stale ? 'wallet trusted lists stale' : undefined);
      const detail = [...missing, walletNote].filter(Boolean).join('; ') || 'ok';
      return { ready: database && inference && screening, database, inference, screening, detail };
    },
  };
}

/** A dashboard sign-in lasts a working day; then the member signs in again (docs/decisions/dashboard-team.md). */
const DASHBOARD_SESSION_TTL_MS = 8 * 3600_000;

export type Container = ReturnType<typeof buildContainer>;
export type Decisions = Container['decisions'];
export type Webhooks = Container['webhooks'];

/**
 * Outbound webhooks (docs/webhooks.md): endpoint management, and a factory for dispatchers. start.ts
 * starts the process's own dispatcher; tests may create more (each an independent claimer, as
 * separate processes would be).
 */
function buildWebhooks(d: { config: Config; database: Database; cipher: DataCipher; clock: Clock; log: Logger; outboxSignal: OutboxSignal }) {
  const settings = webhookSettings(d.config);
  const resolve = systemResolver;
  const endpoints = new EndpointRepository(d.database.db);
  const deliveries = new DeliveryRepository(d.database.db);
  const secrets = new SecretBox(d.cipher);
  let dispatcher: WebhookDispatcher | null = null;

  const createDispatcher = (overrides: { clock?: Clock; database?: Database } = {}): WebhookDispatcher => {
    const database = overrides.database ?? d.database;
    const clock = overrides.clock ?? d.clock;
    const ep = overrides.database ? new EndpointRepository(database.db) : endpoints;
    const dl = overrides.database ? new DeliveryRepository(database.db) : deliveries;
    const client = new DeliveryClient({
      timeoutMs: settings.timeoutMs,
      maxResponseBytes: settings.maxResponseBytes,
      userAgent: settings.userAgent,
      maxSockets: settings.concurrency,
      targets: targetPolicy(settings.production, resolve),
    });
    return new WebhookDispatcher({
      fanout: new Fanout({ database, endpoints: ep, deliveries: dl, clock, batchSize: FANOUT_BATCH }),
      deliveries: dl,
      endpoints: ep,
      client,
      secrets,
      clock,
      log: d.log,
      settings,
      outboxSignal: d.outboxSignal,
      recorder: new OutcomeRecorder({
        database,
        endpoints: ep,
        deliveries: dl,
        clock,
        log: d.log,
        retryScheduleMs: settings.retryScheduleMs,
        random: Math.random,
      }),
    });
  };

  const service = new WebhookEndpointService({
    endpoints,
    deliveries,
    secrets,
    clock: d.clock,
    resolve,
    production: settings.production,
    brand: settings.brand,
    // Late-bound on purpose: the process's dispatcher is created only when start.ts asks for it,
    // with a database pool of its own; until then there is none to wake.
    onQueued: () => dispatcher?.wake(),
  });

  return {
    settings,
    service,
    createDispatcher,
    /**
     * The process's own dispatcher (start.ts); created on first use. start.ts gives it its own
     * small database pool in Postgres mode, so a burst of requests holding the request pool never
     * queues the deliveries behind them.
     */
    dispatcher(overrides: { database?: Database } = {}): WebhookDispatcher {
      dispatcher ??= createDispatcher(overrides);
      return dispatcher;
    },
  };
}
