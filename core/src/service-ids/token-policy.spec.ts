import { describe, expect, it } from 'vitest';
import { decideToken, DEFAULT_TOKEN_MAX_AGE_DAYS, DEFAULT_TOKEN_METHODS, type TokenProof } from './token-policy.ts';

const NOW = new Date('2026-11-26T12:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);
const policy = { methods: DEFAULT_TOKEN_METHODS, maxAgeDays: DEFAULT_TOKEN_MAX_AGE_DAYS };
const doc = (bracket: number, o: Partial<TokenProof> = {}): TokenProof => ({ method: 'document', bracket, nextChangeAt: null, verifiedAt: daysAgo(10), ...o });
const face = (bracket: number, o: Partial<TokenProof> = {}): TokenProof => ({
  method: 'facial_estimate',
  bracket,
  nextChangeAt: null,
  verifiedAt: daysAgo(10),
  ...o,
});
const decide = (proofs: TokenProof[], o: Partial<Parameters<typeof decideToken>[1]> = {}) =>
  decideToken(proofs, { minAge: 18, policy, documentRequired: false, now: NOW, ...o });

describe('path D reuse policy', () => {
  it('passes a proof whose bracket meets min_age, preferring document-grade evidence', () => {
    expect(decide([face(18), doc(21)])).toEqual({ pass: true, proof: doc(21) });
    expect(decide([face(18)])).toEqual({ pass: true, proof: face(18) });
    expect(decide([doc(18)], { minAge: 16 })).toMatchObject({ pass: true });
  });

  it('counts a birth-date bracket that rose since it was saved', () => {
    const was15 = doc(15, { nextChangeAt: daysAgo(1), verifiedAt: daysAgo(200) });
    expect(decide([was15])).toMatchObject({ pass: true });
    expect(decide([doc(15, { nextChangeAt: new Date(NOW.getTime() + 1000) })])).toEqual({ pass: false, reason: 'bracket_below_gate' });
  });

  it('names why a user must step up', () => {
    expect(decide([])).toEqual({ pass: false, reason: 'no_age_proof' });
    expect(decide([face(25)], { policy: { methods: ['document', 'wallet'], maxAgeDays: 365 } })).toEqual({ pass: false, reason: 'method_not_accepted' });
    expect(decide([doc(25, { verifiedAt: daysAgo(31) })], { policy: { methods: ['document'], maxAgeDays: 30 } })).toEqual({
      pass: false,
      reason: 'proof_too_old',
    });
    expect(decide([doc(15)])).toEqual({ pass: false, reason: 'bracket_below_gate' });
    expect(decide([face(18)], { minAge: 21 })).toEqual({ pass: false, reason: 'bracket_below_gate' });
  });

  it('accepts only document-grade proofs where a document is required', () => {
    expect(decide([face(25)], { documentRequired: true })).toEqual({ pass: false, reason: 'method_not_accepted' });
    expect(decide([face(25), doc(18)], { documentRequired: true })).toEqual({ pass: true, proof: doc(18) });
  });

  it('refuses a proof dated in the future', () => {
    expect(decide([doc(25, { verifiedAt: new Date(NOW.getTime() + 60_000) })])).toEqual({ pass: false, reason: 'proof_too_old' });
  });
});
