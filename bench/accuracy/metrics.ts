/** Pure accuracy arithmetic for `npm run bench:accuracy` (C-AGE-1, C-PAD-1 style summaries). */

export interface PairScore {
  readonly a: string;
  readonly b: string;
  readonly same: boolean;
  readonly similarity: number;
  readonly match: boolean;
}

export function matchSummary(pairs: readonly PairScore[], threshold: number) {
  const same = pairs.filter((p) => p.same);
  const diff = pairs.filter((p) => !p.same);
  const falseAccepts = diff.filter((p) => p.match);
  const falseRejects = same.filter((p) => !p.match);
  const minSame = Math.min(...same.map((p) => p.similarity));
  const maxDiff = Math.max(...diff.map((p) => p.similarity));
  return {
    threshold,
    pairs: pairs.length,
    samePairs: same.length,
    differentPairs: diff.length,
    far: falseAccepts.length / diff.length,
    frr: falseRejects.length / same.length,
    falseAccepts: falseAccepts.map((p) => `${p.a}~${p.b}`),
    falseRejects: falseRejects.map((p) => `${p.a}~${p.b}`),
    minSameSimilarity: minSame,
    maxDifferentSimilarity: maxDiff,
    margin: minSame - maxDiff,
    lowestSame: [...same]
      .sort((x, y) => x.similarity - y.similarity)
      .slice(0, 3)
      .map((p) => ({ pair: `${p.a}~${p.b}`, similarity: p.similarity })),
    highestDifferent: [...diff]
      .sort((x, y) => y.similarity - x.similarity)
      .slice(0, 3)
      .map((p) => ({ pair: `${p.a}~${p.b}`, similarity: p.similarity })),
  };
}

export interface AgeRow {
  readonly file: string;
  readonly apparent: readonly [number, number];
  readonly estimate?: number;
  readonly low?: number;
  readonly high?: number;
  readonly verdicts?: Record<string, string>;
  readonly refused?: string;
}

/** Years outside the apparent range (0 inside it). */
export function ageError(row: AgeRow): number | undefined {
  if (row.estimate === undefined) return undefined;
  const [lo, hi] = row.apparent;
  return row.estimate < lo ? row.estimate - lo : row.estimate > hi ? row.estimate - hi : 0;
}

const BANDS: readonly [string, number, number][] = [
  ['6-12', 6, 12],
  ['13-17', 13, 17],
  ['18-24', 18, 24],
  ['25+', 25, 200],
];

/** C-AGE-1: mean absolute error per band, against the midpoint of the apparent range. */
export function maePerBand(rows: readonly AgeRow[]) {
  const scored = rows.filter((r) => r.estimate !== undefined);
  const under6 = scored.filter((r) => (r.apparent[0] + r.apparent[1]) / 2 < 6);
  const bands = BANDS.map(([band, lo, hi]) => {
    const inBand = scored.filter((r) => {
      const mid = (r.apparent[0] + r.apparent[1]) / 2;
      return mid >= lo && mid <= hi;
    });
    const mae = inBand.length ? inBand.reduce((s, r) => s + Math.abs((r.estimate as number) - (r.apparent[0] + r.apparent[1]) / 2), 0) / inBand.length : null;
    return { band, n: inBand.length, mae };
  });
  return { bands, notInAnyBand: under6.map((r) => r.file) };
}

/**
 * C-AGE-1 per threshold: share of people younger than T who are accepted (false positives) and
 * of people older than T sent to step-up (undecided) or failed.
 */
export function thresholdRates(rows: readonly AgeRow[], thresholds: readonly number[]) {
  const scored = rows.filter((r) => r.verdicts);
  return thresholds.map((t) => {
    const younger = scored.filter((r) => r.apparent[1] < t);
    const older = scored.filter((r) => r.apparent[0] >= t);
    const v = (r: AgeRow) => r.verdicts?.[String(t)];
    return {
      threshold: t,
      younger: younger.length,
      youngerAccepted: younger.filter((r) => v(r) === 'pass').length,
      falsePositiveRate: younger.length ? younger.filter((r) => v(r) === 'pass').length / younger.length : null,
      older: older.length,
      olderSteppedUp: older.filter((r) => v(r) === 'undecided').length,
      olderFailed: older.filter((r) => v(r) === 'fail').length,
      stepUpRate: older.length ? older.filter((r) => v(r) !== 'pass').length / older.length : null,
    };
  });
}
