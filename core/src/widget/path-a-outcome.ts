import type { Checks } from '../sessions/result-record.ts';
import type { AgeVerdict } from '@idgate/protos';
import type { NewSession } from '../sessions/session.repository.ts';

export interface PathAOutcome {
  to?: 'success' | 'failed';
  bill?: 'check';
  patch: Partial<NewSession>;
}

/**
 * The decision of path A from a liveness result and an age verdict, wherever they were computed
 * (on the device, checked by the server; or by the server on frames it received):
 * - live and pass → success (one billed Check);
 * - facial mode never escalates: not live → failed `liveness_failed`; age fail → failed
 *   `age_below_threshold`; undecided → failed `age_estimation_inconclusive` (billed);
 * - auto mode: any fail or undecided → the document path (B) at its liveness step, status stays
 *   in_progress and nothing is billed yet (the document decision will be).
 */
export function pathAOutcome(s: { checks: unknown; verificationMode: string }, liveness: boolean, age: AgeVerdict): PathAOutcome {
  const base = s.checks as Checks;
  const checks: Checks = {
    ...base,
    liveness: { performed: true, passed: liveness },
    age: { ...base.age, performed: liveness, passed: liveness && age === 'pass' },
  };
  const done = { checks, step: 'done', deviceNonceHash: null };
  if (liveness && age === 'pass') return { to: 'success', bill: 'check', patch: done };
  if (s.verificationMode === 'facial') {
    const reason = !liveness ? 'liveness_failed' : age === 'fail' ? 'age_below_threshold' : 'age_estimation_inconclusive';
    return { to: 'failed', bill: 'check', patch: { ...done, reason } };
  }
  // The document path starts with its own liveness frame: the face match needs a selfie
  // embedding the server computed (an on-device check never sends one).
  return { patch: { checks, step: 'liveness_required', path: 'B', pathRule: 'on_device_failed', verificationType: 'full', deviceNonceHash: null } };
}
