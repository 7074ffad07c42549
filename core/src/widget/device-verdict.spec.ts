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

describe('assessDeviceEvidence with a smaller browser file of the age model', () => {
  const band = { estimateYears: 0.5, lowYears: 6, highYears: 6 };
  const withAge: DevicePolicy = {
    ...policy,
    agePolicy: { decideOn: 'estimate', passAtOrAbove: { 12: 30, 15: 30, 18: 30.5, 21: 34.5, 25: 36.5 }, failBelowMinAgeBy: 8 },
    ageModel: { referenceSha256: 'ref', browserSha256: 'small', guardBand: band },
  };
  const at = (estimates: number[], low: number, verdict: string, hashes: string[]) => {
    const ev = evidence({ ageVerdict: verdict, modelHashes: ['m1', 'm2', ...hashes] }, estimates);
    for (const f of ev.frames) Object.assign(f, { ageLow: low, ageHigh: f.ageEstimate + 8 });
    return assessDeviceEvidence(ev, { minAge: 18, elapsedMs: 2000 }, withAge);
  };

  it('accepts the smaller file only where every deciding number lies outside the guard band', () => {
    // Pass value 30.5 at +18, low end against 18, fail bound 10.
    expect(at([40, 41, 42], 30, 'pass', ['small'])).toEqual({ accepted: true, liveness: true, age: 'pass' });
    expect(at([25, 25, 25], 20, 'undecided', ['small'])).toEqual({ accepted: true, liveness: true, age: 'undecided' });
    expect(at([5, 5, 5], 2, 'fail', ['small'])).toEqual({ accepted: true, liveness: true, age: 'fail' });
  });

  it.each([
    ['the estimate within the band of the pass value', [30.6, 30.7, 30.8], 25, 'pass'],
    ['the estimate within the band below the pass value', [30.2, 30.3, 30.1], 25, 'undecided'],
    ['the low end within the band of the gate', [40, 41, 42], 23, 'pass'],
    ['the low end within the band below the gate', [40, 41, 42], 14, 'undecided'],
    ['the estimate within the band of the fail bound', [9.7, 9.8, 9.9], 4, 'fail'],
  ] as const)('requires the float32 file with %s', (_name, estimates, low, verdict) => {
    expect(at([...estimates], low, verdict, ['small'])).toEqual({ accepted: false, problems: ['reference_age_model_required'] });
    // The same numbers from the float32 file decide.
    expect(at([...estimates], low, verdict, ['ref'])).toMatchObject({ accepted: true, age: verdict });
  });

  it('refuses evidence that names neither file of the age model', () => {
    expect(at([40, 41, 42], 30, 'pass', [])).toEqual({ accepted: false, problems: ['model_hashes_unknown'] });
  });

  describe('with the low end bounded by a probability mass', () => {
    const massPolicy: DevicePolicy = { ...withAge, ageModel: { ...withAge.ageModel!, guardBand: { ...band, lowQuantileMass: 0.01 } } };
    const bounded = (low: number, floor: number | undefined, ceiling: number | undefined, verdict: string, p = massPolicy) => {
      const ev = evidence({ ageVerdict: verdict, modelHashes: ['m1', 'm2', 'small'] }, [40, 41, 42]);
      for (const f of ev.frames) Object.assign(f, { ageLow: low, ageHigh: 50, ageLowFloor: floor, ageLowCeiling: ceiling });
      return assessDeviceEvidence(ev, { minAge: 18, elapsedMs: 2000 }, p);
    };

    it("accepts the smaller file when the low end's bounds lie on one side of the gate, though within its years", () => {
      // Low end 20, two years over the gate: inside the 6-year band, but the bounds say no file of the model puts it under 18.
      expect(bounded(20, 19, 21, 'pass')).toEqual({ accepted: true, liveness: true, age: 'pass' });
      expect(bounded(16, 15, 17, 'undecided')).toEqual({ accepted: true, liveness: true, age: 'undecided' });
      // Without a mass in the manifest's band the bounds count for nothing: the years decide.
      expect(bounded(20, 19, 21, 'pass', withAge)).toEqual({ accepted: false, problems: ['reference_age_model_required'] });
    });

    it('requires the float32 file when the bounds straddle the gate', () => {
      expect(bounded(18, 17, 19, 'pass')).toEqual({ accepted: false, problems: ['reference_age_model_required'] });
      expect(bounded(17, 15, 18, 'undecided')).toEqual({ accepted: false, problems: ['reference_age_model_required'] });
    });

    it.each([
      ['a floor over the low end', 21, 22],
      ['a ceiling under the low end', 15, 19],
      ['a floor without a ceiling', 19, undefined],
    ] as const)('rejects %s', (_name, floor, ceiling) => {
      expect(bounded(20, floor, ceiling, 'pass')).toEqual({ accepted: false, problems: ['age_low_bounds_inconsistent'] });
    });

    it('rejects bounds outside any age', () => {
      expect(bounded(20, -1, 21, 'pass')).toEqual({ accepted: false, problems: ['score_out_of_range'] });
    });
  });
});

describe('devicePolicyFromManifest', () => {
  it('reads the required model hashes and calibrated thresholds of the project manifest', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../../inference/models.manifest.json', import.meta.url), 'utf8'));
    const p = devicePolicyFromManifest(manifest);
    const age = manifest.models[manifest.active.age];
    // The age model has a smaller browser file: either of its two files, the other models always.
    expect(p.requiredModelHashes).toEqual([manifest.active.detector, ...manifest.active.liveness].map((id: string) => manifest.models[id].sha256));
    expect(p.ageModel).toEqual({ referenceSha256: age.sha256, browserSha256: age.browser.sha256, guardBand: age.browser.guardBand });
    expect(p.livenessThreshold).toBe(manifest.policy.liveness.threshold);
    expect(p.agePolicy).toEqual(age.policy);
  });

  it('requires the age model itself where the manifest names no browser file, and a guard band where it does', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../../inference/models.manifest.json', import.meta.url), 'utf8'));
    const { browser: _b, ...age } = manifest.models[manifest.active.age];
    const plain = devicePolicyFromManifest({ ...manifest, models: { ...manifest.models, [manifest.active.age]: age } });
    expect(plain.requiredModelHashes).toContain(age.sha256);
    expect(plain.ageModel).toBeUndefined();
    const noBand = { ...manifest, models: { ...manifest.models, [manifest.active.age]: { ...age, browser: { file: 'small.onnx', sha256: 'b'.repeat(64) } } } };
    expect(() => devicePolicyFromManifest(noBand)).toThrow(/guardBand/);
  });

  it('refuses a manifest whose active age model has no valid gate policy', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../../inference/models.manifest.json', import.meta.url), 'utf8'));
    const age = manifest.models[manifest.active.age];
    const old = { ...manifest, models: { ...manifest.models, [manifest.active.age]: { ...age, policy: { bufferYears: 10, minPassAge: 36 } } } };
    expect(() => devicePolicyFromManifest(old)).toThrow(/decideOn/);
  });
});
