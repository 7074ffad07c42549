import { createHash } from 'node:crypto';
import {
  fuseFrames,
  gateFor,
  inGuardBand,
  lowBoundsConsistent,
  sessionAgeVerdict,
  type AgeGatePolicy,
  type AgeGuardBand,
  type AgeRange,
  type AgeVerdict,
} from '@idgate/protos';

export interface DeviceFrame {
  livenessScore: number;
  ageEstimate: number;
  /** Low and high ends of the frame's age range; an older widget sent the estimate alone. */
  ageLow?: number;
  ageHigh?: number;
  /** The bounds of ageLow the age model's reference file could give (the smaller file's guard band); both or neither. */
  ageLowFloor?: number;
  ageLowCeiling?: number;
  durationMs: number;
  frameHash: string;
}

export interface DeviceEvidence {
  nonce: string;
  livenessPassed: boolean;
  ageVerdict: string;
  ageGate: number;
  modelHashes: string[];
  frames: DeviceFrame[];
  chainHash: string;
  captureStartedMs: number;
  captureFinishedMs: number;
}

/**
 * An age model the widget runs in a smaller file (fp16 weights) than the node's float32 one. Its
 * numbers differ from the float32 file's by less than the guard band (measured:
 * bench/widget/fp16-agreement.ts), so a verdict whose deciding numbers all lie outside the band is
 * the float32 file's verdict too; inside it only the float32 file's numbers are accepted.
 */
export interface DeviceAgeModel {
  /** sha256 of the float32 file (the node's): evidence from it is accepted whatever its numbers. */
  referenceSha256: string;
  /** sha256 of the widget's smaller file: accepted only outside the guard band. */
  browserSha256: string;
  guardBand: AgeGuardBand;
}

export interface DevicePolicy {
  /** sha256 of the model files the widget must have run (detector, liveness; age unless `ageModel`). */
  requiredModelHashes: readonly string[];
  /** The age model when the widget runs a smaller file of it: one of its two hashes must be there. */
  ageModel?: DeviceAgeModel;
  livenessThreshold: number;
  /** The active age model's gate policy, the one the widget and the inference node decide with. */
  agePolicy: AgeGatePolicy;
  minFrames: number;
  maxFrames: number;
  minFrameMs: number;
  maxFrameMs: number;
  /** Slack between device-reported durations and server-measured elapsed time. */
  clockToleranceMs: number;
}

/**
 * Used only where no models manifest is given (tests of other rules): the most conservative rule
 * on record (the 2018 model's), under which nobody younger than about 36 passes. A running service
 * always reads the active model's calibrated policy from the manifest.
 */
export const UNCALIBRATED_AGE_POLICY: AgeGatePolicy = { decideOn: 'range', passAtOrAbove: { 12: 36, 15: 36, 18: 36, 21: 36, 25: 36 }, failBelowMinAgeBy: 10 };

export const DEFAULT_DEVICE_POLICY: Omit<DevicePolicy, 'requiredModelHashes'> = {
  livenessThreshold: 0.6,
  agePolicy: UNCALIBRATED_AGE_POLICY,
  minFrames: 3,
  maxFrames: 30,
  minFrameMs: 5,
  maxFrameMs: 5000,
  clockToleranceMs: 1500,
};

export type DeviceAssessment = { accepted: true; liveness: boolean; age: AgeVerdict } | { accepted: false; problems: string[] };

/**
 * Plausibility checks on an on-device verdict (docs/widget.md "Trust model of an on-device verdict").
 * The server recomputes the verdict from the per-frame evidence with ITS policy and accepts the
 * claim only when it agrees; the chain over frame hashes is seeded with the session nonce, so
 * evidence from another session or attempt does not verify. What this cannot stop: a modified
 * browser that fabricates consistent scores (see docs/widget.md).
 */
export function assessDeviceEvidence(ev: DeviceEvidence, ctx: { minAge: number | null; elapsedMs: number }, policy: DevicePolicy): DeviceAssessment {
  const problems: string[] = [];
  const missing = policy.requiredModelHashes.filter((h) => !ev.modelHashes.includes(h));
  const age = policy.ageModel;
  const ageRun = !age
    ? 'required'
    : ev.modelHashes.includes(age.referenceSha256)
      ? 'reference'
      : ev.modelHashes.includes(age.browserSha256)
        ? 'browser'
        : undefined;
  if (missing.length || !ageRun) problems.push('model_hashes_unknown');
  if (ev.frames.length < policy.minFrames || ev.frames.length > policy.maxFrames) problems.push('frame_count_out_of_range');
  if (ev.ageGate !== (gateFor(ctx.minAge) ?? 0)) problems.push('age_gate_mismatch');
  problems.push(...timingProblems(ev, ctx.elapsedMs, policy));
  problems.push(...frameProblems(ev));
  if (
    chainOf(
      ev.nonce,
      ev.frames.map((f) => f.frameHash),
    ) !== ev.chainHash
  )
    problems.push('hash_chain_mismatch');
  if (problems.length) return { accepted: false, problems };

  const liveness = ev.frames.every((f) => f.livenessScore >= policy.livenessThreshold);
  const range = fuseFrames(ev.frames.map(frameRange));
  const verdict = sessionAgeVerdict(range, ctx.minAge, policy.agePolicy);
  if (liveness !== ev.livenessPassed) problems.push('liveness_claim_inconsistent');
  if (verdict !== ev.ageVerdict) problems.push('age_claim_inconsistent');
  // Near a threshold the smaller file may decide otherwise than the float32 one: the widget then
  // re-runs the float32 file on the same frames, and nothing else is accepted.
  if (age && ageRun === 'browser' && inGuardBand(range, ctx.minAge, policy.agePolicy, age.guardBand)) problems.push('reference_age_model_required');
  return problems.length ? { accepted: false, problems } : { accepted: true, liveness, age: verdict };
}

function timingProblems(ev: DeviceEvidence, elapsedMs: number, p: DevicePolicy): string[] {
  const out: string[] = [];
  if (ev.frames.some((f) => !Number.isFinite(f.durationMs) || f.durationMs < p.minFrameMs || f.durationMs > p.maxFrameMs)) out.push('frame_timing_impossible');
  const total = ev.frames.reduce((s, f) => s + f.durationMs, 0);
  // The device cannot have spent longer computing than has passed on the server since the nonce.
  if (total > elapsedMs + p.clockToleranceMs) out.push('timing_exceeds_elapsed');
  const span = ev.captureFinishedMs - ev.captureStartedMs;
  if (!(span >= total - p.clockToleranceMs) || span > elapsedMs + p.clockToleranceMs) out.push('capture_span_implausible');
  return out;
}

function frameProblems(ev: DeviceEvidence): string[] {
  const out: string[] = [];
  if (ev.frames.some((f) => !/^[0-9a-f]{64}$/.test(f.frameHash))) out.push('frame_hash_malformed');
  // Identical frames mean a frozen or injected still image, not a live camera.
  if (new Set(ev.frames.map((f) => f.frameHash)).size !== ev.frames.length) out.push('frames_repeated');
  const plausibleAge = (a: number | undefined): boolean => a === undefined || (a >= 0 && a <= 120);
  if (
    ev.frames.some(
      (f) =>
        !(f.livenessScore >= 0 && f.livenessScore <= 1) || [f.ageEstimate, f.ageLow, f.ageHigh, f.ageLowFloor, f.ageLowCeiling].some((a) => !plausibleAge(a)),
    )
  )
    out.push('score_out_of_range');
  // Bounds that do not hold the frame's own low end were not computed from its distribution.
  else if (ev.frames.some((f) => !lowBoundsConsistent(frameRange(f)))) out.push('age_low_bounds_inconsistent');
  return out;
}

/** A frame's age as the gate policy and the guard band read it; an older widget's frame has its estimate for both ends. */
function frameRange(f: DeviceFrame): AgeRange {
  const range = { estimate: f.ageEstimate, low: f.ageLow ?? f.ageEstimate, high: f.ageHigh ?? f.ageEstimate };
  if (f.ageLowFloor === undefined && f.ageLowCeiling === undefined) return range;
  return {
    ...range,
    ...(f.ageLowFloor === undefined ? {} : { lowFloor: f.ageLowFloor }),
    ...(f.ageLowCeiling === undefined ? {} : { lowCeiling: f.ageLowCeiling }),
  };
}

/** chain_0 = sha256(nonce); chain_i = sha256(chain_{i-1} + frame_hash_i), hex. */
export function chainOf(nonce: string, frameHashes: string[]): string {
  let chain = createHash('sha256').update(nonce).digest('hex');
  for (const h of frameHashes)
    chain = createHash('sha256')
      .update(chain + h)
      .digest('hex');
  return chain;
}
