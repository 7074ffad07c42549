import { appError, type AppError } from '@idgate/protos';

/** Session statuses of spec §3, shared by the result and status endpoints and webhooks. */
export const SESSION_STATUSES = [
  'pending',
  'in_progress',
  'success',
  'failed',
  'canceled',
  'expired',
  'pending_tenant_review',
  'awaiting_retake',
  'retaken',
] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/**
 * Allowed transitions. The spec leaves transitions "not shown" beyond its linkages; these are
 * ours (docs/verify-api.md "Session state machine"):
 * - pending → in_progress when the widget starts; pending/in_progress → canceled | expired;
 * - in_progress → success | failed (a decision) | pending_tenant_review (aml_match, data_mismatch);
 * - pending_tenant_review → success (approve) | failed (reject) | awaiting_retake (retake asked);
 * - awaiting_retake → retaken when the linked new session starts; → expired if nobody retakes.
 * success, failed, canceled, expired and retaken are final: nothing leaves them.
 */
const TRANSITIONS: Record<SessionStatus, readonly SessionStatus[]> = {
  pending: ['in_progress', 'canceled', 'expired'],
  in_progress: ['success', 'failed', 'canceled', 'expired', 'pending_tenant_review'],
  pending_tenant_review: ['success', 'failed', 'awaiting_retake'],
  awaiting_retake: ['retaken', 'expired'],
  success: [],
  failed: [],
  canceled: [],
  expired: [],
  retaken: [],
};

export function canTransition(from: SessionStatus, to: SessionStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Throws SESSION_STATE_CONFLICT for a transition the machine does not allow. */
export function assertTransition(from: SessionStatus, to: SessionStatus): void {
  if (!canTransition(from, to)) {
    throw appError('SESSION_STATE_CONFLICT', { message: `A session in status ${from} cannot become ${to}.` });
  }
}

export function isFinal(status: SessionStatus): boolean {
  return TRANSITIONS[status].length === 0;
}

/**
 * The error for a step asked of a session that is no longer waiting for it: SESSION_EXPIRED when
 * its time to live ran out (a widget learns that its session is over, not that it sent the wrong
 * step), SESSION_STATE_CONFLICT with `message` otherwise.
 */
export function notWaiting(status: SessionStatus, message: string): AppError {
  return status === 'expired' ? appError('SESSION_EXPIRED') : appError('SESSION_STATE_CONFLICT', { message });
}

/**
 * What the tenant's cancel does to a session in `status` (docs/verify-api.md "Cancel a session"):
 * `cancel` for a session the user has not finished (pending, in_progress), `already_canceled` for a
 * canceled one (the cancel is idempotent, nothing changes). Any other final status is
 * SESSION_ALREADY_FINAL; a session in review or awaiting a retake is SESSION_STATE_CONFLICT, as
 * those end by the reviewer's decision or the retake.
 */
export function tenantCancel(status: SessionStatus): 'cancel' | 'already_canceled' {
  if (status === 'canceled') return 'already_canceled';
  if (canTransition(status, 'canceled')) return 'cancel';
  if (isFinal(status)) {
    throw appError('SESSION_ALREADY_FINAL', { message: `The session is already ${status}; it can no longer be canceled.`, details: { sessionStatus: status } });
  }
  const how = status === 'pending_tenant_review' ? 'approve or reject its review' : "cancel the retake's own session";
  throw appError('SESSION_STATE_CONFLICT', { message: `A session in status ${status} cannot be canceled: ${how}.`, details: { sessionStatus: status } });
}

/** Statuses a session leaves by itself when its time to live runs out. */
export function expiresByTtl(status: SessionStatus): boolean {
  return status === 'pending' || status === 'in_progress' || status === 'awaiting_retake';
}

/** The callback redirect reports only these (spec §2.3). */
export function callbackStatus(status: SessionStatus): 'success' | 'failed' | 'canceled' | null {
  return status === 'success' || status === 'failed' || status === 'canceled' ? status : null;
}

/** `verified` of the result record: derived server-side from status only (spec §1 step 4). */
export function isVerified(status: SessionStatus): boolean {
  return status === 'success';
}

/** Domain event a transition emits (spec §3 linkages); null when none. */
export function eventForTransition(from: SessionStatus, to: SessionStatus): string | null {
  if (to === 'pending_tenant_review') return 'review.created';
  if (from === 'pending_tenant_review' && to === 'success') return 'review.approved';
  if (from === 'pending_tenant_review' && to === 'failed') return 'review.rejected';
  if (to === 'success') return 'session.success';
  if (to === 'failed') return 'session.failed';
  if (to === 'canceled') return 'session.canceled';
  // session.expired is reserved: subscribable, never emitted (spec §6).
  return null;
}
