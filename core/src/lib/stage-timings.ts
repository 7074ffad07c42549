/**
 * Per-stage durations of a flow kept in memory (the last `capacity` samples per stage), for the
 * document-path benchmark and operators: count, p50, p99 and total milliseconds per stage.
 */
export class StageTimings {
  private readonly samples = new Map<string, number[]>();
  private readonly capacity: number;

  constructor(capacity = 10_000) {
    this.capacity = capacity;
  }

  record(stage: string, ms: number): void {
    let list = this.samples.get(stage);
    if (!list) this.samples.set(stage, (list = []));
    if (list.length >= this.capacity) list.shift();
    list.push(ms);
  }

  async time<T>(stage: string, fn: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await fn();
    } finally {
      this.record(stage, performance.now() - start);
    }
  }

  snapshot(): Record<string, { n: number; p50: number; p99: number; totalMs: number }> {
    const out: Record<string, { n: number; p50: number; p99: number; totalMs: number }> = {};
    for (const [stage, list] of this.samples) {
      const sorted = [...list].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
      out[stage] = { n: sorted.length, p50: round(at(0.5)), p99: round(at(0.99)), totalMs: round(sorted.reduce((a, b) => a + b, 0)) };
    }
    return out;
  }

  reset(): void {
    this.samples.clear();
  }
}

const round = (n: number) => Math.round(n * 10) / 10;
