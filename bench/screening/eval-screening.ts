import { join } from 'node:path';
import type { ScreeningEngine, ScreeningQuery } from '../../core/src/screening/index.ts';
import { countryCode } from './countries.ts';
import { readCsv } from './csv.ts';
import { emptyConfusion, scores, type Scores } from './metrics.ts';

/**
 * Screening evaluations against the engine loaded with every fixture entity file:
 * - UN positives: each of the 374 linked rows (clean and typo'd copies) must find its entity;
 *   TP = expected entity among the hits, FN = not, FP = every other entity returned.
 * - yente negatives (synthetic people) and US Congress members (not in the fixtures): every
 *   hit is a false positive.
 */
export interface PositiveReport extends Scores {
  rows: number;
  found: number;
  foundRate: number;
  rankOne: number;
  missedRows: number[];
}

export interface NegativeReport {
  rows: number;
  rowsWithHit: number;
  hits: number;
  falsePositiveRate: number;
}

/** The fixtures' dates are not always ISO ("1969-7-16", "1974-01-32"): pad, else keep the year. */
export function lenientDate(value: string): string | undefined {
  const m = /^(\d{4})(?:-(\d{1,2})-(\d{1,2}))?$/.exec(value.trim());
  if (!m) return undefined;
  if (!m[2]) return m[1];
  const iso = `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(iso) ? iso : m[1];
}

function query(name: string, dob: string, nationality: string): ScreeningQuery {
  const q: ScreeningQuery = { name };
  const birthDate = lenientDate(dob);
  if (birthDate) q.birthDate = birthDate;
  const code = nationality ? countryCode(nationality) : undefined;
  if (code) q.nationality = code;
  return q;
}

function positives(engine: ScreeningEngine, rows: { row: number; q: ScreeningQuery; expected: string }[]): PositiveReport {
  const c = emptyConfusion();
  let rankOne = 0;
  const missedRows: number[] = [];
  for (const { row, q, expected } of rows) {
    const hits = engine.screen(q, { limit: 20 });
    const found = hits.some((h) => h.entityId === expected);
    if (found) c.tp++;
    else {
      c.fn++;
      missedRows.push(row);
    }
    c.fp += hits.filter((h) => h.entityId !== expected).length;
    if (hits[0]?.entityId === expected) rankOne++;
  }
  return { ...scores(c), rows: rows.length, found: c.tp, foundRate: c.tp / rows.length, rankOne, missedRows };
}

export function evaluateUnPositives(engine: ScreeningEngine, evalDir: string): { clean: PositiveReport; typos: PositiveReport } {
  const untreated = readCsv(join(evalDir, 'yente_positives_un_untreated.csv'));
  const linked = readCsv(join(evalDir, 'derived_un_positives_expected_ids.csv')).filter((r) => r.expected_entity_id);
  const clean = linked.map((r) => {
    const source = untreated[Number(r.row) - 1];
    return { row: Number(r.row), q: query(source.full_name, source.date_of_birth, source.nationality), expected: r.expected_entity_id };
  });
  const typos = linked.map((r) => ({
    row: Number(r.row),
    q: query(r.treated_full_name, r.treated_date_of_birth, r.treated_nationality),
    expected: r.expected_entity_id,
  }));
  return { clean: positives(engine, clean), typos: positives(engine, typos) };
}

export function evaluateNegatives(engine: ScreeningEngine, path: string): NegativeReport {
  const rows = readCsv(path);
  let rowsWithHit = 0;
  let hits = 0;
  for (const r of rows) {
    const found = engine.screen(query(r.full_name, r.date_of_birth, r.nationality), { limit: 20 });
    if (found.length > 0) rowsWithHit++;
    hits += found.length;
  }
  return { rows: rows.length, rowsWithHit, hits, falsePositiveRate: rowsWithHit / rows.length };
}
