import { describe, expect, it } from 'vitest';
import { decideDocument, isExpired, type DocumentOutcomeInput } from './document-outcome.ts';
import { initialChecks } from '../sessions/result-record.ts';

const TODAY = { year: 2026, month: 6, day: 15 };
const OK: DocumentOutcomeInput = {
  reading: {
    status: 'ok',
    reasons: [],
    documentType: 'passport',
    issuingCountry: 'US',
    dateOfBirth: '1980-01-01',
    expiryDate: '2030-01-01',
    hasPortrait: true,
  },
  faceMatch: { match: true, similarity: 0.7, threshold: 0.35 },
  minAge: 18,
  purpose: 'age_verification',
  mismatchPolicy: 'report',
  today: TODAY,
  dataMatch: null,
  checks: initialChecks(18),
};
const with_ = (patch: Partial<DocumentOutcomeInput>, reading: Partial<DocumentOutcomeInput['reading']> = {}): DocumentOutcomeInput => ({
  ...OK,
  ...patch,
  reading: { ...OK.reading, ...reading },
});

describe('decideDocument', () => {
  it('an adult with a matching face passes (billed), with document, face_match and age checks', () => {
    const o = decideDocument(OK);
    expect(o).toMatchObject({ to: 'success', reason: null, billed: true, expired: false });
    expect(o.checks).toMatchObject({
      age: { performed: true, passed: true, gate: 18 },
      document: { performed: true, passed: true, document_type: 'passport', country: 'US' },
      face_match: { performed: true, passed: true },
    });
    expect(o.checks.data_match).toBeUndefined();
  });

  it('unreadable outcomes are failures that are not billed', () => {
    expect(decideDocument(with_({}, { status: 'document_unreadable' }))).toMatchObject({ to: 'failed', reason: 'document_unreadable', billed: false });
    expect(decideDocument(with_({}, { status: 'dob_unreadable', dateOfBirth: undefined }))).toMatchObject({
      to: 'failed',
      reason: 'dob_unreadable',
      billed: false,
    });
    expect(decideDocument(with_({ faceMatch: null }, { hasPortrait: false }))).toMatchObject({ to: 'failed', reason: 'document_unreadable', billed: false });
  });

  it('face mismatch, then the age threshold, are billed failures', () => {
    expect(decideDocument(with_({ faceMatch: { match: false, similarity: 0.1, threshold: 0.35 }, minAge: 99 }))).toMatchObject({
      to: 'failed',
      reason: 'face_mismatch',
      billed: true,
    });
    const young = decideDocument(with_({ minAge: 99 }));
    expect(young).toMatchObject({ to: 'failed', reason: 'age_below_threshold', billed: true });
    expect(young.checks.age).toEqual({ performed: true, passed: false, gate: 99 });
  });

  it('an expired document fails identity proofing but still proves an age', () => {
    const expired = { expiryDate: '2026-06-14' };
    expect(decideDocument(with_({ purpose: 'id_verification', minAge: null }, expired))).toMatchObject({
      to: 'failed',
      reason: 'document_expired',
      expired: true,
    });
    expect(decideDocument(with_({}, expired))).toMatchObject({ to: 'success', expired: true });
    expect(isExpired('2026-06-15', TODAY)).toBe(false);
  });

  it('a data mismatch goes to review under the review policy only', () => {
    const dataMatch = { performed: true as const, passed: false, fields: { last_name: 'mismatch' as const } };
    expect(decideDocument(with_({ dataMatch, mismatchPolicy: 'review' }))).toMatchObject({ to: 'pending_tenant_review', reason: 'data_mismatch' });
    const reported = decideDocument(with_({ dataMatch }));
    expect(reported).toMatchObject({ to: 'success' });
    expect(reported.checks.data_match).toEqual(dataMatch);
  });
});
