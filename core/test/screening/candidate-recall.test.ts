import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadIndexData } from '../../src/screening/data/load-dataset.ts';
import { ScreeningIndex } from '../../src/screening/index/screening-index.ts';
import { SimilarityMemo } from '../../src/screening/index/similarity-memo.ts';
import { prepareQuery } from '../../src/screening/query.ts';
import { DEFAULT_MATCH_THRESHOLD, personScore, screenIndex } from '../../src/screening/screen.ts';
import type { ScreeningQuery } from '../../src/screening/types.ts';
import { ENTITIES, FIXTURES } from './fixtures.ts';

/** Every person scored on all its names: what the engine must return if candidate generation lost nothing. */
function bruteForce(index: ScreeningIndex, query: ScreeningQuery): string[] {
  const prepared = prepareQuery(query);
  const memo = new SimilarityMemo(prepared.tokens);
  const hits: string[] = [];
  for (let p = 0; p < index.meta.personCount; p++) {
    const names = Array.from({ length: index.data.personNameStart[p + 1] - index.data.personNameStart[p] }, (_, k) => index.data.personNameStart[p] + k);
    if (personScore(index, p, names, prepared, memo).score >= DEFAULT_MATCH_THRESHOLD) hits.push(index.personId(p));
  }
  return hits.sort();
}

/** The fixtures hold dates like "1974-01-32": keep only real ones. */
function isIsoDate(value: string): boolean {
  if (/^\d{4}$/.test(value)) return true;
  const t = Date.parse(`${value}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(t) && new Date(t).toISOString().startsWith(value);
}

/** Typo'd UN names (with their birth dates and nationalities) and synthetic negatives from the eval folder. */
function queries(): ScreeningQuery[] {
  const rows = readFileSync(join(FIXTURES, 'eval', 'derived_un_positives_expected_ids.csv'), 'utf8')
    .split('\n')
    .slice(1);
  const un = rows
    .filter((r) => r.includes(',NK-'))
    .filter((_, i) => i % 16 === 0)
    .map((r) => {
      const cols = r.match(/("[^"]*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, '').replace(/^"|"$/g, ''));
      const q: ScreeningQuery = { name: cols[2] };
      if (isIsoDate(cols[3])) q.birthDate = cols[3];
      if (/^[a-z]{2}$/.test(cols[4])) q.nationality = cols[4];
      return q;
    });
  const negatives = readFileSync(join(FIXTURES, 'eval', 'yente_negatives_global.csv'), 'utf8')
    .split('\n')
    .slice(1, 13)
    .map((r) => ({ name: r.split(',')[0] }));
  return [...un, ...negatives, { name: 'Shihata' }, { name: 'Mohammad Hassan' }, { name: 'Abdul Rahman' }];
}

describe('candidate generation', () => {
  let index: ScreeningIndex;
  beforeAll(async () => {
    index = new ScreeningIndex(await loadIndexData(ENTITIES), new Date());
  });

  it('loses no hit that scoring every person of the list would find', () => {
    const all = queries();
    expect(all.length).toBeGreaterThan(30);
    for (const q of all) {
      const engine = screenIndex(index, prepareQuery(q), { limit: 100 })
        .map((h) => h.entityId)
        .sort();
      expect({ name: q.name, hits: engine }).toEqual({ name: q.name, hits: bruteForce(index, q) });
    }
  });
});
