/**
 * Per-stage wall-clock timings, returned to the caller instead of logged (no logging in the hot
 * path). `checkpoint` runs before each stage: a read that must stop (deadline, cancel) stops there.
 */
export class StageClock {
  readonly timings: Record<string, number> = {};
  private readonly started = performance.now();
  private readonly checkpoint: () => void;

  constructor(checkpoint: () => void = () => {}) {
    this.checkpoint = checkpoint;
  }

  async time<T>(stage: string, work: () => Promise<T> | T): Promise<T> {
    this.checkpoint();
    const t0 = performance.now();
    try {
      return await work();
    } finally {
      this.add(stage, performance.now() - t0);
    }
  }

  add(stage: string, ms: number): void {
    this.timings[stage] = round((this.timings[stage] ?? 0) + ms);
  }

  finish(): Record<string, number> {
    this.timings.total = round(performance.now() - this.started);
    return this.timings;
  }
}

const round = (ms: number) => Math.round(ms * 100) / 100;
