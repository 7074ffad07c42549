import { appError, isProofMethod } from '@idgate/protos';
import type { Clock } from '../lib/clock.ts';
import type { Checks } from '../sessions/result-record.ts';
import { selectPath, type PathDecision, type VerificationPath } from '../sessions/path-selection.ts';
import type { Purpose, VerificationMode } from '../sessions/init-request.ts';
import type { NewSession, SessionRow } from '../sessions/session.repository.ts';
import type { SessionLifecycle, TransitionRequest } from '../sessions/session-lifecycle.service.ts';
import { notWaiting, type SessionStatus } from '../sessions/session-state.ts';
import { restrictedCountriesOf, tokenPolicyOf, type ProjectRules } from '../rules/rules.ts';
import { decideToken, type StepUpReason, type TokenProof } from '../service-ids/token-policy.ts';

interface Deps {
  lifecycle: SessionLifecycle;
  rules: { rulesFor(projectId: string): Promise<ProjectRules> };
  clock: Clock;
}

/** What the widget learns from a service-ID attempt: the session as it is now, and why it did not pass. */
export interface TokenPathOutcome {
  row: SessionRow;
  stepUp?: StepUpReason | 'declined';
}

/** The signed-in service ID's proofs as the gateway sends them, or the user's "another way". */
export interface ServiceIdResolution {
  proofs: { method: string; bracket: number; nextChangeAt: string | null; verifiedAt: string }[];
  declined: boolean;
}

/** The first step and verification type of each path the widget can step up to. */
export const FIRST_STEP: Record<VerificationPath, string> = {
  A: 'face_capture',
  B: 'liveness_required',
  C: 'liveness_required',
  D: 'service_id_required',
  E: 'wallet_required',
};
export const VERIFICATION_TYPE: Record<VerificationPath, string> = { A: 'age_estimation', B: 'full', C: 'full', D: 'token', E: 'wallet' };

/** Steps where a user may still pass with a service ID instead: nothing was decided or uploaded yet. */
const OPEN_STEPS = new Set(['service_id_required', 'face_capture', 'liveness_required']);

/**
 * Path D (spec §1; docs/decisions/service-ids.md): a returning user signs in with a passkey and the
 * session passes at once when the service ID's age proof meets the session's min_age and the
 * project's reuse policy (methods, age of the proof): verification_type `token`, billed as one
 * Check. Otherwise the user steps up: from the service-ID step to the path the rule engine picks
 * without a service ID (A, C, E; B after A as always), elsewhere the session stays where it was.
 * The gateway checked the passkey assertion (bound to this widget session, single use); core never
 * learns which account it was, and the account never learns which session.
 */
export class TokenPathService {
  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }

  async resolve(row: SessionRow, resolution: ServiceIdResolution): Promise<TokenPathOutcome> {
    const proofs = resolution.declined ? [] : parseProofs(resolution.proofs);
    const rules = await this.deps.rules.rulesFor(row.projectId);
    let stepUp: TokenPathOutcome['stepUp'];
    const decided = await this.deps.lifecycle.change(row.id, async (current) => {
      if (current.status !== 'in_progress' || !OPEN_STEPS.has(current.step))
        throw notWaiting(current.status as SessionStatus, 'This session is not waiting for a verification any more.');
      if (current.purpose !== 'age_verification' || current.verificationMode !== 'auto' || current.minAge === null)
        throw appError('SESSION_STATE_CONFLICT', { message: 'This session requires its own verification method; a service ID cannot pass it.' });
      const restricted = restrictedCountriesOf(rules);
      const verdict = resolution.declined
        ? ({ pass: false, reason: 'declined' } as const)
        : decideToken(proofs, {
            minAge: current.minAge,
            policy: tokenPolicyOf(rules),
            documentRequired: Boolean(current.ipCountry && restricted.countries.includes(current.ipCountry)),
            now: this.deps.clock.now(),
          });
      if (verdict.pass) return passed(current);
      stepUp = verdict.reason;
      return current.step === 'service_id_required' ? steppedUp(current, rules) : null;
    });
    return { row: decided, stepUp };
  }
}

function passed(row: SessionRow): TransitionRequest {
  const checks = row.checks as Checks;
  return {
    to: 'success',
    bill: 'check',
    patch: {
      step: 'done',
      path: 'D',
      // A user who chose the passkey on another path's first step, rather than being routed here.
      pathRule: row.path === 'D' ? row.pathRule : `service_id:chosen_on_${row.path ?? 'unknown'}`,
      verificationType: VERIFICATION_TYPE.D,
      checks: { ...checks, age: { ...checks.age, performed: true, passed: true } },
      deviceNonceHash: null,
    },
  };
}

/** The path the rule engine gives this session without a service ID, from its first step. */
function steppedUp(row: SessionRow, rules: ProjectRules): TransitionRequest {
  const decision: PathDecision = selectPath({
    purpose: row.purpose as Purpose,
    verificationMode: row.verificationMode as VerificationMode,
    walletAvailable: false,
    country: row.ipCountry,
    restricted: restrictedCountriesOf(rules),
  });
  const patch: Partial<NewSession> = {
    step: FIRST_STEP[decision.path],
    path: decision.path,
    pathRule: `${decision.rule} after service_id`,
    verificationType: VERIFICATION_TYPE[decision.path],
  };
  return { patch };
}

/** Proofs as typed values; anything malformed is the gateway's bug, refused whole. */
function parseProofs(raw: ServiceIdResolution['proofs']): TokenProof[] {
  return raw.map((p) => {
    const nextChangeAt = p.nextChangeAt ? new Date(p.nextChangeAt) : null;
    const verifiedAt = new Date(p.verifiedAt);
    if (
      !isProofMethod(p.method) ||
      !Number.isInteger(p.bracket) ||
      Number.isNaN(verifiedAt.getTime()) ||
      (nextChangeAt && Number.isNaN(nextChangeAt.getTime()))
    )
      throw appError('REQUEST_INVALID', { message: 'An age proof is malformed.' });
    return { method: p.method, bracket: p.bracket, nextChangeAt, verifiedAt };
  });
}
