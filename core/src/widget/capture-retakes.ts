import { isAppError } from '@idgate/protos';
import type { Checks } from '../sessions/result-record.ts';
import type { TransitionRequest } from '../sessions/session-lifecycle.service.ts';

/**
 * Retakes of a refused capture within one session (docs/decisions/capture-retakes.md). A capture
 * that failed for a reason the user can fix (a blurred or glared document, no face or several
 * faces in view, a face the detector could not use, a liveness burst made of unusable frames)
 * keeps the session at the same step, up to a limit per kind of capture; the capture that reaches
 * the limit ends the session with its reason, as a single failure did before. Decided outcomes
 * (under age, face mismatch, an expired document, blacklist, data mismatch, screening) are never
 * retakes.
 *
 * The counters live in the session row's `checks` jsonb under `capture_attempts`: durable, written
 * under the row lock of SessionLifecycle.change (two racing uploads count two attempts, in turn),
 * and left out of the result record (result-record.ts picks the checks it serialises).
 */
export type CaptureKind = 'document' | 'face';

/** A side of a two-sided document (ID card, licence). */
export type DocumentSide = 'front' | 'back';

/** Captures allowed per session, the failing last one included (docs/widget.md "Retakes"). */
export const CAPTURE_ATTEMPT_LIMITS: Readonly<Record<CaptureKind, number>> = { document: 3, face: 3 };

/** What `checks.capture_attempts` holds: failed captures per kind, and the last retake offered. */
export interface CaptureAttempts {
  document: number;
  face: number;
  /** The retake the session waits for: shown to the widget while the session is still at `step`. */
  last?: { step: string; reason: string; side?: DocumentSide };
}

/** Document outcomes that are the capture's fault, not a decision about the document (both unbilled). */
const DOCUMENT_RETAKE_REASONS: ReadonlySet<string> = new Set(['document_unreadable', 'dob_unreadable']);

/** The retake reason of a two-sided document sent with one side only (the state says which side). */
export const DOCUMENT_SIDE_MISSING = 'document_side_missing';

/** The detector's refusals of a face burst, as retake reasons (the codes of protos/src/errors/codes/inference.ts). */
const FACE_REFUSALS: Readonly<Record<string, string>> = {
  FACE_NOT_FOUND: 'face_not_found',
  FACE_MULTIPLE: 'face_multiple',
  FACE_QUALITY_LOW: 'face_quality_low',
};

export function isDocumentRetakeReason(reason: string | null): reason is string {
  return reason !== null && DOCUMENT_RETAKE_REASONS.has(reason);
}

/** The retake reason of an error the face check threw, or null when the error is not the capture's fault. */
export function faceRefusalReason(err: unknown): string | null {
  return isAppError(err) && Object.hasOwn(FACE_REFUSALS, err.code) ? FACE_REFUSALS[err.code] : null;
}

/** A face check's answer, or the retake reason when the detector refused the burst; any other error is thrown on. */
export async function answerOrRefusal<T>(call: Promise<T>): Promise<{ answer: T } | { refused: string }> {
  try {
    return { answer: await call };
  } catch (err) {
    const refused = faceRefusalReason(err);
    if (refused === null) throw err;
    return { refused };
  }
}

/** The per-frame view of a liveness answer (protos/inference.proto FrameLiveness). */
export interface LivenessFrameView {
  score?: number | null;
  reasons?: string[] | null;
}

/**
 * A liveness failure is the capture's fault when the burst it was judged on was a poor one: some
 * frame was skipped as unusable (blur, size, pose). A not-live verdict on a burst of good frames is
 * a decision (a retry would only give a spoof more tries), and so is one without per-frame detail.
 */
export function isCaptureLivenessFailure(frames: readonly LivenessFrameView[] | null | undefined): boolean {
  return (frames ?? []).some((f) => (f.reasons?.length ?? 0) > 0 || f.score === undefined || f.score === null);
}

export function attemptsOf(checks: unknown): CaptureAttempts {
  const stored = (checks as { capture_attempts?: Partial<CaptureAttempts> } | null)?.capture_attempts;
  return { document: count(stored?.document), face: count(stored?.face), ...(stored?.last ? { last: stored.last } : {}) };
}

function count(n: unknown): number {
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : 0;
}

/**
 * One failed capture of `kind` on the locked row. While attempts remain: a change of checks only
 * (status and step unchanged, nothing billed, nothing else recorded) that offers a retake. At the
 * limit: `final()` (the outcome a single failure had before), its checks carrying the count.
 * `final` runs only then, so a retake leaves no decision behind (risk band, document reuse).
 */
export async function failedCapture(
  row: { checks: unknown; step: string },
  kind: CaptureKind,
  reason: string,
  final: () => TransitionRequest | Promise<TransitionRequest>,
  side?: DocumentSide,
): Promise<TransitionRequest> {
  const before = attemptsOf(row.checks);
  const used = before[kind] + 1;
  if (used < CAPTURE_ATTEMPT_LIMITS[kind]) {
    const attempts: CaptureAttempts = {
      document: before.document,
      face: before.face,
      [kind]: used,
      last: { step: row.step, reason, ...(side ? { side } : {}) },
    };
    return { patch: { checks: { ...(row.checks as Record<string, unknown>), capture_attempts: attempts } } };
  }
  const decided = await final();
  const attempts: CaptureAttempts = { document: before.document, face: before.face, [kind]: used };
  const checks = (decided.patch?.checks ?? row.checks) as Record<string, unknown>;
  return { ...decided, patch: { ...decided.patch, checks: { ...checks, capture_attempts: attempts } } };
}

/**
 * The end of a session whose face the detector refused at every try: failed `liveness_failed`, not
 * billed (no face was ever judged: attempts, not a decision; spec §7). In auto mode too: the
 * document path would need the same face.
 */
export function refusedFaceFinal(row: { checks: unknown }): TransitionRequest & { to: 'failed' } {
  const checks: Checks = { ...(row.checks as Checks), liveness: { performed: true, passed: false } };
  return { to: 'failed', patch: { checks, step: 'done', reason: 'liveness_failed' } };
}

/** The step's kind of capture: the document photo, or a face burst (path A frames, the document path's liveness). */
function kindOfStep(step: string): CaptureKind | null {
  if (step === 'document_required') return 'document';
  if (step === 'face_capture' || step === 'liveness_required') return 'face';
  return null;
}

/** The widget state's retake fields: set while an in-progress session waits at the step a retake was offered for. */
export function retakeState(row: { status: string; step: string; checks: unknown }): {
  retakeReason?: string;
  retakeAttemptsLeft?: number;
  documentSideMissing?: DocumentSide;
} {
  const attempts = attemptsOf(row.checks);
  const kind = kindOfStep(row.step);
  if (row.status !== 'in_progress' || !kind || attempts.last?.step !== row.step) return {};
  const side = attempts.last.side === 'front' || attempts.last.side === 'back' ? attempts.last.side : undefined;
  return {
    retakeReason: attempts.last.reason,
    retakeAttemptsLeft: Math.max(0, CAPTURE_ATTEMPT_LIMITS[kind] - attempts[kind]),
    ...(side ? { documentSideMissing: side } : {}),
  };
}

/** Checks without the counters: for views of `checks` other than the result record (the review). */
export function withoutCaptureAttempts(checks: unknown): unknown {
  if (!checks || typeof checks !== 'object') return checks;
  const { capture_attempts: _, ...rest } = checks as Record<string, unknown>;
  return rest;
}
