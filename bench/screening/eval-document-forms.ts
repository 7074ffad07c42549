import type { ScreeningEngine } from '../../core/src/screening/index.ts';
import { DOCUMENT_FORM_KINDS, documentFormCases, type DocumentFormCase, type DocumentFormKind } from '../../core/test/screening/document-forms.ts';
import { emptyConfusion, scores, type Confusion, type Scores } from './metrics.ts';

/**
 * Names as documents give them (core/test/screening/document-forms.ts): cases generated from the
 * fixture list's Persons, screened with the engine's default threshold. Counting, per case:
 * - the entry it was made from is the person (`match`): found → TP, not found → FN;
 * - it is not (a contradicting birth date or nationality): returned → FP, not returned → TN;
 * - every other entry returned → FP (the document's person is not on the list twice).
 */
export interface KindReport extends Scores {
  cases: number;
  /** Of the cases whose entry is not the person, the share where that entry was not returned; null when all match. */
  dismissed: number | null;
}

export interface DocumentFormsReport {
  cases: number;
  all: Scores;
  byKind: Record<DocumentFormKind, KindReport>;
}

function tally(c: Confusion, engine: ScreeningEngine, k: DocumentFormCase): void {
  const hits = engine.screen(k.query, { limit: 20 });
  const found = hits.some((h) => h.entityId === k.entityId);
  if (k.match) {
    if (found) c.tp++;
    else c.fn++;
  } else if (found) c.fp++;
  else c.tn++;
  c.fp += hits.filter((h) => h.entityId !== k.entityId).length;
}

export function evaluateDocumentForms(engine: ScreeningEngine, entitiesDir: string): DocumentFormsReport {
  const cases = documentFormCases(entitiesDir);
  const all = emptyConfusion();
  const byKind = {} as DocumentFormsReport['byKind'];
  for (const kind of DOCUMENT_FORM_KINDS) {
    const c = emptyConfusion();
    const ofKind = cases.filter((k) => k.kind === kind);
    for (const k of ofKind) tally(c, engine, k);
    for (const key of ['tp', 'fp', 'tn', 'fn'] as const) all[key] += c[key];
    const negatives = ofKind.filter((k) => !k.match).length;
    byKind[kind] = { ...scores(c), cases: ofKind.length, dismissed: negatives > 0 ? c.tn / negatives : null };
  }
  return { cases: cases.length, all: scores(all), byKind };
}
