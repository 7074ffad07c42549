import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { DEFAULT_MATCH_THRESHOLD, scoreNames } from '../../core/src/screening/index.ts';
import { count, emptyConfusion, scores, type Scores } from './metrics.ts';

/**
 * nomenklatura entity_bench: 228 whole-entity checks whose query and candidate give a name or
 * name parts. Parts are joined given-then-family; the best score over the candidate's names counts.
 */
type Props = Record<string, string | string[] | undefined>;
interface Check {
  match: boolean;
  schema: string;
  query: Props;
  candidate: Props;
}

const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

function names(p: Props): string[] {
  const full = list(p.name);
  const parts = ['firstName', 'middleName', 'fatherName', 'lastName'].map((k) => list(p[k])[0]).filter(Boolean);
  return full.length > 0 ? full : [parts.join(' ')];
}

export function evaluateEntityChecks(evalDir: string, threshold = DEFAULT_MATCH_THRESHOLD): { all: Scores; persons: Scores } {
  const { checks } = parse(readFileSync(join(evalDir, 'nomenklatura_entity_bench_checks.yml'), 'utf8')) as { checks: Check[] };
  const all = emptyConfusion();
  const persons = emptyConfusion();
  for (const c of checks) {
    const kind = c.schema === 'Person' ? 'person' : 'organization';
    let best = 0;
    for (const q of names(c.query)) for (const n of names(c.candidate)) best = Math.max(best, scoreNames(q, n, kind));
    count(all, best >= threshold, c.match);
    if (c.schema === 'Person') count(persons, best >= threshold, c.match);
  }
  return { all: scores(all), persons: scores(persons) };
}

/** nomenklatura putin_names: 81 spellings, transliterations and titled forms of one name (recall only). */
export function evaluatePutinNames(evalDir: string, threshold = DEFAULT_MATCH_THRESHOLD): { rows: number; found: number; recall: number } {
  const spellings = readFileSync(join(evalDir, 'nomenklatura_putin_names.txt'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const found = spellings.filter((s) => scoreNames(s, 'Vladimir Vladimirovich Putin') >= threshold).length;
  return { rows: spellings.length, found, recall: found / spellings.length };
}
