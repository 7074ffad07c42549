import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDevicePolicy } from '@idgate/core';
import { BACKENDS, deviceEvidence, init, startTestService, startWidget, TEST_AGE_MODEL, TEST_MODEL_HASHES, type TestService } from '../src/index.ts';

const MANIFEST = fileURLToPath(new URL('../../inference/models.manifest.json', import.meta.url));

/**
 * The production policy of the models manifest (gate policy, the age model's guard band), with
 * stand-in hashes: evidence from the smaller age model file is accepted outside the guard band
 * only; inside it only the float32 file's numbers decide.
 */
describe('on-device verdicts near a threshold need the float32 age model', () => {
  let svc: TestService;
  let key: string;
  const policy = readDevicePolicy(MANIFEST);

  beforeAll(async () => {
    if (!policy.ageModel) throw new Error('the manifest names no browser file for the age model');
    svc = await startTestService(BACKENDS[0], {}, undefined, {
      devicePolicy: { ...policy, requiredModelHashes: TEST_MODEL_HASHES, ageModel: { ...policy.ageModel, ...TEST_AGE_MODEL } },
    });
    key = (await svc.createTenant('starter')).secret_key;
  });
  afterAll(() => svc?.close());

  async function submit(ages: number[], verdict: string, ageFile: string, low?: { low: number; floor?: number; ceiling?: number }) {
    const i = await init(svc, key, { verification_mode: 'facial' });
    const s = await startWidget(svc, i.body.data.token);
    svc.clock.advance(2000);
    const ev = deviceEvidence(s.body.data.nonce, { gate: s.body.data.device_age_gate, ages, verdict, modelHashes: [...TEST_MODEL_HASHES, ageFile] });
    if (low)
      for (const f of ev.frames)
        Object.assign(
          f,
          { age_low: low.low, age_high: f.age_estimate + 10 },
          low.floor === undefined ? {} : { age_low_floor: low.floor },
          low.ceiling === undefined ? {} : { age_low_ceiling: low.ceiling },
        );
    return svc.http('POST', '/verify/v1/widget/session/device-verdict', { body: ev, headers: { 'x-widget-session': s.body.data.widget_session } });
  }

  it('accepts the smaller file far from every threshold', async () => {
    const r = await submit([50, 52, 51], 'pass', TEST_AGE_MODEL.browserSha256);
    expect(r.status).toBe(200);
  });

  it('refuses the smaller file within the band of the +18 pass value (30.5), and accepts the same numbers from float32', async () => {
    const small = await submit([30.6, 30.8, 30.7], 'pass', TEST_AGE_MODEL.browserSha256);
    expect(small.status).toBe(422);
    expect(small.body.error.code).toBe('DEVICE_EVIDENCE_REJECTED');
    expect(small.body.error.details.reasons).toEqual(['reference_age_model_required']);
    const reference = await submit([30.6, 30.8, 30.7], 'pass', TEST_AGE_MODEL.referenceSha256);
    expect(reference.status).toBe(200);
  });

  it("accepts the smaller file with a low end near the gate when its bounds keep it over the gate (the manifest's band has a mass)", async () => {
    expect(policy.ageModel?.guardBand.lowQuantileMass).toBeGreaterThan(0);
    // Low end 22: within the 15 whole years of the band, so without bounds the float32 file must decide.
    const years = await submit([45, 46, 47], 'pass', TEST_AGE_MODEL.browserSha256, { low: 22 });
    expect(years.body.error?.details?.reasons).toEqual(['reference_age_model_required']);
    const bounded = await submit([45, 46, 47], 'pass', TEST_AGE_MODEL.browserSha256, { low: 22, floor: 21, ceiling: 23 });
    expect(bounded.status, JSON.stringify(bounded.body)).toBe(200);
    const straddling = await submit([45, 46, 47], 'pass', TEST_AGE_MODEL.browserSha256, { low: 22, floor: 17, ceiling: 23 });
    expect(straddling.body.error?.details?.reasons).toEqual(['reference_age_model_required']);
  });

  it('refuses bounds that do not hold the low end, or one bound alone', async () => {
    for (const bounds of [
      { low: 22, floor: 23, ceiling: 25 },
      { low: 22, floor: 21 },
    ]) {
      const r = await submit([45, 46, 47], 'pass', TEST_AGE_MODEL.browserSha256, bounds);
      expect(r.status).toBe(422);
      expect(r.body.error.details.reasons).toEqual(['age_low_bounds_inconsistent']);
    }
  });
});
