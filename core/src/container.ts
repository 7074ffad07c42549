import { sql } from 'drizzle-orm';
import type { Config, KeyValueStore, Logger } from '@idgate/protos';
import type { Database } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { DataCipher } from './lib/cipher.ts';
import { DEFAULT_DEVICE_POLICY, type DevicePolicy } from './widget/device-verdict.ts';
import { TenancyRepository } from './tenancy/tenancy.repository.ts';
import { SessionRepository } from './sessions/session.repository.ts';
import { rawStatements } from './db/raw-statements.ts';
import { BillingRepository } from './billing/billing.repository.ts';
import { OutboxRepository } from './sessions/outbox.repository.ts';
import { OutboxSignal } from './lib/outbox-signal.ts';
import { TenancyService } from './tenancy/tenancy.service.ts';
import { BillingService } from './billing/billing.service.ts';
import { SessionLifecycle } from './sessions/session-lifecycle.ts';
import { VerificationService } from './sessions/verification.service.ts';
import { WidgetService } from './widget/widget.service.ts';
import { HandoffRepository } from './widget/handoff.repository.ts';
import { DeviceVerdictService } from './widget/device-verdict.service.ts';
import { AdminService } from './tenancy/admin.service.ts';
import { buildWebhooks } from './webhooks/index.ts';
import { FrameCheckService } from './widget/frame-check.service.ts';
import type { InferenceScheduler } from './scheduler/index.ts';
import type { ScreeningEngine } from './screening/index.ts';
import { ScreeningAdminService } from './screening/screening-admin.service.ts';
import { buildDecisions } from './services/decisions.wiring.ts';
import { BackgroundTasks } from './lib/background-tasks.ts';
import { NO_FACE_MATCH, type FaceMatchPolicy } from './faces/face-match.ts';
import { FaceRepository } from './faces/face.repository.ts';
import { FaceSampler } from './faces/face-sample.ts';
import { BlacklistService } from './faces/blacklist.service.ts';
import type { FaceBlacklist } from './widget/frame-check.service.ts';
import { FaceTwoFactorService } from './faces/face-2fa.service.ts';

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
}

/** The composition root of core: plain constructors, no DI framework (STYLE 6.8). */
export function buildContainer(d: ContainerDeps) {
  const clock = d.clock ?? systemClock;
  const cipher = DataCipher.fromSpecs(d.dataKeys);
  const db = d.database.db;
  const tenancyRepo = new TenancyRepository(db);
  const sessions = new SessionRepository(db, rawStatements(d.database));
  const billingRepo = new BillingRepository(db);
  const outbox = new OutboxRepository();
  const tenancy = new TenancyService({ database: d.database, tenancy: tenancyRepo, clock, defaultApiVersion: d.config.apiVersion });
  const billing = new BillingService({ billing: billingRepo, clock });
  const decisionRepos = buildDecisions.repositories(db);
  const outboxSignal = new OutboxSignal();
  const lifecycle = new SessionLifecycle({ database: d.database, sessions, outbox, tenancy: tenancyRepo, billing, cipher, clock, riskBands: decisionRepos.decisions, outboxSignal });
  const policy = d.devicePolicy ?? { ...DEFAULT_DEVICE_POLICY, requiredModelHashes: [] };
  const requiredModelHashes = policy.requiredModelHashes;
  const deviceVerdicts = new DeviceVerdictService({ sessions, lifecycle, clock, policy });
  const verificationSettings = {
    widgetUrl: d.config.widgetUrl,
    sessionTtlMs: d.config.sessionTtlSeconds * 1000,
    initTokenTtlMs: d.config.initTokenTtlSeconds * 1000,
    resultTokenTtlMs: d.config.resultTokenTtlSeconds * 1000,
  };
  // The blacklist reads the sessions' selfies (built with the decisions) and the decisions' face
  // checks search the blacklist: late-bound through this one method.
  const faceBlacklist: FaceBlacklist = { isListed: (projectId, face) => faces.blacklist.isListed(projectId, face) };
  const decisions = buildDecisions({ repos: decisionRepos, sessions, tenancyRepo, tenancy, lifecycle, cipher, clock, inference: d.inference, settings: verificationSettings, maxImageBytes: d.config.inferenceMaxImageBytes, screening: d.screening, blacklist: faceBlacklist });
  const faces = buildFaceServices({ d, clock, cipher, tenancy, tenancyRepo, billing, sessions, secrets: decisions.secrets });
  const frameChecks = new FrameCheckService({ lifecycle, inference: d.inference, maxFrames: 8, maxFrameBytes: d.config.inferenceMaxImageBytes, secrets: decisions.secrets, agePolicy: policy.agePolicy, blacklist: faceBlacklist });
  const verification = new VerificationService({
    database: d.database, sessions, tenancy: tenancyRepo, tenancyService: tenancy, billing, lifecycle, cipher, clock,
    secrets: decisions.secrets, retakes: decisions.retakes,
    settings: {
      widgetUrl: d.config.widgetUrl,
      allowHttpLocalhost: d.config.nodeEnv !== 'production',
      sessionTtlMs: d.config.sessionTtlSeconds * 1000,
      initTokenTtlMs: d.config.initTokenTtlSeconds * 1000,
      resultTokenTtlMs: d.config.resultTokenTtlSeconds * 1000,
    },
  });
  const widget = new WidgetService({
    sessions, lifecycle, deviceVerdicts, frameChecks, clock, requiredModelHashes,
    settings: { deviceNonceTtlMs: d.config.deviceNonceTtlSeconds * 1000, documentPathAvailable: true },
    lookupCountry: d.lookupCountry ?? (() => null),
    documentPath: decisions.documentPath, rules: decisions.rules, retakes: decisions.retakes,
    handoffs: new HandoffRepository(db),
  });
  const admin = new AdminService({ tenancy: tenancyRepo, tenancyService: tenancy, billing });
  const webhooks = buildWebhooks({ config: d.config, database: d.database, cipher, clock, log: d.log, outboxSignal });
  return {
    clock, cipher, database: d.database, kv: d.kv, log: d.log,
    repositories: { tenancy: tenancyRepo, sessions, billing: billingRepo, outbox },
    tenancy, billing, lifecycle, verification, widget, admin, webhooks, inference: d.inference, decisions, faces, screening: d.screening, screeningAdmin: new ScreeningAdminService(d.screening),
    async readiness() {
      let database: boolean;
      try {
        await db.execute(sql`select 1`);
        database = true;
      } catch {
        database = false;
      }
      const inference = d.inference ? d.inference.ready() : true;
      const detail = !database ? 'database unreachable' : !inference ? 'no inference node ready' : 'ok';
      return { ready: database && inference, database, inference, detail };
    },
  };
}

export type Container = ReturnType<typeof buildContainer>;

/** At most this many asynchronous face jobs (Face 2FA, blacklist images) run at once per core process. */
const FACE_TASK_LIMIT = 32;

/** Face 2FA and the blacklist (spec §4.1): one repository, one background-task limit, one matcher policy. */
function buildFaceServices(x: {
  d: ContainerDeps; clock: Clock; cipher: DataCipher; tenancy: TenancyService; tenancyRepo: TenancyRepository; billing: BillingService; sessions: SessionRepository;
  secrets: ReturnType<typeof buildDecisions>['secrets'];
}) {
  const repo = new FaceRepository(x.d.database.db);
  const tasks = new BackgroundTasks({ limit: FACE_TASK_LIMIT, log: x.d.log });
  const sampler = new FaceSampler({ inference: x.d.inference, maxImageBytes: x.d.config.inferenceMaxImageBytes });
  const policy = x.d.faceMatchPolicy ?? NO_FACE_MATCH;
  const blacklist = new BlacklistService({ faces: repo, sessions: x.sessions, projects: x.tenancyRepo, secrets: x.secrets, tenancy: x.tenancy, sampler, tasks, cipher: x.cipher, clock: x.clock, policy });
  const twoFactor = new FaceTwoFactorService({ db: x.d.database.db, faces: repo, tenancy: x.tenancy, billing: x.billing, blacklist, sampler, tasks, cipher: x.cipher, clock: x.clock, policy });
  return { repository: repo, tasks, blacklist, twoFactor };
}
