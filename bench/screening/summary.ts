import { existsSync, readFileSync } from 'node:fs';
import type { DocumentFormsReport } from './eval-document-forms.ts';
import type { NegativeReport, PositiveReport } from './eval-screening.ts';
import type { Scores } from './metrics.ts';

/**
 * Precision and recall of every evaluation set on one line each, so that two runs compare at a
 * glance: the benchmark keeps the summary of the run before the document-form matching rules
 * (bench/results/screening-eval-before.json) and records it beside the current one.
 * Negative sets have no true positives: their line carries the rows with a hit instead.
 */
export interface SetSummary {
  precision: number | null;
  recall: number | null;
  f1?: number | null;
  rowsWithHit?: number;
  rows?: number;
  /** Sets of non-matching cases only: the share whose entry was not returned. */
  dismissed?: number | null;
}

export type EvalSummary = Record<string, SetSummary>;

export interface EvalReportParts {
  namePairs: { allPairs: { ours: Scores }; personPairs: { ours: Scores } };
  entityChecks: { all: Scores; persons: Scores };
  putinSpellings: { rows: number; found: number; recall: number };
  unPositives: { clean: PositiveReport; typos: PositiveReport };
  negativesGlobal: NegativeReport;
  negativesUs: NegativeReport;
  usCongressNotListed: NegativeReport;
  documentForms: DocumentFormsReport;
}

const pr = (s: Scores): SetSummary => ({ precision: s.precision, recall: s.recall, f1: s.f1 });
const negative = (n: NegativeReport): SetSummary => ({ precision: null, recall: null, rowsWithHit: n.rowsWithHit, rows: n.rows });

export function summarise(r: EvalReportParts): EvalSummary {
  const summary: EvalSummary = {
    'name_bench, all pairs': pr(r.namePairs.allPairs.ours),
    'name_bench, Person pairs': pr(r.namePairs.personPairs.ours),
    'entity_bench, all': pr(r.entityChecks.all),
    'entity_bench, Person': pr(r.entityChecks.persons),
    'Putin spellings': { precision: null, recall: r.putinSpellings.recall },
    'UN positives, clean': pr(r.unPositives.clean),
    'UN positives, typos': pr(r.unPositives.typos),
    'yente negatives, global': negative(r.negativesGlobal),
    'yente negatives, US': negative(r.negativesUs),
    'US Congress (not listed)': negative(r.usCongressNotListed),
    'document forms, all': pr(r.documentForms.all),
  };
  for (const [kind, s] of Object.entries(r.documentForms.byKind)) {
    summary[`document forms, ${kind}`] = s.tp + s.fn === 0 ? { precision: null, recall: null, dismissed: s.dismissed } : pr(s);
  }
  return summary;
}

export interface Baseline {
  /** The commit whose engine produced these numbers. */
  commit: string;
  measuredAt: string;
  summary: EvalSummary;
}

export function readBaseline(path: string): Baseline | null {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Baseline) : null;
}
