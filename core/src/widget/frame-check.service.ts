import { appError, sessionAgeVerdict, type AgeGatePolicy, type CallContext } from '@idgate/protos';
import { pathAOutcome } from './path-a-outcome.ts';
import type { SessionRow } from '../sessions/session.repository.ts';
import type { InferenceCalls } from '../scheduler/index.ts';
import type { SessionLifecycle } from '../sessions/session-lifecycle.service.ts';
import { notWaiting, type SessionStatus } from '../sessions/session-state.ts';
import { embeddingFrom, type FaceEmbedding } from '../lib/embedding-codec.ts';
import type { SessionSecretsService } from '../sessions/session-secrets.service.ts';
import { answerOrRefusal, failedCapture, isCaptureLivenessFailure, refusedFaceFinal } from './capture-retakes.ts';

/** What a face check asks of the blacklist (BlacklistService). */
export interface FaceBlacklist {
  isListed(projectId: string, face: FaceEmbedding): Promise<boolean>;
}

// Deps are typed by the members used (Pick, InferenceCalls), so a unit spec can pass plain fakes.
interface Deps {
  lifecycle: Pick<SessionLifecycle, 'change'>;
  /** Absent when no inference node is configured. */
  inference?: InferenceCalls;
  maxFrames: number;
  maxFrameBytes: number;
  /** Keeps the selfie embedding when auto mode escalates, so the document path skips its liveness step. */
  secrets?: Pick<SessionSecretsService, 'storeSelfie'>;
  /** The active age model's gate policy (the models manifest): the same one device evidence is judged by. */
  agePolicy: AgeGatePolicy;
  /** The tenant account's face blacklist (spec §1: a listed face fails any later verification). */
  blacklist?: FaceBlacklist;
}

/**
 * Path A's checks on the server, for clients that cannot run the models on the device: the
 * frames go to an inference node (liveness + age + quality in one job) and are dropped with
 * the request; nothing of them is stored. A burst with no usable face (the detector's FACE_*
 * refusals) or a not-live verdict on unusable frames is the user's to retake, up to the face
 * capture limit (capture-retakes.ts), not a decision.
 */
export class FrameCheckService {
  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }

  async submit(row: SessionRow, frames: Uint8Array[], ctx: CallContext): Promise<SessionRow> {
    if (row.status !== 'in_progress' || row.step !== 'face_capture')
      throw notWaiting(row.status as SessionStatus, 'This session is not waiting for face frames.');
    if (frames.length < 1 || frames.length > this.deps.maxFrames) throw appError('REQUEST_INVALID', { message: `Send 1 to ${this.deps.maxFrames} frames.` });
    if (frames.some((f) => f.length === 0)) throw appError('IMAGE_EMPTY');
    if (frames.some((f) => f.length > this.deps.maxFrameBytes)) throw appError('IMAGE_TOO_LARGE');
    if (!this.deps.inference) throw appError('FEATURE_NOT_AVAILABLE', { message: 'Server-side face checks need an inference node (INFERENCE_NODES).' });
    const checked = await answerOrRefusal(this.deps.inference.call('checkFace', { frames }, { deadline: ctx.deadline, requestId: ctx.requestId }));
    if ('refused' in checked) return this.refused(row, checked.refused);
    const res = checked.answer;
    const live = res.liveness?.live ?? false;
    // The node's fused estimate and range over the burst, judged for THIS min_age: its
    // per-threshold verdicts only cover the classifier gates, not a min_age such as 99.
    const range = res.age ? { estimate: res.age.estimatedAge ?? Number.NaN, low: res.age.low ?? Number.NaN, high: res.age.high ?? Number.NaN } : undefined;
    const verdict = range ? sessionAgeVerdict(range, row.minAge, this.deps.agePolicy) : 'undecided';
    const embedding = embeddingFrom(res.embedding?.embedding);
    const listed = live && embedding !== null && this.deps.blacklist ? await this.deps.blacklist.isListed(row.projectId, embedding) : false;
    return this.deps.lifecycle.change(row.id, async (current, tx) => {
      if (current.status !== 'in_progress' || current.step !== 'face_capture')
        throw notWaiting(current.status as SessionStatus, 'This session was decided meanwhile.');
      const outcome = pathAOutcome(current, live, verdict);
      // A live face the server saw is this session's selfie (sealed, 24 h): the document path's
      // face match uses it when auto mode escalates, and the tenant may blacklist the session.
      if (live && embedding && this.deps.secrets) await this.deps.secrets.storeSelfie(current.id, embedding, tx);
      // A face on the tenant's blacklist fails in every mode: never escalated to a document.
      if (listed)
        return { to: 'failed', bill: 'check', patch: { checks: outcome.patch.checks, step: 'done', deviceNonceHash: null, reason: 'blacklist_match' } };
      // Escalated with a live face seen by the server: the user goes straight to the document capture.
      if (!outcome.to && live && embedding && this.deps.secrets) return { ...outcome, patch: { ...outcome.patch, step: 'document_required' } };
      // Facial mode's not-live end, when judged on unusable frames, is a retake first (auto mode escalates as before).
      if (!live && outcome.to === 'failed' && isCaptureLivenessFailure(res.liveness?.frames))
        return failedCapture(current, 'face', 'liveness_failed', () => outcome);
      return outcome;
    });
  }

  /** The detector refused the burst: a retake, or at the limit a failure that is not billed. */
  private refused(row: SessionRow, reason: string): Promise<SessionRow> {
    return this.deps.lifecycle.change(row.id, async (current) => {
      if (current.status !== 'in_progress' || current.step !== 'face_capture')
        throw notWaiting(current.status as SessionStatus, 'This session was decided meanwhile.');
      return failedCapture(current, 'face', reason, () => {
        const final = refusedFaceFinal(current);
        return { ...final, patch: { ...final.patch, deviceNonceHash: null } };
      });
    });
  }
}
