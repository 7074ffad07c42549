/** Small statistics helpers for the inference benchmark. */

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export interface Summary {
  readonly n: number;
  readonly p50: number;
  readonly p99: number;
  readonly mean: number;
}

export function summarize(values: readonly number[]): Summary {
  const round = (v: number): number => Math.round(v * 100) / 100;
  return {
    n: values.length,
    p50: round(percentile(values, 50)),
    p99: round(percentile(values, 99)),
    mean: round(values.reduce((s, v) => s + v, 0) / Math.max(1, values.length)),
  };
}

/** Per-stage summaries from the `timingsMs` maps the node returns. */
export function stageSummaries(timings: readonly Record<string, number>[]): Record<string, Summary> {
  const stages = new Set(timings.flatMap((t) => Object.keys(t)));
  return Object.fromEntries([...stages].sort().map((s) => [s, summarize(timings.map((t) => t[s] ?? 0))]));
}
