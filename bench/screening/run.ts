/**
 * Screening benchmark (docs/performance.md): accuracy on the fixture evaluation sets, then load and query
 * performance on a synthetic list streamed through the real loader.
 *   npm run bench:screening [-- --persons N] [--skip-eval] [--skip-perf] [--fixtures DIR] [--save-baseline]
 * Writes bench/results/screening-eval.json and bench/results/screening.json. The evaluation's
 * precision and recall per set are recorded beside those of the baseline run
 * (bench/results/screening-eval-before.json, written by --save-baseline).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { DEFAULT_MATCH_THRESHOLD, ScreeningEngine } from '../../core/src/screening/index.ts';
import { evaluateEntityChecks, evaluatePutinNames } from './eval-entity-checks.ts';
import { evaluateNamePairs } from './eval-name-pairs.ts';
import { evaluateNegatives, evaluateUnPositives } from './eval-screening.ts';
import { evaluateDocumentForms } from './eval-document-forms.ts';
import { printEval, printPerf, printSummary } from './report.ts';
import { readBaseline, summarise, type Baseline } from './summary.ts';
import { runPerf } from './perf.ts';

const { values } = parseArgs({
  options: {
    persons: { type: 'string', default: '1000000' },
    'skip-eval': { type: 'boolean', default: false },
    'skip-perf': { type: 'boolean', default: false },
    fixtures: { type: 'string' },
    'save-baseline': { type: 'boolean', default: false },
  },
});

const results = fileURLToPath(new URL('../results/', import.meta.url));
const fixtures = values.fixtures ?? fileURLToPath(new URL('../../../shared/fixtures/sanctions/', import.meta.url));
const evalDir = join(fixtures, 'eval');
mkdirSync(results, { recursive: true });

const baselinePath = join(results, 'screening-eval-before.json');

function currentCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function runEval() {
  const engine = new ScreeningEngine();
  const entities = join(fixtures, 'entities');
  await engine.refresh(entities);
  const sets = {
    threshold: DEFAULT_MATCH_THRESHOLD,
    index: engine.status(),
    namePairs: evaluateNamePairs(evalDir, DEFAULT_MATCH_THRESHOLD),
    entityChecks: evaluateEntityChecks(evalDir),
    putinSpellings: evaluatePutinNames(evalDir),
    unPositives: evaluateUnPositives(engine, evalDir),
    negativesGlobal: evaluateNegatives(engine, join(evalDir, 'yente_negatives_global.csv')),
    negativesUs: evaluateNegatives(engine, join(evalDir, 'yente_negatives_us.csv')),
    usCongressNotListed: evaluateNegatives(engine, join(evalDir, 'yente_positives_us_congress_untreated.csv')),
    documentForms: evaluateDocumentForms(engine, entities),
  };
  const summary = summarise(sets);
  if (values['save-baseline']) {
    const baseline: Baseline = { commit: currentCommit(), measuredAt: new Date().toISOString(), summary };
    writeFileSync(baselinePath, `${JSON.stringify(baseline, null, 2)}\n`);
  }
  const before = readBaseline(baselinePath);
  const report = { ...sets, summary, before };
  writeFileSync(join(results, 'screening-eval.json'), `${JSON.stringify(report, null, 2)}\n`);
  printEval(report);
  printSummary(summary, before);
}

async function runPerfBench() {
  const persons = Number(values.persons);
  if (!Number.isInteger(persons) || persons < 1000) throw new Error('--persons must be an integer >= 1000');
  const loadBefore = loadavg();
  const report = await runPerf(fixtures, persons, join(results, 'tmp'));
  const withLoad = { ...report, loadAverage: { before: loadBefore, after: loadavg() }, measuredAt: new Date().toISOString() };
  writeFileSync(join(results, 'screening.json'), `${JSON.stringify(withLoad, null, 2)}\n`);
  printPerf(withLoad);
}

if (!values['skip-eval']) await runEval();
if (!values['skip-perf']) await runPerfBench();
