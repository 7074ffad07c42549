import { describe, expect, it } from 'vitest';
import { appError } from '@idgate/protos';
import {
  attemptsOf,
  CAPTURE_ATTEMPT_LIMITS,
  failedCapture,
  faceRefusalReason,
  isCaptureLivenessFailure,
  isDocumentRetakeReason,
  refusedFaceFinal,
  retakeState,
  withoutCaptureAttempts,
} from './capture-retakes.ts';
import { initialChecks } from '../sessions/result-record.ts';
import type { TransitionRequest } from '../sessions/session-lifecycle.service.ts';

const FINAL: TransitionRequest = { to: 'failed', patch: { step: 'done', reason: 'document_unreadable' } };

/** Applies a transition's patch the way SessionLifecycle does (status and patch on the row). */
function applied(row: { status: string; step: string; checks: unknown }, t: TransitionRequest) {
  return { ...row, ...(t.patch as object), status: t.to ?? row.status } as { status: string; step: string; checks: unknown };
}

describe('capture retakes', () => {
  it('the limits are document 3 and face 3', () => {
    expect(CAPTURE_ATTEMPT_LIMITS).toEqual({ document: 3, face: 3 });
  });

  it('offers two retakes, then the third failure is the final outcome with the count in checks', async () => {
    let row = { status: 'in_progress', step: 'document_required', checks: initialChecks(18) as unknown };
    let finalCalls = 0;
    const final = () => {
      finalCalls++;
      return FINAL;
    };
    const first = await failedCapture(row, 'document', 'document_unreadable', final);
    expect(first.to).toBeUndefined();
    expect(first.bill).toBeUndefined();
    row = applied(row, first);
    expect(retakeState(row)).toEqual({ retakeReason: 'document_unreadable', retakeAttemptsLeft: 2 });
    row = applied(row, await failedCapture(row, 'document', 'dob_unreadable', final));
    expect(retakeState(row)).toEqual({ retakeReason: 'dob_unreadable', retakeAttemptsLeft: 1 });
    expect(finalCalls).toBe(0);
    const third = await failedCapture(row, 'document', 'document_unreadable', final);
    expect(finalCalls).toBe(1);
    expect(third).toMatchObject({ to: 'failed', patch: { step: 'done', reason: 'document_unreadable' } });
    row = applied(row, third);
    expect(attemptsOf(row.checks)).toEqual({ document: 3, face: 0 });
    expect(retakeState(row)).toEqual({});
  });

  it('keeps the final outcome’s own checks and billing, adding only the count', async () => {
    const checks = { ...initialChecks(18), capture_attempts: { document: 0, face: 2, last: { step: 'face_capture', reason: 'face_not_found' } } };
    const decided: TransitionRequest = { to: 'failed', bill: 'check', patch: { checks: { ...checks, liveness: { performed: true, passed: false } } } };
    const out = await failedCapture({ step: 'face_capture', checks }, 'face', 'liveness_failed', () => decided);
    expect(out.bill).toBe('check');
    expect(out.patch?.checks).toMatchObject({ liveness: { performed: true, passed: false }, capture_attempts: { document: 0, face: 3 } });
    expect((out.patch?.checks as { capture_attempts: object }).capture_attempts).not.toHaveProperty('last');
  });

  it('counts document and face captures apart', async () => {
    const row = { step: 'document_required', checks: { ...initialChecks(18), capture_attempts: { document: 0, face: 2 } } };
    const out = await failedCapture(row, 'document', 'document_unreadable', () => FINAL);
    expect(out.to).toBeUndefined();
    expect(attemptsOf(out.patch?.checks)).toMatchObject({ document: 1, face: 2 });
  });

  it('shows a retake only while the session is in progress at the step it was offered for', () => {
    const checks = { ...initialChecks(18), capture_attempts: { document: 0, face: 1, last: { step: 'liveness_required', reason: 'face_multiple' } } };
    expect(retakeState({ status: 'in_progress', step: 'liveness_required', checks })).toEqual({ retakeReason: 'face_multiple', retakeAttemptsLeft: 2 });
    expect(retakeState({ status: 'in_progress', step: 'document_required', checks })).toEqual({});
    expect(retakeState({ status: 'canceled', step: 'liveness_required', checks })).toEqual({});
    expect(retakeState({ status: 'in_progress', step: 'face_capture', checks: initialChecks(18) })).toEqual({});
  });

  it('reads missing or malformed counters as zero', () => {
    expect(attemptsOf(null)).toEqual({ document: 0, face: 0 });
    expect(attemptsOf({ capture_attempts: { document: 'x', face: -1 } })).toEqual({ document: 0, face: 0 });
  });

  it('retryable document reasons are the unreadable ones only', () => {
    for (const r of ['document_unreadable', 'dob_unreadable']) expect(isDocumentRetakeReason(r)).toBe(true);
    for (const r of ['face_mismatch', 'age_below_threshold', 'document_expired', 'data_mismatch', 'aml_match', 'blacklist_match', null])
      expect(isDocumentRetakeReason(r)).toBe(false);
  });

  it("the detector's refusals are retakes; other errors are not", () => {
    expect(faceRefusalReason(appError('FACE_NOT_FOUND'))).toBe('face_not_found');
    expect(faceRefusalReason(appError('FACE_MULTIPLE'))).toBe('face_multiple');
    expect(faceRefusalReason(appError('FACE_QUALITY_LOW'))).toBe('face_quality_low');
    for (const code of ['IMAGE_UNDECODABLE', 'IMAGE_EMPTY', 'INFERENCE_TIMEOUT', 'INFERENCE_WORKER_FAILED'] as const)
      expect(faceRefusalReason(appError(code))).toBeNull();
    expect(faceRefusalReason(new Error('boom'))).toBeNull();
  });

  it('a liveness failure is the capture’s fault only when a frame of the burst was unusable', () => {
    expect(isCaptureLivenessFailure([{ score: 0.2, reasons: [] }, { reasons: ['face_blurry'] }])).toBe(true);
    expect(isCaptureLivenessFailure([])).toBe(false);
    expect(isCaptureLivenessFailure(undefined)).toBe(false);
    expect(
      isCaptureLivenessFailure([
        { score: 0.2, reasons: [] },
        { score: 0.1, reasons: [] },
      ]),
    ).toBe(false);
  });

  it('the refused-face end is failed liveness_failed and not billed', () => {
    const end = refusedFaceFinal({ checks: initialChecks(18) });
    expect(end).toMatchObject({ to: 'failed', patch: { reason: 'liveness_failed', step: 'done', checks: { liveness: { performed: true, passed: false } } } });
    expect(end.bill).toBeUndefined();
  });

  it('strips the counters from checks shown elsewhere', () => {
    expect(withoutCaptureAttempts({ ...initialChecks(18), capture_attempts: { document: 1, face: 0 } })).toEqual(initialChecks(18));
  });

  it('a two-sided document sent with one side: the retake says which side, and the limit ends it as before', async () => {
    let row = { status: 'in_progress', step: 'document_required', checks: initialChecks(18) as unknown };
    row = applied(row, await failedCapture(row, 'document', 'document_side_missing', () => FINAL, 'front'));
    expect(retakeState(row)).toEqual({ retakeReason: 'document_side_missing', retakeAttemptsLeft: 2, documentSideMissing: 'front' });
    row = applied(row, await failedCapture(row, 'document', 'document_unreadable', () => FINAL));
    expect(retakeState(row)).toEqual({ retakeReason: 'document_unreadable', retakeAttemptsLeft: 1 });
    row = applied(row, await failedCapture(row, 'document', 'document_side_missing', () => FINAL, 'back'));
    expect(row).toMatchObject({ status: 'failed', reason: 'document_unreadable' });
    expect(retakeState(row)).toEqual({});
  });
});
