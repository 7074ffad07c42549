import { describe, expect, it } from 'vitest';
import { browserVisibleReason } from './browser-reason.ts';

describe('browserVisibleReason', () => {
  it('shows the user the reasons they can act on', () => {
    for (const reason of ['age_below_threshold', 'liveness_failed', 'face_mismatch', 'document_unreadable', 'dob_unreadable', 'document_expired'])
      expect(browserVisibleReason(reason)).toBe(reason);
  });

  it('never shows screening or review reasons, which would tip off the person screened', () => {
    for (const reason of ['aml_match', 'blacklist_match', 'data_mismatch']) expect(browserVisibleReason(reason)).toBeUndefined();
  });

  it('hides a reason it does not know, so a new one stays hidden until decided', () => {
    expect(browserVisibleReason('wallet_revoked')).toBeUndefined();
    expect(browserVisibleReason(null)).toBeUndefined();
  });
});
