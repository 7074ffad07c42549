import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  AGE_BANDS,
  bandOf,
  evaluateImage,
  GATES,
  peoplePassedUnderGate,
  readLabels,
  summarise,
  type DatasetReport,
  type ImageOutcome,
  type InProcessRunner,
} from '@idgate/inference/testing';

/**
 * `npm run bench:accuracy -- --ages DIR --out FILE`: the age gate on every image listed in
 * DIR/labels.csv, through the code path of a one-frame check. Writes FILE (JSON: the active age
 * model and, per dataset, images, refused, MAE per band and the pass/fail/undecided shares per gate
 * and band) and FILE's .svg twin (pass rates per band and gate).
 */
export interface AgesReport {
  readonly model: string;
  readonly datasets: Record<string, DatasetReport>;
}

export async function evaluateAges(
  runner: InProcessRunner,
  dir: string,
  model: string,
  progress: (done: number, total: number) => void,
  other?: InProcessRunner,
): Promise<{ report: AgesReport; outcomes: ImageOutcome[]; otherOutcomes: ImageOutcome[] }> {
  const labels = await readLabels(dir);
  const outcomes: ImageOutcome[] = [];
  const otherOutcomes: ImageOutcome[] = [];
  for (const img of labels) {
    outcomes.push(await evaluateImage(runner, dir, img));
    if (other) otherOutcomes.push(await evaluateImage(other, dir, img));
    if (outcomes.length % 250 === 0) progress(outcomes.length, labels.length);
  }
  return { report: { model, datasets: summarise(outcomes) }, outcomes, otherOutcomes };
}

/**
 * Where another file of the age model's network (`--compare-age-file`, e.g. fp16 weights) decides
 * otherwise than the manifest's file: per dataset, the images with a different verdict at any gate,
 * by band, and the largest difference in the estimate.
 */
export function compareDecisions(file: string, a: readonly ImageOutcome[], b: readonly ImageOutcome[]) {
  const datasets: Record<string, { images: number; differing: number; byBand: Record<string, number>; largestEstimateDifference: number }> = {};
  a.forEach((x, i) => {
    const y = b[i];
    const d = (datasets[x.dataset] ??= { images: 0, differing: 0, byBand: {}, largestEstimateDifference: 0 });
    d.images++;
    if (JSON.stringify(x.verdicts) !== JSON.stringify(y.verdicts)) {
      d.differing++;
      d.byBand[bandOf(x.age)] = (d.byBand[bandOf(x.age)] ?? 0) + 1;
    }
    if (x.estimate !== undefined && y.estimate !== undefined)
      d.largestEstimateDifference = Math.max(d.largestEstimateDifference, Math.round(Math.abs(x.estimate - y.estimate) * 1e4) / 1e4);
  });
  return { file, datasets };
}

export async function writeAgesReport(file: string, report: AgesReport): Promise<string> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  const svg = file.replace(/\.json$/, '') + '.svg';
  await writeFile(svg, renderPassChart(report));
  return svg;
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

export function printAgesReport(report: AgesReport, outcomes: readonly ImageOutcome[]): void {
  console.log(`\nAge gate on a labelled set (model ${report.model}); shares of all images of each band`);
  for (const [name, d] of Object.entries(report.datasets)) {
    console.log(`\n${name}: ${d.images} images, ${d.refused} refused`);
    console.log(`  MAE      ${AGE_BANDS.map((b) => `${b.padStart(6)} ${d.mae[b] === null ? '  -  ' : d.mae[b]?.toFixed(1).padStart(5)}`).join(' ')}`);
    // People at or above the gate whom it fails: a fail claims they are under age.
    const inSet = outcomes.filter((o) => o.dataset === name);
    for (const g of GATES) {
      const s = d.gates[String(g)];
      const atOrOver = inSet.filter((o) => o.age >= g);
      const failed = atOrOver.length ? atOrOver.filter((o) => o.verdicts?.[g] === 'fail').length / atOrOver.length : 0;
      console.log(`  +${g} pass ${AGE_BANDS.map((b) => `${b.padStart(6)} ${pct(s.passed[b]).padStart(6)}`).join('')}   failed aged ${g}+: ${pct(failed)}`);
    }
  }
  const people = peoplePassedUnderGate(outcomes, 18);
  console.log(`\nPeople passed at +18 on a photo taken under 18 (labels with subject_id): ${people.length ? people.join(', ') : 'none'}`);
}

/** Pass rates as a table of shaded cells per dataset: rows are gates, columns age bands. */
export function renderPassChart(report: AgesReport): string {
  const cell = 62;
  const esc = (s: string): string => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] as string);
  const out: string[] = [];
  let y = 50;
  for (const [name, d] of Object.entries(report.datasets)) {
    out.push(`<text x="20" y="${y}" font-weight="bold">${esc(name)} (${d.images} images, ${d.refused} refused)</text>`);
    AGE_BANDS.forEach((b, i) => out.push(`<text x="${90 + i * cell + cell / 2}" y="${y + 20}" text-anchor="middle">${b}</text>`));
    GATES.forEach((g, r) => {
      const top = y + 28 + r * 26;
      out.push(`<text x="20" y="${top + 17}">+${g} passed</text>`);
      AGE_BANDS.forEach((b, i) => {
        const v = d.gates[String(g)].passed[b];
        const under = Number.parseInt(b, 10) < g;
        const fill = under ? `rgba(214,39,40,${Math.min(1, 0.1 + v * 8).toFixed(2)})` : `rgba(44,160,44,${(0.1 + v * 0.9).toFixed(2)})`;
        out.push(`<rect x="${90 + i * cell}" y="${top}" width="${cell - 2}" height="24" fill="${fill}"/>`);
        out.push(`<text x="${90 + i * cell + cell / 2}" y="${top + 17}" text-anchor="middle">${pct(v)}</text>`);
      });
    });
    y += 28 + GATES.length * 26 + 40;
  }
  const head = `<text x="20" y="24" font-size="14" font-weight="bold">Age gate pass rates per band, ${esc(report.model)}</text><text x="20" y="${y - 12}">Red: bands starting under the gate. Green: at or over it.</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${90 + AGE_BANDS.length * cell + 40}" height="${y + 6}" font-family="sans-serif" font-size="12">`,
    '<rect width="100%" height="100%" fill="white"/>',
    head,
    ...out,
    '</svg>',
  ].join('\n');
}
