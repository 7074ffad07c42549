import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadIndexData } from '../../src/screening/data/load-dataset.ts';
import { nameRarityBits, RARE_NAME_BITS } from '../../src/screening/index/name-rarity.ts';
import { ScreeningIndex } from '../../src/screening/index/screening-index.ts';
import { CONTRADICTED_CAP, DEFAULT_MATCH_THRESHOLD as T, ScreeningEngine, type ScreeningQuery } from '../../src/screening/index.ts';
import { tempDir } from './fixtures.ts';

/** A made-up word per number ("Zab", "Zac", ...): names that no one else carries. */
const word = (k: number) => `Z${String.fromCharCode(97 + (k % 26))}${String.fromCharCode(97 + Math.floor(k / 26))}q`;

/**
 * A clearly contradicting birth date or nationality (README.md "Contradicting birth date or
 * nationality") on a made-up list: 200 persons called Karim and 200 called Haddad, one
 * "Karim Haddad" (born 1960, Syrian), and one whose five words nobody else carries.
 */
const persons = [
  ...Array.from({ length: 200 }, (_, k) => ({ id: `karim-${k}`, name: `Karim ${word(k)}`, birthDate: '1950', nationality: 'lb' })),
  ...Array.from({ length: 200 }, (_, k) => ({ id: `haddad-${k}`, name: `${word(k)}x Haddad`, birthDate: '1950', nationality: 'lb' })),
  { id: 'common', name: 'Karim Haddad', birthDate: '1960-04-12', nationality: 'sy' },
  { id: 'rare', name: 'Quintus Aurelio Zephyrin Marchetti Blomqvist', birthDate: '1950-02-03', nationality: 'se' },
  { id: 'office', name: 'Teodoro Ibarguen Salcedo', country: 've' },
];

const line = (p: (typeof persons)[number]) => {
  const properties: Record<string, string[]> = { name: [p.name] };
  if ('birthDate' in p) properties.birthDate = [p.birthDate];
  if ('nationality' in p) properties.nationality = [p.nationality];
  if ('country' in p) properties.country = [p.country];
  return JSON.stringify({ id: p.id, schema: 'Person', properties });
};

describe('clearly contradicting birth dates and nationalities', () => {
  const tmp = tempDir();
  const engine = new ScreeningEngine();
  let list = '';
  const score = (query: ScreeningQuery, id: string) => engine.screen(query, { threshold: 0.01, limit: 100 }).find((h) => h.entityId === id)?.score ?? 0;
  beforeAll(async () => {
    list = tmp.write('list.json', `${persons.map(line).join('\n')}\n`);
    await engine.refresh(list);
  });
  afterAll(() => tmp.cleanup());

  it('keeps an exact name with a birth date more than 10 years from every listed one under the threshold', () => {
    expect(score({ name: 'Karim Haddad', birthDate: '1990-04-12', nationality: 'SY' }, 'common')).toBe(CONTRADICTED_CAP);
    expect(score({ name: 'HADDAD, Karim', birthDate: '1944' }, 'common')).toBe(CONTRADICTED_CAP);
    expect(CONTRADICTED_CAP).toBeLessThan(T);
  });

  it('still routes the same name with a listed or a nearby birth date to review', () => {
    expect(score({ name: 'Karim Haddad', birthDate: '1960-04-12', nationality: 'SY' }, 'common')).toBe(1);
    // Eight years apart: a vague list date, not yet a clear contradiction (the usual -0.20).
    expect(score({ name: 'Karim Haddad', birthDate: '1968-04-12' }, 'common')).toBeCloseTo(0.8, 5);
  });

  it('keeps an exact name with a contradicting nationality under the threshold unless the birth date confirms it', () => {
    expect(score({ name: 'Karim Haddad', nationality: 'FR' }, 'common')).toBe(CONTRADICTED_CAP);
    expect(score({ name: 'Karim Haddad', birthDate: '1961', nationality: 'FR' }, 'common')).toBe(CONTRADICTED_CAP);
    // A second passport: same birth date, another nationality.
    expect(score({ name: 'Karim Haddad', birthDate: '1960-04-12', nationality: 'FR' }, 'common')).toBeGreaterThanOrEqual(T);
    // An entry that names only a country of office never contradicts a nationality.
    expect(score({ name: 'Teodoro Ibarguen Salcedo', nationality: 'ES' }, 'office')).toBeGreaterThanOrEqual(T);
  });

  it('lets an exact rare name through despite the contradiction, measured by word frequency across the list', async () => {
    const index = new ScreeningIndex(await loadIndexData(list), new Date());
    const nameOf = (id: string) => Array.from({ length: index.nameCount }, (_, n) => n).find((n) => index.personId(index.personOfName(n)) === id)!;
    expect(nameRarityBits(index, nameOf('rare'))).toBeGreaterThanOrEqual(RARE_NAME_BITS);
    expect(nameRarityBits(index, nameOf('common'))).toBeLessThan(RARE_NAME_BITS);
    expect(score({ name: 'Quintus Aurelio Zephyrin Marchetti Blomqvist', birthDate: '1990-02-03', nationality: 'SE' }, 'rare')).toBeGreaterThanOrEqual(T);
    // Rare but not exact: one word misspelt.
    expect(score({ name: 'Quintus Aurelio Zefyrin Marchetti Blomqvist', birthDate: '1990-02-03', nationality: 'SE' }, 'rare')).toBe(CONTRADICTED_CAP);
  });
});
