import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { DataCipher } from '../lib/cipher.ts';
import { StageTimings } from '../lib/stage-timings.ts';
import { DocumentFingerprintRepository } from '../documents/document-fingerprint.repository.ts';
import { ProjectRulesRepository } from '../rules/project-rules.repository.ts';
import { ReviewRepository } from '../review/review.repository.ts';
import { SessionDecisionsRepository } from '../sessions/session-decisions.repository.ts';
import { SessionSecretsRepository } from '../sessions/session-secrets.repository.ts';
import type { SessionRepository } from '../sessions/session.repository.ts';
import type { TenancyRepository } from '../tenancy/tenancy.repository.ts';
import type { InferenceScheduler } from '../scheduler/index.ts';
import { DocumentPathService } from '../documents/document-path.service.ts';
import { AmlScreeningService } from '../screening/aml-screening.service.ts';
import type { ScreeningEngine } from '../screening/index.ts';
import { DocumentReuseService } from '../documents/document-reuse.service.ts';
import { ProjectRulesService } from '../rules/project-rules.service.ts';
import { RetakeService, type RetakeSettings } from '../widget/retake.service.ts';
import { ReviewService } from '../review/review.service.ts';
import { ServiceIdService } from '../service-ids/service-id.service.ts';
import { SessionSecretsService } from '../sessions/session-secrets.service.ts';
import type { SessionLifecycle } from '../sessions/session-lifecycle.ts';
import type { TenancyService } from '../tenancy/tenancy.service.ts';
import type { FaceBlacklist } from '../widget/frame-check.service.ts';

export type DecisionRepositories = ReturnType<typeof repositories>;

function repositories(db: Db) {
  return {
    rules: new ProjectRulesRepository(db),
    secrets: new SessionSecretsRepository(db),
    decisions: new SessionDecisionsRepository(db),
    fingerprints: new DocumentFingerprintRepository(db),
    reviews: new ReviewRepository(db),
  };
}

interface Deps {
  repos: DecisionRepositories;
  sessions: SessionRepository;
  tenancyRepo: TenancyRepository;
  tenancy: TenancyService;
  lifecycle: SessionLifecycle;
  cipher: DataCipher;
  clock: Clock;
  inference?: InferenceScheduler;
  settings: RetakeSettings;
  maxImageBytes: number;
  /** The sanctions/PEP list, when SCREENING_SOURCE is configured. */
  screening?: ScreeningEngine;
  /** The face blacklist the document path's selfie is searched against. */
  blacklist?: FaceBlacklist;
}

/**
 * Composition of the decision services (docs/decisions/): rule engine settings, document path, review queue,
 * retakes, service-ID brackets and what the retention job purges. Called by the container.
 */
export function buildDecisions(d: Deps) {
  const { repos, clock, cipher, lifecycle, sessions } = d;
  const secrets = new SessionSecretsService({ secrets: repos.secrets, cipher, clock });
  const rules = new ProjectRulesService({ rules: repos.rules, tenancy: d.tenancy, clock });
  const retakes = new RetakeService({ reviews: repos.reviews, sessions, lifecycle, secrets, cipher, clock, settings: d.settings });
  const reviews = new ReviewService({ reviews: repos.reviews, sessions, decisions: repos.decisions, lifecycle, tenancy: d.tenancy, retakes, clock });
  const reuse = new DocumentReuseService({ fingerprints: repos.fingerprints, cipher, clock });
  const documentPath = new DocumentPathService({
    lifecycle, inference: d.inference, secrets, decisions: repos.decisions, reuse, reviews, tenancy: d.tenancyRepo, clock, aml: new AmlScreeningService(d.screening),
    timings: new StageTimings(), maxFrames: 8, maxImageBytes: d.maxImageBytes, blacklist: d.blacklist,
  });
  const serviceIds = new ServiceIdService({ sessions, decisions: repos.decisions, clock });
  return { repositories: repos, secrets, rules, retakes, reviews, documentPath, serviceIds };
}

buildDecisions.repositories = repositories;
