import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { readdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  callUnary,
  createInferenceClient,
  isAppError,
  type InferenceEmbedding__Output,
  type InferenceServiceClient,
  type UnaryMethodOf,
  type UnaryRequest,
} from '@idgate/protos';
import { createLogger, loadConfig } from '@idgate/platform';
import { loadModelManifest, startInferenceNode } from '@idgate/inference';
import {
  APPARENT_AGES,
  createInProcessRunner,
  FACES_DIR,
  identityFixtures,
  LIVENESS_TRUTH,
  SHARED_MODELS_DIR,
  withAgeModelFile,
} from '@idgate/inference/testing';
import { compareDecisions, evaluateAges, printAgesReport, writeAgesReport } from './ages.ts';
import { ageError, maePerBand, matchSummary, thresholdRates, type AgeRow, type PairScore } from './metrics.ts';
import { printReport } from './report.ts';

/**
 * `npm run bench:accuracy [-- --ages DIR --out FILE]`: the fixture accuracy report (face match
 * FAR/FRR, age per fixture with C-AGE-1 rates, liveness per fixture), through a real inference
 * node, written to bench/results/accuracy.json; with --ages, also the age gate on every image of
 * DIR/labels.csv (ages.ts), written to FILE (default bench/results/accuracy-ages.json) and its .svg;
 * with --compare-age-file NAME (a file in MODELS_DIR of the same network, such as its fp16-weight
 * variant), also where that file decides otherwise, written to FILE's -compare.json twin.
 * MODELS_DIR defaults to ../shared/models.
 */
const RESULTS = fileURLToPath(new URL('../results/', import.meta.url));
const THRESHOLDS = [12, 15, 18, 21, 25];
const { values: args } = parseArgs({ options: { ages: { type: 'string' }, out: { type: 'string' }, 'compare-age-file': { type: 'string' } } });
if (args.out && !args.ages) throw new Error('--out names the file of the --ages report: give --ages DIR too');

const config = loadConfig({
  ...process.env,
  MODELS_DIR: process.env.MODELS_DIR || SHARED_MODELS_DIR,
  INFERENCE_GRPC_ADDRESS: '127.0.0.1:0',
  INFERENCE_POOL_SIZE: String(availableParallelism()),
  LOG_LEVEL: 'warn',
});
const node = await startInferenceNode({ config, logger: createLogger({ level: 'warn', component: 'bench-accuracy' }) });
const client = createInferenceClient(node.address);
const call = <M extends UnaryMethodOf<InferenceServiceClient>>(method: M, req: UnaryRequest<InferenceServiceClient, M>) => callUnary(client, method, req);
const image = (file: string): Promise<Buffer> => readFile(join(FACES_DIR, file));

type Embedding = InferenceEmbedding__Output;

async function pairs(): Promise<{ summary: ReturnType<typeof matchSummary>; model: string }> {
  const fixtures = identityFixtures();
  const emb = new Map<string, Embedding>();
  await Promise.all(fixtures.map(async (f) => emb.set(f.file, (await call('embedFace', { image: await image(f.file) })).embedding!)));
  const scores: PairScore[] = [];
  let threshold = 0;
  for (let i = 0; i < fixtures.length; i++) {
    for (let j = i + 1; j < fixtures.length; j++) {
      const r = await call('matchFaces', { probe: { embedding: emb.get(fixtures[i].file) }, reference: { embedding: emb.get(fixtures[j].file) } });
      threshold = Math.round(r.threshold! * 1e4) / 1e4; // float32 on the wire
      scores.push({
        a: fixtures[i].file,
        b: fixtures[j].file,
        same: fixtures[i].identity === fixtures[j].identity,
        similarity: r.similarity ?? 0,
        match: r.match ?? false,
      });
    }
  }
  return { summary: matchSummary(scores, threshold), model: emb.values().next().value?.model ?? '' };
}

async function ages(): Promise<AgeRow[]> {
  const rows: AgeRow[] = [];
  for (const [file, apparent] of Object.entries(APPARENT_AGES)) {
    try {
      const r = await call('estimateAge', { image: await image(file) });
      const verdicts = Object.fromEntries(r.verdicts!.map((v) => [String(v.threshold), v.verdict!.replace('AGE_VERDICT_', '').toLowerCase()]));
      rows.push({ file, apparent, estimate: r.estimatedAge, low: r.low ?? 0, high: r.high ?? 0, verdicts });
    } catch (err) {
      rows.push({ file, apparent, refused: isAppError(err) ? err.code : String(err) });
    }
  }
  return rows;
}

async function liveness() {
  const files = readdirSync(FACES_DIR)
    .filter((f) => f !== 'group_6_people.jpg')
    .sort();
  const rows = [];
  for (const file of files) {
    const truth: string = LIVENESS_TRUTH[file] ?? 'bona fide web photo';
    try {
      const r = await call('checkLiveness', { frames: [await image(file)] });
      rows.push({ file, truth, score: r.score ?? 0, live: r.live ?? false, threshold: r.threshold });
    } catch (err) {
      rows.push({ file, truth, refused: isAppError(err) ? err.code : String(err) });
    }
  }
  return rows;
}

async function labelledAges(dir: string, out: string): Promise<void> {
  const models = await loadModelManifest({ modelsDir: config.modelsDir });
  const limits = { maxPixels: config.inferenceMaxPixels, maxImageBytes: config.inferenceMaxImageBytes };
  const runner = await createInProcessRunner(models, { intraOpThreads: 1, limits });
  const compareFile = args['compare-age-file'];
  const other = compareFile ? await createInProcessRunner(await withAgeModelFile(models, compareFile), { intraOpThreads: 1, limits }) : undefined;
  const { report, outcomes, otherOutcomes } = await evaluateAges(
    runner,
    dir,
    models.active.age.id,
    (done, total) => console.error(`  ${done}/${total} images`),
    other,
  );
  const svg = await writeAgesReport(out, report);
  printAgesReport(report, outcomes);
  console.log(`\nwrote ${out} and ${svg}`);
  if (compareFile) {
    const comparison = compareDecisions(compareFile, outcomes, otherOutcomes);
    const file = out.replace(/\.json$/, '') + '-compare.json';
    await writeFile(file, `${JSON.stringify(comparison, null, 2)}\n`);
    console.log(`\n${compareFile} against ${models.active.age.file}: ${JSON.stringify(comparison.datasets)}\nwrote ${file}`);
  }
}

try {
  if (args.ages) await labelledAges(args.ages, args.out ?? join(RESULTS, 'accuracy-ages.json'));
  const match = await pairs();
  const ageRows = await ages();
  const liveRows = await liveness();
  const attacks = liveRows.filter((r) => r.truth === 'attack');
  const live = liveRows.filter((r) => r.truth === 'live');
  const web = liveRows.filter((r) => r.truth === 'bona fide web photo' && 'live' in r);
  const report = {
    generatedAt: new Date().toISOString(),
    fixtures: 'shared/fixtures/faces (MANIFEST 10.1); ages are apparent ranges judged by eye (MANIFEST 7), not birth dates',
    faceMatch: { model: match.model, ...match.summary },
    age: {
      rows: ageRows.map((r) => ({ ...r, errorYears: ageError(r) })),
      maePerBand: maePerBand(ageRows),
      thresholds: thresholdRates(ageRows, THRESHOLDS),
      demographics: 'not reported: the fixtures carry no sex or skin-tone labels (C-AGE-1 asks for them; needs a labelled evaluation set)',
    },
    liveness: {
      rows: liveRows,
      apcer: attacks.filter((r) => 'live' in r && r.live).length / attacks.length,
      bpcerLiveCaptures: live.filter((r) => !('live' in r) || !r.live).length / live.length,
      webPhotosJudgedNotLive: `${web.filter((r) => !r.live).length}/${web.length}`,
      note: 'C-PAD-1 wants >=150 attacks per species; this is 3 attacks and 1 live capture: a smoke test, not an evaluation',
    },
  };
  await mkdir(RESULTS, { recursive: true });
  await writeFile(join(RESULTS, 'accuracy.json'), `${JSON.stringify(report, null, 2)}\n`);
  printReport(report);
} finally {
  client.close();
  await node.close();
}
