import { join } from 'node:path';
import { scoreNames } from '../../core/src/screening/index.ts';
import { readCsv } from './csv.ts';
import { count, emptyConfusion, scores, type Scores } from './metrics.ts';

/**
 * nomenklatura name_bench: 826 labelled name pairs, scored name-only with our scorer, next to
 * logic-v2's frozen scores (at its 0.70 threshold) on the 812 pairs the frozen run has. The
 * frozen run used older labels on 5 pairs; both label versions are reported.
 */
export interface Comparison {
  ours: Scores;
  logicV2: Scores | null;
}

export interface NamePairReport {
  allPairs: Comparison;
  frozenPairsCurrentLabels: Comparison;
  frozenPairsFrozenLabels: Comparison;
  personPairs: Comparison;
  /** Best-F1 threshold chosen on one half (even/odd rows) and applied to the other. */
  twoFold: { thresholdOnA: number; scoresOnB: Scores; thresholdOnB: number; scoresOnA: Scores };
}

interface ScoredPair {
  person: boolean;
  actual: boolean;
  score: number;
  frozen: { score: number; actual: boolean } | null;
}

const pairKey = (r: Record<string, string>) => `${r.schema}\u0000${r.name1}\u0000${r.name2}`;

function confusionAt(pairs: { score: number; actual: boolean }[], threshold: number): Scores {
  const c = emptyConfusion();
  for (const p of pairs) count(c, p.score >= threshold, p.actual);
  return scores(c);
}

/** The threshold with the best F1 on `pairs` (grid 0.50..0.90). */
function bestThreshold(pairs: ScoredPair[]): number {
  let best = 0.5;
  let bestF1 = -1;
  for (let t = 0.5; t <= 0.9001; t += 0.01) {
    const f1 = confusionAt(pairs, t).f1 ?? 0;
    if (f1 > bestF1) [best, bestF1] = [Number(t.toFixed(2)), f1];
  }
  return best;
}

function scorePairs(evalDir: string): ScoredPair[] {
  // The frozen file is a sub-multiset of the cases (some pairs occur twice in the cases).
  const frozen = new Map<string, { score: number; actual: boolean }[]>();
  for (const r of readCsv(join(evalDir, 'nomenklatura_name_bench_logicv2-frozen.csv'))) {
    frozen.set(pairKey(r), [...(frozen.get(pairKey(r)) ?? []), { score: Number(r.score), actual: r.is_match === 'true' }]);
  }
  return readCsv(join(evalDir, 'nomenklatura_name_bench_cases.csv')).map((r) => ({
    person: r.schema === 'Person',
    actual: r.is_match === 'true',
    score: scoreNames(r.name1, r.name2, r.schema === 'Person' ? 'person' : 'organization'),
    frozen: frozen.get(pairKey(r))?.shift() ?? null,
  }));
}

export function evaluateNamePairs(evalDir: string, threshold: number): NamePairReport {
  const pairs = scorePairs(evalDir);
  const onFrozen = pairs.filter((p) => p.frozen !== null);
  const compare = (subset: ScoredPair[], frozenLabels: boolean): Comparison => ({
    ours: confusionAt(
      subset.map((p) => ({ score: p.score, actual: frozenLabels ? p.frozen!.actual : p.actual })),
      threshold,
    ),
    logicV2: confusionAt(
      subset.map((p) => ({ score: p.frozen!.score, actual: frozenLabels ? p.frozen!.actual : p.actual })),
      0.7,
    ),
  });
  const [a, b] = [pairs.filter((_, i) => i % 2 === 0), pairs.filter((_, i) => i % 2 === 1)];
  const [thresholdOnA, thresholdOnB] = [bestThreshold(a), bestThreshold(b)];
  return {
    allPairs: { ours: confusionAt(pairs, threshold), logicV2: null },
    frozenPairsCurrentLabels: compare(onFrozen, false),
    frozenPairsFrozenLabels: compare(onFrozen, true),
    personPairs: compare(
      onFrozen.filter((p) => p.person),
      false,
    ),
    twoFold: { thresholdOnA, scoresOnB: confusionAt(b, thresholdOnA), thresholdOnB, scoresOnA: confusionAt(a, thresholdOnB) },
  };
}
