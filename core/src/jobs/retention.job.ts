import type { Clock } from '../lib/clock.ts';
import type { DocumentFingerprintRepository } from '../repositories/document-fingerprint.repository.ts';
import type { SessionDecisionsRepository } from '../repositories/session-decisions.repository.ts';
import type { SessionSecretsRepository } from '../repositories/session-secrets.repository.ts';
import { REUSE_WINDOW_MS } from '../services/document-reuse.service.ts';

export interface RetentionDeps {
  secrets: SessionSecretsRepository;
  decisions: SessionDecisionsRepository;
  fingerprints: DocumentFingerprintRepository;
  clock: Clock;
}

/**
 * Deletes what the service may keep only for a while (spec §8, README "Retention"): data-match
 * claims and selfie embeddings after 24 hours, unclaimed service-ID brackets after their claim
 * window, document-number fingerprints after the reuse window. Reads also ignore anything past
 * its time, so a late sweep never lets expired data be used.
 */
export async function purgeRetainedData(d: RetentionDeps): Promise<{ secrets: number; brackets: number; fingerprints: number }> {
  const now = d.clock.now();
  return {
    secrets: await d.secrets.purgeDue(now),
    brackets: await d.decisions.purgeBrackets(now),
    fingerprints: await d.fingerprints.purgeOlderThan(new Date(now.getTime() - REUSE_WINDOW_MS)),
  };
}
