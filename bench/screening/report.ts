import type { PerfReport } from './perf.ts';
import { fmt, type Scores } from './metrics.ts';
import type { DocumentFormsReport } from './eval-document-forms.ts';
import type { Baseline, EvalSummary, SetSummary } from './summary.ts';

/** Console tables of the screening benchmark. */
const row = (label: string, s: Scores, note = '') =>
  `  ${label.padEnd(46)} P ${fmt(s.precision)}  R ${fmt(s.recall)}  F1 ${fmt(s.f1)}  (TP ${s.tp} FP ${s.fp} TN ${s.tn} FN ${s.fn}) ${note}`;

export function printEval(r: any): void {
  const np = r.namePairs;
  console.log(`\nScreening accuracy at the documented threshold ${r.threshold} (index: ${r.index.personCount} persons, ${r.index.entityCount} entities)`);
  console.log('Name pairs (nomenklatura name_bench, name only):');
  console.log(row('ours, all 826 pairs', np.allPairs.ours));
  console.log(row('ours, the 812 pairs logic-v2 scored', np.frozenPairsCurrentLabels.ours));
  console.log(row('logic-v2 @0.70, same 812 pairs', np.frozenPairsCurrentLabels.logicV2));
  console.log(row('ours, 812 pairs, frozen-run labels', np.frozenPairsFrozenLabels.ours));
  console.log(row('logic-v2 @0.70, frozen-run labels (published)', np.frozenPairsFrozenLabels.logicV2));
  console.log(row('ours, Person pairs only', np.personPairs.ours));
  console.log(row('logic-v2 @0.70, Person pairs only', np.personPairs.logicV2));
  const tf = np.twoFold;
  console.log(
    `  two-fold check: best threshold on even rows ${tf.thresholdOnA} → F1 ${fmt(tf.scoresOnB.f1)} on odd rows; on odd rows ${tf.thresholdOnB} → F1 ${fmt(tf.scoresOnA.f1)} on even rows`,
  );
  console.log('Entity checks (nomenklatura entity_bench, 228):');
  console.log(row('all schemas', r.entityChecks.all));
  console.log(row('Person', r.entityChecks.persons));
  console.log(`  Putin spellings found: ${r.putinSpellings.found}/${r.putinSpellings.rows} (recall ${fmt(r.putinSpellings.recall)})`);
  console.log('Screening the fixture list (engine: name + birth date + nationality):');
  for (const [label, s] of [
    ['UN positives, clean (374 linked rows)', r.unPositives.clean],
    ['UN positives, typos (same 374 rows)', r.unPositives.typos],
  ] as const) {
    console.log(row(label, s, `found ${s.found}/${s.rows} = ${fmt(s.foundRate)}, rank 1: ${s.rankOne}`));
  }
  for (const [label, n] of [
    ['yente negatives, global', r.negativesGlobal],
    ['yente negatives, US', r.negativesUs],
    ['US Congress (not in the list)', r.usCongressNotListed],
  ] as const) {
    console.log(`  ${label.padEnd(46)} rows with a hit: ${n.rowsWithHit}/${n.rows} (false-positive rate ${fmt(n.falsePositiveRate)})`);
  }
  const d = r.documentForms as DocumentFormsReport;
  console.log(`Names as documents give them (${d.cases} cases generated from the fixture list, core/test/screening/document-forms.ts):`);
  console.log(row('all', d.all));
  for (const [kind, s] of Object.entries(d.byKind)) {
    const note = s.dismissed === null ? '' : `dismissed ${fmt(s.dismissed)}`;
    console.log(row(`${kind} (${s.cases})`, s, note));
  }
}

function cell(s: SetSummary | undefined): string {
  if (!s) return '      -        ';
  if (s.rowsWithHit !== undefined) return `hits ${`${s.rowsWithHit}/${s.rows}`.padEnd(10)}`;
  if (s.dismissed !== undefined) return `dismissed ${fmt(s.dismissed ?? null)}`;
  return `P ${fmt(s.precision)} R ${fmt(s.recall)}`;
}

/** Precision and recall per set, before (the baseline run) and now. */
export function printSummary(now: EvalSummary, before: Baseline | null): void {
  console.log(`\nPrecision and recall per set: before (${before ? `commit ${before.commit.slice(0, 10)}` : 'no baseline'}) → now`);
  for (const [set, s] of Object.entries(now)) console.log(`  ${set.padEnd(46)} ${cell(before?.summary[set])}  →  ${cell(s)}`);
}

export function printPerf(r: PerfReport & { loadAverage: { before: number[]; after: number[] } }): void {
  const q = r.queries;
  console.log(`\nScreening load and latency: ${r.persons.toLocaleString('en')} synthetic persons (${r.fileMiB.toFixed(0)} MiB FtM JSON lines)`);
  console.log(
    `  hardware: ${r.hardware.cpu}, ${r.hardware.cores} cores, node ${r.hardware.node}; load average ${r.loadAverage.before.map((x) => x.toFixed(1)).join('/')} before, ${r.loadAverage.after.map((x) => x.toFixed(1)).join('/')} after`,
  );
  console.log(`  index build (stream + parse + index): ${r.buildSeconds.toFixed(1)} s   [target < 120 s]`);
  console.log(
    `  memory after build: RSS ${r.memory.rssMiB.toFixed(0)} MiB (peak ${r.memory.peakRssMiB.toFixed(0)} MiB), heap ${r.memory.heapUsedMiB.toFixed(0)} MiB, array buffers ${r.memory.arrayBuffersMiB.toFixed(0)} MiB   [target RSS < 2048 MiB]`,
  );
  console.log(
    `  queries: ${q.count}, p50 ${q.p50Ms.toFixed(2)} ms, p99 ${q.p99Ms.toFixed(2)} ms, max ${q.maxMs.toFixed(1)} ms, ${q.perSecond.toFixed(0)} queries/s on one thread   [target p99 < 5 ms]`,
  );
  console.log(
    `  process CPU time per query (all threads incl. GC; excludes waiting for a core on the shared machine): p50 ${r.queryCpu.p50Ms.toFixed(2)} ms, p99 ${r.queryCpu.p99Ms.toFixed(2)} ms, mean ${r.queryCpu.meanMs.toFixed(2)} ms`,
  );
  console.log(
    `  synthetic recall: exact ${fmt(r.syntheticRecall.exact)}, reordered ${fmt(r.syntheticRecall.reordered)}, one typo ${fmt(r.syntheticRecall.typo)}`,
  );
  console.log(`  targets met: ${r.targets.met}`);
}
