import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEVICE_POLICY, assessDeviceEvidence, chainOf, type DeviceEvidence, type DevicePolicy } from './device-verdict.ts';
import { devicePolicyFromManifest } from './on-device-policy.ts';

const policy: DevicePolicy = { ...DEFAULT_DEVICE_POLICY, requiredModelHashes: ['m1', 'm2'] };
const hash = () => createHash('sha256').update(randomBytes(8)).digest('hex');

function evidence(over: Partial<DeviceEvidence> = {}, ages = [50, 52, 51]): DeviceEvidence {
  const frames = ages.map((a) => ({ livenessScore: 0.9, ageEstimate: a, durationMs: 40, frameHash: hash() }));
  const nonce = 'xdn_test';
  return {
    nonce,
    livenessPassed: true,
    ageVerdict: 'pass',
    ageGate: 18,
    modelHashes: ['m1', 'm2'],
    frames,
    chainHash: chainOf(
      nonce,
      frames.map((f) => f.frameHash),
    ),
    captureStartedMs: 0,
    captureFinishedMs: 130,
    ...over,
  };
}

describe('assessDeviceEvidence', () => {
  it('accepts honest evidence and recomputes the verdict', () => {
    expect(assessDeviceEvidence(evidence(), { minAge: 18, elapsedMs: 2000 }, policy)).toEqual({ accepted: true, liveness: true, age: 'pass' });
  });

  it('accepts a fail claimed for a min_age above every gate (no classifier: gate 0)', () => {
    const ev = evidence({ ageGate: 0, ageVerdict: 'fail' });
    expect(assessDeviceEvidence(ev, { minAge: 99, elapsedMs: 2000 }, policy)).toEqual({ accepted: true, liveness: true, age: 'fail' });
    expect(assessDeviceEvidence({ ...ev, ageVerdict: 'undecided' }, { minAge: 99, elapsedMs: 2000 }, policy)).toEqual({
      accepted: false,
      problems: ['age_claim_inconsistent'],
    });
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
    ev.chainHash = chainOf(
      ev.nonce,
      ev.frames.map((f) => f.frameHash),
    );
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
    // The widget runs a model's browser file where it has one (the age model's half-size weights).
    expect(p.requiredModelHashes).toEqual(ids.map((id: string) => manifest.models[id].browser?.sha256 ?? manifest.models[id].sha256));
    expect(p.livenessThreshold).toBe(manifest.policy.liveness.threshold);
    expect(p.agePolicy).toEqual(manifest.models[manifest.active.age].policy);
  });

  it("requires the hash of the file the widget runs: a model's browser file where the manifest names one", () => {
    const manifest = JSON.parse(readFileSync(new URL('../../../inference/models.manifest.json', import.meta.url), 'utf8'));
    const age = manifest.models[manifest.active.age];
    const withBrowser = {
      ...manifest,
      models: { ...manifest.models, [manifest.active.age]: { ...age, browser: { file: 'small.onnx', sha256: 'b'.repeat(64) } } },
    };
    const p = devicePolicyFromManifest(withBrowser);
    expect(p.requiredModelHashes).toContain('b'.repeat(64));
    expect(p.requiredModelHashes).not.toContain(age.sha256);
  });

  it('refuses a manifest whose active age model has no valid gate policy', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../../inference/models.manifest.json', import.meta.url), 'utf8'));
    const age = manifest.models[manifest.active.age];
    const old = { ...manifest, models: { ...manifest.models, [manifest.active.age]: { ...age, policy: { bufferYears: 10, minPassAge: 36 } } } };
    expect(() => devicePolicyFromManifest(old)).toThrow(/decideOn/);
  });
});
