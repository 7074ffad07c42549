import { describe, expect, it } from 'vitest';
import {
  SESSION_STATUSES,
  assertTransition,
  callbackStatus,
  canTransition,
  eventForTransition,
  isFinal,
  isVerified,
  notWaiting,
  tenantCancel,
  type SessionStatus,
} from './session-state.ts';

const ALLOWED: [SessionStatus, SessionStatus][] = [
  ['pending', 'in_progress'],
  ['pending', 'canceled'],
  ['pending', 'expired'],
  ['in_progress', 'success'],
  ['in_progress', 'failed'],
  ['in_progress', 'canceled'],
  ['in_progress', 'expired'],
  ['in_progress', 'pending_tenant_review'],
  ['pending_tenant_review', 'success'],
  ['pending_tenant_review', 'failed'],
  ['pending_tenant_review', 'awaiting_retake'],
  ['awaiting_retake', 'retaken'],
  ['awaiting_retake', 'expired'],
];

describe('session state machine', () => {
  it('allows exactly the documented transitions and refuses every other pair', () => {
    for (const from of SESSION_STATUSES) {
      for (const to of SESSION_STATUSES) {
        const expected = ALLOWED.some(([f, t]) => f === from && t === to);
        expect(canTransition(from, to), `${from} -> ${to}`).toBe(expected);
        if (expected) expect(() => assertTransition(from, to)).not.toThrow();
        else expect(() => assertTransition(from, to)).toThrowError(expect.objectContaining({ code: 'SESSION_STATE_CONFLICT' }));
      }
    }
  });

  it('treats success, failed, canceled, expired and retaken as final', () => {
    expect(SESSION_STATUSES.filter(isFinal).sort()).toEqual(['canceled', 'expired', 'failed', 'retaken', 'success']);
  });

  it('reports only success, failed and canceled on the callback (spec §2.3)', () => {
    expect(SESSION_STATUSES.map(callbackStatus).filter(Boolean).sort()).toEqual(['canceled', 'failed', 'success']);
    expect(callbackStatus('expired')).toBeNull();
  });

  it('derives verified from status success only', () => {
    expect(SESSION_STATUSES.filter(isVerified)).toEqual(['success']);
  });

  it('emits the spec §3 events and never session.expired', () => {
    expect(eventForTransition('in_progress', 'success')).toBe('session.success');
    expect(eventForTransition('in_progress', 'failed')).toBe('session.failed');
    expect(eventForTransition('pending', 'canceled')).toBe('session.canceled');
    expect(eventForTransition('in_progress', 'pending_tenant_review')).toBe('review.created');
    expect(eventForTransition('pending_tenant_review', 'success')).toBe('review.approved');
    expect(eventForTransition('pending_tenant_review', 'failed')).toBe('review.rejected');
    expect(eventForTransition('in_progress', 'expired')).toBeNull();
    expect(eventForTransition('pending', 'in_progress')).toBeNull();
  });

  it('tenant cancel: pending and in_progress are canceled, canceled again is idempotent, other final statuses SESSION_ALREADY_FINAL, review and retake SESSION_STATE_CONFLICT', () => {
    const outcome = (s: SessionStatus) => {
      try {
        return tenantCancel(s);
      } catch (e) {
        return (e as { code: string }).code;
      }
    };
    expect(Object.fromEntries(SESSION_STATUSES.map((s) => [s, outcome(s)]))).toEqual({
      pending: 'cancel',
      in_progress: 'cancel',
      canceled: 'already_canceled',
      success: 'SESSION_ALREADY_FINAL',
      failed: 'SESSION_ALREADY_FINAL',
      expired: 'SESSION_ALREADY_FINAL',
      retaken: 'SESSION_ALREADY_FINAL',
      pending_tenant_review: 'SESSION_STATE_CONFLICT',
      awaiting_retake: 'SESSION_STATE_CONFLICT',
    });
  });

  it('a step asked of an expired session is SESSION_EXPIRED, of any other status SESSION_STATE_CONFLICT', () => {
    expect(notWaiting('expired', 'x').code).toBe('SESSION_EXPIRED');
    expect(notWaiting('success', 'not waiting').code).toBe('SESSION_STATE_CONFLICT');
    expect(notWaiting('success', 'not waiting').message).toBe('not waiting');
  });
});
