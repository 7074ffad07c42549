import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadModelManifest } from '@idgate/inference';
import { createInProcessRunner, evaluateAgeViews, readLabels, SHARED_DIR, SHARED_MODELS_DIR, withAgeModelFile } from '@idgate/inference/testing';
import { frameAgeRange, type AgeDecoding, type AgeSpread, type AgeView } from '@idgate/inference/vision';
import { AGE_GATES, inGuardBand, sessionAgeVerdict, type AgeGatePolicy, type AgeGuardBand, type AgeRange } from '@idgate/protos';
import { loadConfig } from '@idgate/platform';

/**
 * `npm run bench:widget-fp16 [-- --shard i/n | --report]`: whether the widget's fp16-weight age
 * model (the manifest's `browser` file) decides as the float32 file the node runs, on every image of
 * ../shared/fixtures/ages, through the production path of a one-frame check (detector, quality gate,
 * crop and decoding of `@idgate/inference/vision`, the gate policy of the manifest):
 * - per face, |fp16 − fp32| of the estimate and of the low and high ends (the model runs one view
 *   per face: `mirror: false`, so the per-view and per-face differences are the same numbers), and
 *   the largest difference of the two files' cumulative distributions at any age (the band's
 *   `lowQuantileMass` stands on it: the float32 low end must lie within the fp16 file's bounds);
 * - the verdict at each gate from each file, and from the widget's rule: the fp16 numbers, unless a
 *   deciding number lies within the manifest's guard band of its threshold, then the fp32 numbers;
 *   with the low end's band in whole years and with its bounds from the probability mass;
 * - how many faces fall in the band (the share of users whose widget downloads the fp32 file).
 * Raw numbers per image stay in node_modules/.cache (they name fixture files); the aggregate goes
 * to bench/results/widget-fp16-agreement.json. `--shard i/n` measures every n-th image (run shards in
 * parallel, then `--report`, which only reads what they measured); an interrupted run resumes.
 */
const { values: args } = parseArgs({ options: { shard: { type: 'string' }, report: { type: 'boolean' } } });
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// v2: rows keep the fp16 distribution and the distributions' largest difference.
const CACHE = join(ROOT, 'node_modules/.cache/idgate-fp16-agreement-v2');
const OUT = join(ROOT, 'bench/results/widget-fp16-agreement.json');
const AGES_DIR = join(SHARED_DIR, 'fixtures/ages');

interface Row {
  file: string;
  dataset: string;
  age: number;
  fp32?: AgeRange;
  fp16?: AgeRange;
  /** The fp16 file's distribution over ages (views averaged), for the low end's bounds at any mass. */
  fp16Probs?: number[];
  /** The largest |F16(a) − F32(a)| of the two cumulative distributions over every age a. */
  cdfDifference?: number;
  refused?: string;
}

interface Manifest {
  active: { age: string };
  models: Record<
    string,
    {
      file: string;
      policy: AgeGatePolicy;
      decoding: AgeDecoding;
      spread?: AgeSpread;
      browser?: { file: string; sha256: string; guardBand: AgeGuardBand };
    }
  >;
}
const manifest = JSON.parse(readFileSync(join(ROOT, 'inference/models.manifest.json'), 'utf8')) as Manifest;
const ageSpec = manifest.models[manifest.active.age];
if (!ageSpec.browser) throw new Error('the active age model has no browser file to compare');
const browser = ageSpec.browser;
const spread: AgeSpread = ageSpec.spread ?? { kind: 'views' };

/** The views' distributions averaged and normalised, as frameAgeRange weighs them. */
function meanDistribution(views: readonly AgeView[]): number[] {
  const n = (views[0].probs as ArrayLike<number>).length;
  const out = new Array<number>(n).fill(0);
  for (const v of views) for (let i = 0; i < n; i++) out[i] += (v.probs as ArrayLike<number>)[i] / views.length;
  const total = out.reduce((x, y) => x + y, 0);
  return out.map((p) => p / total);
}

function largestCdfDifference(a: readonly number[], b: readonly number[]): number {
  let fa = 0;
  let fb = 0;
  let max = 0;
  for (let i = 0; i < a.length; i++) {
    fa += a[i];
    fb += b[i];
    max = Math.max(max, Math.abs(fa - fb));
  }
  return max;
}

async function measure(shard: string): Promise<void> {
  const [i, n] = shard.split('/').map(Number);
  mkdirSync(CACHE, { recursive: true });
  const file = join(CACHE, `shard-${i}-of-${n}.jsonl`);
  const done = new Set(
    existsSync(file)
      ? readFileSync(file, 'utf8')
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((l) => (JSON.parse(l) as Row).file)
      : [],
  );
  const config = loadConfig({ ...process.env, MODELS_DIR: process.env.MODELS_DIR || SHARED_MODELS_DIR });
  const models = await loadModelManifest({ modelsDir: config.modelsDir });
  const limits = { maxPixels: config.inferenceMaxPixels, maxImageBytes: config.inferenceMaxImageBytes };
  const fp32 = await createInProcessRunner(models, { intraOpThreads: 1, limits });
  const fp16 = await createInProcessRunner(await withAgeModelFile(models, browser.file, browser.sha256), { intraOpThreads: 1, limits });
  const labels = (await readLabels(AGES_DIR)).filter((_, k) => k % n === i && !done.has(_.file));
  let count = 0;
  for (const img of labels) {
    const a = await evaluateAgeViews(fp32, AGES_DIR, img);
    const b = await evaluateAgeViews(fp16, AGES_DIR, img);
    const base = { file: img.file, dataset: img.dataset, age: img.age };
    let row: Row;
    if ('refused' in a || 'refused' in b) row = { ...base, refused: 'refused' in a ? a.refused : (b as { refused: string }).refused };
    else {
      const distributions = a.every((v) => v.probs) && b.every((v) => v.probs);
      const p16 = distributions ? meanDistribution(b) : undefined;
      row = {
        ...base,
        fp32: frameAgeRange(a, spread, ageSpec.decoding),
        fp16: frameAgeRange(b, spread, ageSpec.decoding),
        ...(p16 ? { fp16Probs: p16.map((p) => Math.round(p * 1e9) / 1e9), cdfDifference: largestCdfDifference(meanDistribution(a), p16) } : {}),
      };
    }
    appendFileSync(file, `${JSON.stringify(row)}\n`);
    if (++count % 100 === 0) console.error(`shard ${shard}: ${count}/${labels.length}`);
  }
}

const r4 = (x: number): number => Math.round(x * 1e4) / 1e4;

function analyse(rows: readonly Row[]) {
  const policy = ageSpec.policy;
  const band = browser.guardBand;
  const mass = band.lowQuantileMass;
  // The fp16 range as the widget sends it: with its low end's bounds when the band has a mass.
  const withBounds = (r: Row & { fp16: AgeRange }): AgeRange =>
    mass !== undefined && r.fp16Probs
      ? { ...frameAgeRange([{ age: r.fp16.estimate, probs: r.fp16Probs }], spread, ageSpec.decoding, mass), estimate: r.fp16.estimate }
      : { estimate: r.fp16.estimate, low: r.fp16.low, high: r.fp16.high };
  const scored = (rows.filter((r) => r.fp32 && r.fp16) as (Row & { fp32: AgeRange; fp16: AgeRange })[]).map((r) => ({ ...r, fp16: withBounds(r) }));
  const yearsOnly = (r: AgeRange): AgeRange => ({ estimate: r.estimate, low: r.low, high: r.high });
  const max = { estimate: 0, low: 0, high: 0 };
  for (const r of scored) for (const k of ['estimate', 'low', 'high'] as const) max[k] = Math.max(max[k], Math.abs(r.fp32[k] - r.fp16[k]));
  const cdfDifference = Math.max(0, ...scored.map((r) => r.cdfDifference ?? 0));
  // The bounds' promise, checked face by face: the float32 low end lies within the fp16 file's bounds.
  const lowOutsideBounds = scored.filter((r) => r.fp16.lowFloor !== undefined && !(r.fp16.lowFloor <= r.fp32.low && r.fp32.low <= r.fp16.lowCeiling!)).length;
  // Labelled 18-49: the people a +18 site mostly sees, who download the float32 file when in the band.
  const adults = scored.filter((r) => r.age >= 18 && r.age <= 49).length;
  const perGate = AGE_GATES.map((gate) => {
    let differWithout = 0;
    let differWith = 0;
    let inBand = 0;
    let adultsInBand = 0;
    let inYearsBand = 0;
    let adultsInYearsBand = 0;
    for (const r of scored) {
      const v32 = sessionAgeVerdict(r.fp32, gate, policy);
      const v16 = sessionAgeVerdict(r.fp16, gate, policy);
      const near = inGuardBand(r.fp16, gate, policy, band);
      const adult = r.age >= 18 && r.age <= 49;
      if (near) inBand++;
      if (near && adult) adultsInBand++;
      if (inGuardBand(yearsOnly(r.fp16), gate, policy, band)) {
        inYearsBand++;
        if (adult) adultsInYearsBand++;
      }
      if (v16 !== v32) differWithout++;
      if ((near ? v32 : v16) !== v32) differWith++;
    }
    return {
      gate,
      decisionsDifferingWithoutBand: differWithout,
      decisionsDifferingWithBand: differWith,
      facesInBand: inBand,
      shareInBand: r4(inBand / scored.length),
      shareInBandAged18to49: r4(adultsInBand / adults),
      // The same band with the low end's whole years instead of its bounds (the widget before the bounds).
      shareInYearsBand: r4(inYearsBand / scored.length),
      shareInYearsBandAged18to49: r4(adultsInYearsBand / adults),
    };
  });
  const anyGate = (f: (r: (typeof scored)[number], gate: number) => boolean) => scored.filter((r) => AGE_GATES.some((g) => f(r, g))).length;
  return {
    generatedAt: new Date().toISOString(),
    set: 'shared/fixtures/ages (FG-NET true ages and UTKFace apparent ages; a calibration set, not a test set)',
    path: 'one-frame check in onnxruntime-node: the service detector and quality gate, the vision module crop and decoding, the manifest gate policy',
    fp32: ageSpec.file,
    fp16: browser.file,
    images: rows.length,
    refused: rows.length - scored.length,
    faces: scored.length,
    largestDifferenceYears: { estimate: r4(max.estimate), low: r4(max.low), high: r4(max.high) },
    largestCumulativeProbabilityDifference: Math.round(cdfDifference * 1e7) / 1e7,
    guardBand: band,
    guardBandOverLargestDifference: {
      estimate: r4(band.estimateYears / max.estimate),
      low: r4(band.lowYears / max.low),
      high: r4(band.highYears / max.high),
      ...(mass === undefined ? {} : { lowQuantileMass: r4(mass / cdfDifference) }),
    },
    facesWithFloat32LowOutsideBounds: lowOutsideBounds,
    perGate,
    imagesDifferingAtSomeGate: {
      withoutBand: anyGate((r, g) => sessionAgeVerdict(r.fp32, g, policy) !== sessionAgeVerdict(r.fp16, g, policy)),
      withBand: anyGate(
        (r, g) =>
          (inGuardBand(r.fp16, g, policy, band) ? sessionAgeVerdict(r.fp32, g, policy) : sessionAgeVerdict(r.fp16, g, policy)) !==
          sessionAgeVerdict(r.fp32, g, policy),
      ),
    },
    decisions: scored.length * AGE_GATES.length,
  };
}

// Without options: every image in this process, then the report.
if (args.shard || !args.report) await measure(args.shard ?? '0/1');
{
  // One row per image, whichever run (whole or shard) measured it.
  const byFile = new Map<string, Row>();
  for (const row of readdirSync(CACHE)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) =>
      readFileSync(join(CACHE, f), 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Row),
    ))
    byFile.set(row.file, row);
  const result = analyse([...byFile.values()]);
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
}
