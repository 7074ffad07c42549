import { readFileSync } from 'node:fs';
import { DEFAULT_DEVICE_POLICY, type DevicePolicy } from './device-verdict.ts';

interface ManifestShape {
  active: { detector: string; age: string; liveness: string[] };
  models: Record<string, { sha256: string; policy?: { bufferYears?: number; minPassAge?: number } }>;
  policy?: { liveness?: { threshold?: number } };
}

/**
 * The on-device verdict policy from the models manifest (data, not code: core does not import the
 * inference package): the models the widget must have run (detector, age, liveness) and the
 * calibrated thresholds. The server judges device evidence with the same numbers the inference
 * node applies to frames it scores itself.
 */
export function devicePolicyFromManifest(json: unknown): DevicePolicy {
  const m = json as ManifestShape;
  const ids = [m.active.detector, m.active.age, ...m.active.liveness];
  const requiredModelHashes = ids.map((id) => {
    const spec = m.models[id];
    if (!spec?.sha256) throw new Error(`models manifest: active model ${id} has no sha256`);
    return spec.sha256;
  });
  const age = m.models[m.active.age]?.policy ?? {};
  return {
    ...DEFAULT_DEVICE_POLICY,
    requiredModelHashes,
    livenessThreshold: m.policy?.liveness?.threshold ?? DEFAULT_DEVICE_POLICY.livenessThreshold,
    ageBufferYears: age.bufferYears ?? DEFAULT_DEVICE_POLICY.ageBufferYears,
    minPassAge: age.minPassAge ?? DEFAULT_DEVICE_POLICY.minPassAge,
  };
}

export function readDevicePolicy(manifestPath: string): DevicePolicy {
  return devicePolicyFromManifest(JSON.parse(readFileSync(manifestPath, 'utf8')));
}
