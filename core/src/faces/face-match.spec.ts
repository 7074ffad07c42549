import { describe, expect, it } from 'vitest';
import { comparable, faceMatchPolicyFromManifest, sameFace, NO_FACE_MATCH } from './face-match.ts';

const unit = (angle: number) => ({ values: [Math.cos(angle), Math.sin(angle), 0, 0], model: 'rec-a' });
const manifest = {
  active: { recognizer: 'rec-a' },
  models: { 'rec-a': { matchThreshold: 0.35, acceptsEmbeddingsOf: ['rec-a-int8'] }, 'rec-b': { matchThreshold: 0.5 } },
};

describe('face match policy (Face 2FA, blacklist)', () => {
  const policy = faceMatchPolicyFromManifest(manifest);

  it('reads the active recognizer, its threshold and the models it accepts from the manifest', () => {
    expect(policy).toEqual({ model: 'rec-a', accepts: ['rec-a-int8'], threshold: 0.35 });
  });

  it('refuses a manifest whose active recognizer has no calibrated threshold', () => {
    expect(() => faceMatchPolicyFromManifest({ active: { recognizer: 'x' }, models: {} })).toThrow(/matchThreshold/);
  });

  it('matches at and above the threshold (cosine of unit vectors), not below', () => {
    expect(sameFace(unit(0), unit(Math.acos(0.35)), policy)).toBe(true);
    expect(sameFace(unit(0), unit(Math.acos(0.34)), policy)).toBe(false);
    expect(sameFace(unit(0), unit(0), policy)).toBe(true);
  });

  it('never compares embeddings of a model the active recognizer does not accept', () => {
    const other = { ...unit(0), model: 'rec-b' };
    expect(comparable(other, policy)).toBe(false);
    expect(sameFace(unit(0), other, policy)).toBe(false);
    expect(comparable({ ...unit(0), model: 'rec-a-int8' }, policy)).toBe(true);
  });

  it('without a manifest nothing matches, not even the same vector', () => {
    expect(sameFace(unit(0), unit(0), NO_FACE_MATCH)).toBe(false);
  });
});
