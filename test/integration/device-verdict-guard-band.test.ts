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

  async function submit(ages: number[], verdict: string, ageFile: string) {
    const i = await init(svc, key, { verification_mode: 'facial' });
    const s = await startWidget(svc, i.body.data.token);
    svc.clock.advance(2000);
    const ev = deviceEvidence(s.body.data.nonce, { gate: s.body.data.device_age_gate, ages, verdict, modelHashes: [...TEST_MODEL_HASHES, ageFile] });
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
});
