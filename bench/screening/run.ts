/**
 * Screening benchmark (docs/performance.md): accuracy on the fixture evaluation sets, then load and query
 * performance on a synthetic list streamed through the real loader.
 *   npm run bench:screening [-- --persons N] [--skip-eval] [--skip-perf] [--fixtures DIR]
 * Writes bench/results/screening-eval.json and bench/results/screening.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { DEFAULT_MATCH_THRESHOLD, ScreeningEngine } from '../../core/src/screening/index.ts';
import { evaluateEntityChecks, evaluatePutinNames } from './eval-entity-checks.ts';
import { evaluateNamePairs } from './eval-name-pairs.ts';
import { evaluateNegatives, evaluateUnPositives } from './eval-screening.ts';
import { printEval, printPerf } from './report.ts';
import { runPerf } from './perf.ts';

const { values } = parseArgs({
  options: {
    persons: { type: 'string', default: '1000000' },
    'skip-eval': { type: 'boolean', default: false },
    'skip-perf': { type: 'boolean', default: false },
    fixtures: { type: 'string' },
  },
});

const results = fileURLToPath(new URL('../results/', import.meta.url));
const fixtures = values.fixtures ?? fileURLToPath(new URL('../../../shared/fixtures/sanctions/', import.meta.url));
const evalDir = join(fixtures, 'eval');
mkdirSync(results, { recursive: true });

async function runEval() {
  const engine = new ScreeningEngine();
  await engine.refresh(join(fixtures, 'entities'));
  const report = {
    threshold: DEFAULT_MATCH_THRESHOLD,
    index: engine.status(),
    namePairs: evaluateNamePairs(evalDir, DEFAULT_MATCH_THRESHOLD),
    entityChecks: evaluateEntityChecks(evalDir),
    putinSpellings: evaluatePutinNames(evalDir),
    unPositives: evaluateUnPositives(engine, evalDir),
    negativesGlobal: evaluateNegatives(engine, join(evalDir, 'yente_negatives_global.csv')),
    negativesUs: evaluateNegatives(engine, join(evalDir, 'yente_negatives_us.csv')),
    usCongressNotListed: evaluateNegatives(engine, join(evalDir, 'yente_positives_us_congress_untreated.csv')),
  };
  writeFileSync(join(results, 'screening-eval.json'), `${JSON.stringify(report, null, 2)}\n`);
  printEval(report);
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
