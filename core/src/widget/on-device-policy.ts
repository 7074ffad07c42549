import { readFileSync } from 'node:fs';
import { parseAgeGatePolicy } from '@idgate/protos';
import { DEFAULT_DEVICE_POLICY, type DevicePolicy } from './device-verdict.ts';

interface ManifestShape {
  active: { detector: string; age: string; liveness: string[] };
  models: Record<string, { sha256: string; browser?: { sha256: string }; policy?: unknown }>;
  policy?: { liveness?: { threshold?: number } };
}

/**
 * The on-device verdict policy from the models manifest (data, not code: core does not import the
 * inference package): the models the widget must have run (detector, age, liveness; the browser
 * file of a model that has one) and the calibrated thresholds. The server judges device evidence
 * with the same numbers the inference node applies to frames it scores itself.
 */
export function devicePolicyFromManifest(json: unknown): DevicePolicy {
  const m = json as ManifestShape;
  const ids = [m.active.detector, m.active.age, ...m.active.liveness];
  const requiredModelHashes = ids.map((id) => {
    const spec = m.models[id];
    const sha256 = spec?.browser?.sha256 ?? spec?.sha256;
    if (!sha256) throw new Error(`models manifest: active model ${id} has no sha256`);
    return sha256;
  });
  return {
    ...DEFAULT_DEVICE_POLICY,
    requiredModelHashes,
    livenessThreshold: m.policy?.liveness?.threshold ?? DEFAULT_DEVICE_POLICY.livenessThreshold,
    agePolicy: parseAgeGatePolicy(m.models[m.active.age]?.policy, `models manifest: models.${m.active.age}`),
  };
}

export function readDevicePolicy(manifestPath: string): DevicePolicy {
  return devicePolicyFromManifest(JSON.parse(readFileSync(manifestPath, 'utf8')));
}
