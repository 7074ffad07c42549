import { appError, type core } from '@idgate/protos';
import type { Clock } from '../lib/clock.ts';
import { hashToken } from '../lib/tokens.ts';
import { assessDeviceEvidence, type DevicePolicy } from './device-verdict.ts';
import { pathAOutcome } from './path-a-outcome.ts';
import type { SessionRepository, SessionRow } from '../sessions/session.repository.ts';
import type { SessionLifecycle } from '../sessions/session-lifecycle.service.ts';
import { notWaiting, type SessionStatus } from '../sessions/session-state.ts';

interface Deps {
  sessions: SessionRepository;
  lifecycle: SessionLifecycle;
  clock: Clock;
  policy: DevicePolicy;
}

/**
 * Turns an on-device (path A) verdict into a decision. The nonce is taken first (single use,
 * even when the evidence is then rejected), the evidence is checked for plausibility, and the
 * server's own recomputation of the verdict decides (widget/path-a-outcome.ts).
 */
export class DeviceVerdictService {
  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }

  async decide(row: SessionRow, req: core.DeviceVerdictRequest): Promise<SessionRow> {
    let rejection: string[] | null = null;
    const decided = await this.deps.lifecycle.change(row.id, async (current, tx) => {
      if (current.status !== 'in_progress' || current.step !== 'face_capture')
        throw notWaiting(current.status as SessionStatus, 'This session is not waiting for an on-device verdict.');
      const now = this.deps.clock.now();
      const taken = await this.deps.sessions.consumeDeviceNonce(current.id, hashToken(req.nonce ?? ''), now, tx);
      if (!taken) throw appError('DEVICE_NONCE_INVALID');
      const assessment = assessDeviceEvidence(
        toEvidence(req),
        { minAge: current.minAge, elapsedMs: now.getTime() - (current.deviceNonceIssuedAt ?? now).getTime() },
        this.deps.policy,
      );
      if (!assessment.accepted) {
        rejection = assessment.problems;
        return null;
      }
      return pathAOutcome(current, assessment.liveness, assessment.age);
    });
    // The nonce stays spent: a rejected attempt needs a fresh nonce from the progress call.
    if (rejection) throw appError('DEVICE_EVIDENCE_REJECTED', { details: { reasons: rejection } });
    return decided;
  }
}

function toEvidence(req: core.DeviceVerdictRequest) {
  return {
    nonce: req.nonce ?? '',
    livenessPassed: req.livenessPassed ?? false,
    ageVerdict: req.ageVerdict ?? '',
    ageGate: req.ageGate ?? 0,
    modelHashes: req.modelHashes ?? [],
    frames: (req.frames ?? []).map((f) => ({
      livenessScore: f.livenessScore ?? Number.NaN,
      ageEstimate: f.ageEstimate ?? Number.NaN,
      ...(f.ageLow === undefined || f.ageLow === null ? {} : { ageLow: f.ageLow }),
      ...(f.ageHigh === undefined || f.ageHigh === null ? {} : { ageHigh: f.ageHigh }),
      ...(f.ageLowFloor === undefined || f.ageLowFloor === null ? {} : { ageLowFloor: f.ageLowFloor }),
      ...(f.ageLowCeiling === undefined || f.ageLowCeiling === null ? {} : { ageLowCeiling: f.ageLowCeiling }),
      durationMs: f.durationMs ?? 0,
      frameHash: f.frameHash ?? '',
    })),
    chainHash: req.chainHash ?? '',
    captureStartedMs: Number(req.captureStartedMs ?? 0),
    captureFinishedMs: Number(req.captureFinishedMs ?? 0),
  };
}
