import { describe, expect, it } from 'vitest';
import { assessRisk, type RiskInputs } from './risk-band.ts';

const CLEAN: RiskInputs = {
  mrzChecksValid: true,
  correctedFields: 0,
  documentExpired: false,
  photoQualityIssues: [],
  faceMatchMargin: 0.4,
  documentReuseCount: 0,
  zoneConflicts: [],
};

describe('assessRisk', () => {
  it('a clean document is low, with no signal', () => {
    expect(assessRisk(CLEAN)).toEqual({ band: 'low', signals: [] });
    expect(assessRisk({ ...CLEAN, mrzChecksValid: undefined })).toEqual({ band: 'low', signals: [] });
  });

  it('one weight-1 signal stays low; an expired document or failed check digit is elevated', () => {
    expect(assessRisk({ ...CLEAN, photoQualityIssues: ['face_blurry'] }).band).toBe('low');
    expect(assessRisk({ ...CLEAN, documentExpired: true })).toEqual({ band: 'elevated', signals: ['document_expired'] });
    expect(assessRisk({ ...CLEAN, mrzChecksValid: false }).band).toBe('elevated');
    expect(assessRisk({ ...CLEAN, faceMatchMargin: 0.1, correctedFields: 1 }).band).toBe('elevated');
  });

  it('zones that disagree are elevated for one field and high for two, never a failure', () => {
    expect(assessRisk({ ...CLEAN, zoneConflicts: ['date_of_birth'] })).toEqual({ band: 'elevated', signals: ['zones_disagree'] });
    expect(assessRisk({ ...CLEAN, zoneConflicts: ['date_of_birth', 'document_number'] }).band).toBe('high');
  });

  it('signals add up to high; heavy document-number reuse is high by itself', () => {
    expect(assessRisk({ ...CLEAN, documentExpired: true, mrzChecksValid: false }).band).toBe('high');
    expect(assessRisk({ ...CLEAN, documentReuseCount: 3 }).band).toBe('elevated');
    expect(assessRisk({ ...CLEAN, documentReuseCount: 10 })).toEqual({ band: 'high', signals: ['document_number_reused'] });
    expect(assessRisk({ ...CLEAN, faceMatchMargin: 0.01, documentExpired: true }).band).toBe('high');
  });
});
