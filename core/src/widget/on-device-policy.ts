import { readFileSync } from 'node:fs';
import { parseAgeGatePolicy, parseAgeGuardBand } from '@idgate/protos';
import { DEFAULT_DEVICE_POLICY, type DeviceAgeModel, type DevicePolicy } from './device-verdict.ts';

interface ManifestShape {
  active: { detector: string; age: string; liveness: string[] };
  models: Record<string, { sha256: string; browser?: { sha256: string; guardBand?: unknown }; policy?: unknown }>;
  policy?: { liveness?: { threshold?: number } };
}

/**
 * The on-device verdict policy from the models manifest (data, not code: core does not import the
 * inference package): the models the widget must have run (detector, liveness, age: the age model's
 * float32 file, or its smaller browser file outside the guard band) and the calibrated thresholds.
 * The server judges device evidence with the same numbers the inference node applies to frames it
 * scores itself.
 */
export function devicePolicyFromManifest(json: unknown): DevicePolicy {
  const m = json as ManifestShape;
  const sha = (id: string): string => {
    const sha256 = m.models[id]?.sha256;
    if (!sha256) throw new Error(`models manifest: active model ${id} has no sha256`);
    return sha256;
  };
  const ageSpec = m.models[m.active.age];
  const ageModel: DeviceAgeModel | undefined = ageSpec?.browser
    ? {
        referenceSha256: sha(m.active.age),
        browserSha256: ageSpec.browser.sha256,
        guardBand: parseAgeGuardBand(ageSpec.browser.guardBand, `models manifest: models.${m.active.age}.browser`),
      }
    : undefined;
  const ids = [m.active.detector, ...(ageModel ? [] : [m.active.age]), ...m.active.liveness];
  return {
    ...DEFAULT_DEVICE_POLICY,
    requiredModelHashes: ids.map(sha),
    ...(ageModel ? { ageModel } : {}),
    livenessThreshold: m.policy?.liveness?.threshold ?? DEFAULT_DEVICE_POLICY.livenessThreshold,
    agePolicy: parseAgeGatePolicy(m.models[m.active.age]?.policy, `models manifest: models.${m.active.age}`),
  };
}

export function readDevicePolicy(manifestPath: string): DevicePolicy {
  return devicePolicyFromManifest(JSON.parse(readFileSync(manifestPath, 'utf8')));
}
