/** Confusion counts and the usual ratios; undefined ratios are reported as null. */
export interface Confusion {
  tp: number;
  fp: number;
  tn: number;
  fn: number;
}

export interface Scores extends Confusion {
  precision: number | null;
  recall: number | null;
  f1: number | null;
}

export function emptyConfusion(): Confusion {
  return { tp: 0, fp: 0, tn: 0, fn: 0 };
}

export function count(c: Confusion, predicted: boolean, actual: boolean): void {
  if (predicted && actual) c.tp++;
  else if (predicted) c.fp++;
  else if (actual) c.fn++;
  else c.tn++;
}

const ratio = (a: number, b: number) => (b === 0 ? null : a / b);

export function scores(c: Confusion): Scores {
  const precision = ratio(c.tp, c.tp + c.fp);
  const recall = ratio(c.tp, c.tp + c.fn);
  const f1 = precision === null || recall === null || precision + recall === 0 ? null : (2 * precision * recall) / (precision + recall);
  return { ...c, precision, recall, f1 };
}

export const fmt = (x: number | null, digits = 3) => (x === null ? '   -  ' : x.toFixed(digits));
