import { describe, expect, it, vi } from 'vitest';
import type { ScreeningEngine } from './engine.ts';
import { msUntilHourUtc, startNightlyRefresh } from './nightly-refresh.ts';

interface Timer {
  fn: () => void;
  ms: number;
  unref: () => void;
  unrefed: boolean;
}

function fakeTimers() {
  const timers: Timer[] = [];
  const setTimer = (fn: () => void, ms: number) => {
    const t: Timer = {
      fn,
      ms,
      unrefed: false,
      unref() {
        t.unrefed = true;
      },
    };
    timers.push(t);
    return t;
  };
  return { timers, setTimer, clearTimer: vi.fn() };
}

const flush = () => new Promise((r) => setImmediate(r));

describe('msUntilHourUtc', () => {
  it('is the time to the next occurrence of the hour, strictly in the future', () => {
    expect(msUntilHourUtc(new Date('2024-05-01T01:30:00Z'), 3)).toBe(90 * 60 * 1000);
    expect(msUntilHourUtc(new Date('2024-05-01T03:00:00Z'), 3)).toBe(24 * 3600 * 1000);
    expect(msUntilHourUtc(new Date('2024-05-01T23:00:00Z'), 2)).toBe(3 * 3600 * 1000);
  });
});

describe('startNightlyRefresh', () => {
  const now = () => new Date('2024-05-01T01:00:00Z');

  it("loads at start, then schedules the next run at the configured hour with unref'd timers", async () => {
    const refresh = vi.fn().mockResolvedValue(undefined);
    const t = fakeTimers();
    const job = startNightlyRefresh({ refresh, refreshFailures: 0 } as unknown as ScreeningEngine, { source: '/data', hourUtc: 2, now, ...t });
    expect(refresh).toHaveBeenCalledWith('/data');
    await flush();
    expect(t.timers).toHaveLength(1);
    expect(t.timers[0].ms).toBe(3600 * 1000);
    expect(t.timers[0].unrefed).toBe(true);
    expect(job.nextRunAt()?.toISOString()).toBe('2024-05-01T02:00:00.000Z');
    t.timers[0].fn();
    expect(refresh).toHaveBeenCalledTimes(2);
    job.stop();
    expect(job.nextRunAt()).toBeNull();
  });

  it('retries an hour after a failure, but never later than the next nightly slot', async () => {
    const refresh = vi.fn().mockRejectedValue(new Error('down'));
    const warn = vi.fn();
    const t = fakeTimers();
    startNightlyRefresh({ refresh, refreshFailures: 1, ready: true } as unknown as ScreeningEngine, {
      source: '/data',
      hourUtc: 1,
      now: () => new Date('2024-05-01T00:30:00Z'),
      logger: { info: vi.fn(), warn, error: vi.fn() },
      ...t,
    });
    await flush();
    expect(t.timers[0].ms).toBe(30 * 60 * 1000);
    expect(warn).toHaveBeenCalledWith({ refreshFailures: 1 }, expect.any(String));
  });

  it('retries a failed first load after a minute: the service is not ready until a list is loaded', async () => {
    const refresh = vi.fn().mockRejectedValue(new Error('down'));
    const t = fakeTimers();
    startNightlyRefresh({ refresh, refreshFailures: 1, ready: false } as unknown as ScreeningEngine, { source: '/data', hourUtc: 2, now, ...t });
    await flush();
    expect(t.timers[0].ms).toBe(60 * 1000);
  });

  it('waits for the slot when told not to load at start, and stop clears the timer', () => {
    const refresh = vi.fn().mockResolvedValue(undefined);
    const t = fakeTimers();
    const job = startNightlyRefresh({ refresh } as unknown as ScreeningEngine, { source: '/data', hourUtc: 2, now, runAtStart: false, ...t });
    expect(refresh).not.toHaveBeenCalled();
    job.stop();
    expect(t.clearTimer).toHaveBeenCalledWith(t.timers[0]);
  });

  it('rejects an hour outside 0..23', () => {
    expect(() => startNightlyRefresh({} as ScreeningEngine, { source: 'x', hourUtc: 24 })).toThrow(RangeError);
  });
});
