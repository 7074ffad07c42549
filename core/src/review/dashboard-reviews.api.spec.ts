import { describe, expect, it } from 'vitest';
import { reviewerContext } from './dashboard-reviews.api.ts';

describe('reviewerContext', () => {
  it('keeps the matched name, its Latin form, score and source lists of each hit, and the per-field verdicts', () => {
    const context = {
      aml: [
        {
          matched_name: 'Виталий КУЗЬМЕНКО',
          matched_name_latin: 'Vitaly KUZMENKO',
          score: 0.93,
          entity_id: 'eu-fsf-1234',
          source_lists: ['eu_fsf'],
          topics: ['sanction'],
          birth_dates: ['1971-01-22'],
        },
      ],
      data_match: { performed: true, passed: false, fields: { last_name: 'match', date_of_birth: 'mismatch', nationality: 'not_on_document' } },
    };
    expect(reviewerContext(context)).toEqual({
      aml: [{ matched_name: 'Виталий КУЗЬМЕНКО', matched_name_latin: 'Vitaly KUZMENKO', score: 0.93, source_lists: ['eu_fsf'] }],
      data_match: { fields: { last_name: 'match', date_of_birth: 'mismatch', nationality: 'not_on_document' } },
    });
  });

  it('drops anything that is not a verdict, and whatever else a context might carry', () => {
    const out = reviewerContext({ data_match: { fields: { date_of_birth: { read: '1990-01-02' }, last_name: 'match' } }, document_number: 'X1' });
    expect(out).toEqual({ data_match: { fields: { last_name: 'match' } } });
    expect(reviewerContext(null)).toEqual({});
    expect(reviewerContext({ data_match: null })).toEqual({});
  });
});
