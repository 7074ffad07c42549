/** The injected clock (DESIGN "Time"): production uses the system clock, tests move a manual one. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can move forward to exercise TTLs, expiry and retention. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date | number = Date.now()) {
    this.current = typeof start === 'number' ? start : start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }

  set(to: Date): void {
    this.current = to.getTime();
  }
}
