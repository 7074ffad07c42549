import { appError } from '@idgate/protos';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { DataCipher } from '../lib/cipher.ts';
import { hashToken, newId, newToken } from '../lib/tokens.ts';
import { initialChecks } from '../sessions/result-record.ts';
import type { ReviewRepository, ReviewRow } from '../review/review.repository.ts';
import type { NewSession, SessionRepository, SessionRow } from '../sessions/session.repository.ts';
import type { SessionLifecycle } from '../sessions/session-lifecycle.service.ts';
import type { SessionSecretsService } from '../sessions/session-secrets.service.ts';

export interface RetakeSettings {
  widgetUrl: string;
  sessionTtlMs: number;
  initTokenTtlMs: number;
  resultTokenTtlMs: number;
}

interface Deps {
  reviews: ReviewRepository;
  sessions: SessionRepository;
  lifecycle: SessionLifecycle;
  secrets: SessionSecretsService;
  cipher: DataCipher;
  clock: Clock;
  settings: RetakeSettings;
}

/** Longest chain followed from an original token (a loop would be a bug; this bounds it). */
const MAX_CHAIN = 20;

/**
 * Retakes (spec §3 awaiting_retake / retaken): a reviewer's retake request parks the original in
 * awaiting_retake and creates a new session linked to it, with the same settings and the same
 * data-match claims (their 24-hour purge time unchanged). When the user starts the new session
 * the original becomes `retaken`; its result token then resolves to the newest attempt.
 */
export class RetakeService {
  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }

  async create(review: ReviewRow, note: string | null, keyId: string | null): Promise<{ initToken: string; verifyUrl: string; expiresAt: string }> {
    const initToken = newToken('xit_');
    const now = this.deps.clock.now();
    const initExpires = new Date(now.getTime() + this.deps.settings.initTokenTtlMs);
    await this.deps.lifecycle.change(review.sessionId, async (original, tx) => {
      const current = await this.deps.reviews.find(review.id, review.projectId, tx);
      if (current?.status !== 'open' || original.status !== 'pending_tenant_review')
        throw appError('SESSION_STATE_CONFLICT', { message: 'This review was already decided.' });
      const retakeId = await this.insertLinkedSession(tx, original, initToken, initExpires);
      await this.deps.reviews.update(review.id, { status: 'retake_requested', note, decidedAt: now, decidedByKeyId: keyId, retakeSessionId: retakeId }, tx);
      // The original waits for the retake as long as the new init token lives, then expires.
      return { to: 'awaiting_retake', patch: { expiresAt: initExpires } };
    });
    return { initToken, verifyUrl: `${this.deps.settings.widgetUrl}?t=${initToken}`, expiresAt: initExpires.toISOString() };
  }

  private async insertLinkedSession(tx: Db, o: SessionRow, initToken: string, initExpires: Date): Promise<string> {
    const now = this.deps.clock.now();
    const id = newId('ses_');
    const resultToken = newToken('xtk_');
    const row: NewSession = {
      id,
      projectId: o.projectId,
      status: 'pending',
      step: 'start',
      purpose: o.purpose,
      verificationMode: o.verificationMode,
      minAge: o.minAge,
      mismatchPolicy: o.mismatchPolicy,
      callbackUrl: o.callbackUrl,
      externalUserId: o.externalUserId,
      theme: o.theme,
      locale: o.locale,
      initTokenHash: hashToken(initToken),
      initTokenExpiresAt: initExpires,
      resultTokenHash: hashToken(resultToken),
      resultTokenSealed: this.deps.cipher.encrypt(resultToken, id),
      resultExpiresAt: new Date(now.getTime() + this.deps.settings.resultTokenTtlMs),
      checks: initialChecks(o.minAge),
      expiresAt: new Date(now.getTime() + this.deps.settings.sessionTtlMs),
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.sessions.insert(row, tx);
    const claims = await this.deps.secrets.claimsOf(o.id, tx);
    if (claims) await this.deps.secrets.sealClaims(id, claims.claims, tx, claims.purgeAt);
    return id;
  }

  /** Called once a session started: if it is a retake, its original becomes `retaken`. */
  async onStarted(sessionId: string): Promise<void> {
    const link = await this.deps.reviews.findByRetakeSession(sessionId);
    if (!link) return;
    await this.deps.lifecycle.change(link.sessionId, async (original) =>
      original.status === 'awaiting_retake' ? { to: 'retaken', patch: { step: 'done' } } : null,
    );
  }

  /** The newest session of a retake chain that starts at `row` (row itself when none). */
  async current(row: SessionRow): Promise<SessionRow> {
    let at = row;
    for (let i = 0; i < MAX_CHAIN && at.status === 'retaken'; i++) {
      const review = await this.deps.reviews.findBySession(at.id);
      const next = review?.retakeSessionId ? await this.deps.sessions.findById(review.retakeSessionId) : undefined;
      if (!next) break;
      at = await this.deps.lifecycle.refresh(next);
    }
    return at;
  }
}
