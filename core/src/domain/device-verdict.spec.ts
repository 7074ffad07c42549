import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deviceGateFor, faceAgeVerdict } from './age-gate.ts';
import { DEFAULT_DEVICE_POLICY, assessDeviceEvidence, chainOf, type DeviceEvidence, type DevicePolicy } from './device-verdict.ts';
import { devicePolicyFromManifest } from './on-device-policy.ts';

const policy: DevicePolicy = { ...DEFAULT_DEVICE_POLICY, requiredModelHashes: ['m1', 'm2'] };
const hash = () => createHash('sha256').update(randomBytes(8)).digest('hex');

function evidence(over: Partial<DeviceEvidence> = {}, ages = [50, 52, 51]): DeviceEvidence {
  const frames = ages.map((a) => ({ livenessScore: 0.9, ageEstimate: a, durationMs: 40, frameHash: hash() }));
  const nonce = 'xdn_test';
  return {
    nonce, livenessPassed: true, ageVerdict: 'pass', ageGate: 18, modelHashes: ['m1', 'm2'], frames,
    chainHash: chainOf(nonce, frames.map((f) => f.frameHash)), captureStartedMs: 0, captureFinishedMs: 130, ...over,
  };
}

describe('deviceGateFor and faceAgeVerdict (C-AGE-2)', () => {
  const one = (estimate: number) => ({ low: estimate, high: estimate });
  const p = (minPassAge: number) => ({ bufferYears: 10, minPassAge });

  it('picks the smallest classifier gate at or above min_age; none above 25', () => {
    expect([1, 12, 13, 15, 16, 18, 19, 21, 25, 26, 99].map(deviceGateFor)).toEqual([12, 12, 15, 15, 18, 18, 21, 21, 25, null, null]);
    expect(deviceGateFor(null)).toBeNull();
  });

  it('passes only at gate + buffer and above the model floor; fails only below min_age - buffer', () => {
    expect(faceAgeVerdict(one(28), 18, p(0))).toBe('pass');
    expect(faceAgeVerdict(one(28), 18, p(36))).toBe('undecided'); // the weak model's floor
    expect(faceAgeVerdict(one(36), 18, p(36))).toBe('pass');
    expect(faceAgeVerdict(one(7.9), 18, p(36))).toBe('fail');
    expect(faceAgeVerdict(one(8), 18, p(36))).toBe('undecided');
    expect(faceAgeVerdict(one(Number.NaN), 18, p(36))).toBe('undecided');
    expect(faceAgeVerdict(one(80), null, p(36))).toBe('undecided');
  });

  it('passes on the range low end and fails on its high end', () => {
    expect(faceAgeVerdict({ low: 35, high: 60 }, 18, p(0))).toBe('pass');
    expect(faceAgeVerdict({ low: 1, high: 9 }, 18, p(0))).toBe('undecided');
    expect(faceAgeVerdict({ low: 1, high: 7 }, 18, p(0))).toBe('fail');
  });

  it('fails a plainly younger face for a min_age above the highest gate (spec §1: min_age 99), and never passes it', () => {
    expect(faceAgeVerdict(one(45), 99, p(36))).toBe('fail');
    expect(faceAgeVerdict(one(88.9), 99, p(36))).toBe('fail');
    expect(faceAgeVerdict(one(89), 99, p(36))).toBe('undecided');
    expect(faceAgeVerdict(one(110), 99, p(36))).toBe('undecided');
    expect(faceAgeVerdict(one(80), 30, p(36))).toBe('undecided');
  });

  it('judges a fail against min_age, not the stricter gate above it', () => {
    // min_age 16 is passed at +18 + buffer, but only an estimate under 16 - 10 is a fail.
    expect(faceAgeVerdict(one(7), 16, p(0))).toBe('undecided');
    expect(faceAgeVerdict(one(5.9), 16, p(0))).toBe('fail');
    expect(faceAgeVerdict(one(28), 16, p(0))).toBe('pass');
  });
});

describe('assessDeviceEvidence', () => {
  it('accepts honest evidence and recomputes the verdict', () => {
    expect(assessDeviceEvidence(evidence(), { minAge: 18, elapsedMs: 2000 }, policy)).toEqual({ accepted: true, liveness: true, age: 'pass' });
  });

  it('accepts a fail claimed for a min_age above every gate (no classifier: gate 0)', () => {
    const ev = evidence({ ageGate: 0, ageVerdict: 'fail' });
    expect(assessDeviceEvidence(ev, { minAge: 99, elapsedMs: 2000 }, policy)).toEqual({ accepted: true, liveness: true, age: 'fail' });
    expect(assessDeviceEvidence({ ...ev, ageVerdict: 'undecided' }, { minAge: 99, elapsedMs: 2000 }, policy)).toEqual({ accepted: false, problems: ['age_claim_inconsistent'] });
  });

  it.each([
    ['unknown model', { modelHashes: ['m1'] }, 'model_hashes_unknown'],
    ['wrong gate', { ageGate: 21 }, 'age_gate_mismatch'],
    ['broken chain', { chainHash: 'f'.repeat(64) }, 'hash_chain_mismatch'],
    ['claimed pass over an undecided estimate', { ageVerdict: 'pass' }, 'age_claim_inconsistent', [20, 21, 22]],
    ['claimed live over spoof scores', {}, 'liveness_claim_inconsistent', undefined, 0.1],
  ] as const)('rejects %s', (_name, over, problem, ages?, score?) => {
    const ev = evidence(over as Partial<DeviceEvidence>, ages ? [...ages] : undefined);
    if (score !== undefined) for (const f of ev.frames) f.livenessScore = score;
    const r = assessDeviceEvidence(ev, { minAge: 18, elapsedMs: 2000 }, policy);
    expect(r.accepted).toBe(false);
    if (!r.accepted) expect(r.problems).toContain(problem);
  });

  it('rejects impossible timings, repeated frames and out-of-range scores', () => {
    const tooFast = assessDeviceEvidence(evidence(), { minAge: 18, elapsedMs: -5000 }, policy);
    expect(!tooFast.accepted && tooFast.problems).toContain('timing_exceeds_elapsed');
    const ev = evidence();
    ev.frames[1].frameHash = ev.frames[0].frameHash;
    ev.chainHash = chainOf(ev.nonce, ev.frames.map((f) => f.frameHash));
    const repeated = assessDeviceEvidence(ev, { minAge: 18, elapsedMs: 2000 }, policy);
    expect(!repeated.accepted && repeated.problems).toContain('frames_repeated');
    const few = assessDeviceEvidence(evidence({}, [50, 51]), { minAge: 18, elapsedMs: 2000 }, policy);
    expect(!few.accepted && few.problems).toContain('frame_count_out_of_range');
  });
});

describe('devicePolicyFromManifest', () => {
  it('reads the required model hashes and calibrated thresholds of the project manifest', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../../inference/models.manifest.json', import.meta.url), 'utf8'));
    const p = devicePolicyFromManifest(manifest);
    const ids = [manifest.active.detector, manifest.active.age, ...manifest.active.liveness];
    expect(p.requiredModelHashes).toEqual(ids.map((id: string) => manifest.models[id].sha256));
    expect(p.livenessThreshold).toBe(manifest.policy.liveness.threshold);
    expect(p.ageBufferYears).toBe(manifest.models[manifest.active.age].policy.bufferYears);
    expect(p.minPassAge).toBe(manifest.models[manifest.active.age].policy.minPassAge);
  });
});
