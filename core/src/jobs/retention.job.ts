import type { Clock } from '../lib/clock.ts';
import type { DocumentFingerprintRepository } from '../documents/document-fingerprint.repository.ts';
import type { FaceRepository } from '../faces/face.repository.ts';
import type { SessionDecisionsRepository } from '../sessions/session-decisions.repository.ts';
import type { SessionSecretsRepository } from '../sessions/session-secrets.repository.ts';
import { REUSE_WINDOW_MS } from '../documents/document-reuse.service.ts';

export interface RetentionDeps {
  secrets: SessionSecretsRepository;
  decisions: SessionDecisionsRepository;
  fingerprints: DocumentFingerprintRepository;
  faces: FaceRepository;
  clock: Clock;
}

/** Face 2FA challenges (their pass/fail) are readable for 24 hours. */
export const FACE_CHALLENGE_RETENTION_MS = 24 * 60 * 60 * 1000;
/** A face job runs under a 30 s deadline: one still processing after this lost its process. */
export const FACE_JOB_STALE_MS = 2 * 60 * 1000;

/**
 * Deletes what the service may keep only for a while (spec §8, docs/decisions/retention.md): data-match
 * claims and selfie embeddings after 24 hours, unclaimed service-ID brackets after their claim
 * window, document-number fingerprints after the reuse window, Face 2FA challenges after 24 hours.
 * Reads also ignore anything past its time, so a late sweep never lets expired data be used. Face
 * jobs whose process died (a restart) are ended with FACE_CHECK_INTERRUPTED, so no challenge or
 * blacklist entry stays `processing` for ever.
 */
export async function purgeRetainedData(
  d: RetentionDeps,
): Promise<{ secrets: number; brackets: number; fingerprints: number; faceChallenges: number; interrupted: number }> {
  const now = d.clock.now();
  return {
    secrets: await d.secrets.purgeDue(now),
    brackets: await d.decisions.purgeBrackets(now),
    fingerprints: await d.fingerprints.purgeOlderThan(new Date(now.getTime() - REUSE_WINDOW_MS)),
    faceChallenges: await d.faces.purgeChallenges(new Date(now.getTime() - FACE_CHALLENGE_RETENTION_MS)),
    interrupted: await d.faces.interruptStale(new Date(now.getTime() - FACE_JOB_STALE_MS), now),
  };
}
