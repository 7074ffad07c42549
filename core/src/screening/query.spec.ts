import { describe, expect, it } from 'vitest';
import { ScreeningQueryInvalidError } from './errors.ts';
import { prepareQuery } from './query.ts';

describe('prepareQuery', () => {
  it('normalises name, birth date and nationality', () => {
    const q = prepareQuery({ name: 'Jean Dupont', birthDate: '1970-01-31', nationality: 'FR' });
    expect(q.tokens.map((t) => t.text)).toEqual(['jean', 'dupont']);
    expect(q.birthDate).toBe(19700131);
    expect(q.nationality).toBe('fr');
    expect(prepareQuery({ name: 'Jean Dupont', birthDate: '1970' }).birthDate).toBe(19700000);
  });

  it('marks the last word as possibly cut when the name fills an MRZ name field (30 or 39), and only then', () => {
    const cut = (name: string) => prepareQuery({ name }).tokens.map((t) => t.truncated ?? false);
    expect(cut('PALACIOS, JUAN CARLOS MONTESIN')).toEqual([false, false, false, true]);
    expect(cut('MONTERO PALACIOS, JUAN CARLOS AUGUSTINO')).toEqual([false, false, false, false, true]);
    expect(cut('PALACIOS, JUAN CARLOS MONTESI')).toEqual([false, false, false, false]);
    expect(cut('PALACIOS, JUAN CARLOS MONTESINO')).toEqual([false, false, false, false]);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: '...' }, 'name'],
    [{ name: 'x'.repeat(301) }, 'name'],
    [{ name: 'Jean', birthDate: '1970-02-30' }, 'birthDate'],
    [{ name: 'Jean', birthDate: '31.01.1970' }, 'birthDate'],
    [{ name: 'Jean', nationality: 'FRA' }, 'nationality'],
  ])('rejects %j naming the field %s, without echoing the value', (query, field) => {
    try {
      prepareQuery(query);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ScreeningQueryInvalidError);
      expect((err as ScreeningQueryInvalidError).code).toBe('SCREENING_QUERY_INVALID');
      expect((err as ScreeningQueryInvalidError).field).toBe(field);
      expect((err as Error).message).not.toContain('Jean');
    }
  });
});
