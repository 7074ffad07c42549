import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '@idgate/platform';
import { IDLE_BACKOFF_MAX_POLLS, Lane } from './lane.ts';

const POLL = 50;
const log = createLogger({ level: 'silent', component: 'test' });

/** A lane over a step that records when it ran and reports work while `work` says so. */
function recordingLane(work: () => boolean = () => false) {
  const runs: number[] = [];
  const lane = new Lane(
    'test',
    async () => {
      runs.push(Date.now());
      return work();
    },
    POLL,
    log,
  );
  const gaps = (from = 0) => runs.slice(from + 1).map((t, i) => t - runs[from + i]!);
  return { lane, runs, gaps };
}

describe('Lane idle back-off (webhook dispatcher polling)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('an idle lane doubles its sleep up to the cap instead of polling every interval', async () => {
    vi.useFakeTimers();
    const { lane, runs, gaps } = recordingLane();
    lane.start();
    await vi.advanceTimersByTimeAsync(10_000);
    const cap = POLL * IDLE_BACKOFF_MAX_POLLS;
    expect(gaps().slice(0, 5)).toEqual([POLL, 2 * POLL, 4 * POLL, 8 * POLL, cap]);
    expect(Math.max(...gaps())).toBe(cap);
    // 10 s idle: 16 queries, not the 200 a fixed 50 ms poll would make.
    expect(runs.length).toBeLessThan(20);
    const stopped = lane.stop();
    await vi.advanceTimersByTimeAsync(0);
    await stopped;
  });

  it('a wake runs the step at once and starts again from one interval', async () => {
    vi.useFakeTimers();
    const { lane, runs, gaps } = recordingLane();
    lane.start();
    await vi.advanceTimersByTimeAsync(5_000);
    const before = runs.length;
    lane.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs.length).toBe(before + 1);
    await vi.advanceTimersByTimeAsync(POLL * 3);
    expect(gaps(before)).toEqual([POLL, 2 * POLL]);
    const stopped = lane.stop();
    await vi.advanceTimersByTimeAsync(0);
    await stopped;
  });

  it('work found keeps the lane running back to back, then idles from one interval', async () => {
    vi.useFakeTimers();
    let pending = 0;
    const { lane, runs, gaps } = recordingLane(() => pending-- > 0);
    lane.start();
    await vi.advanceTimersByTimeAsync(5_000); // backed off to the cap
    const before = runs.length;
    pending = 3;
    lane.wake();
    await vi.advanceTimersByTimeAsync(POLL * 4);
    // three steps with work at once, one that finds nothing, then the first idle interval
    expect(gaps(before).slice(0, 4)).toEqual([0, 0, 0, POLL]);
    const stopped = lane.stop();
    await vi.advanceTimersByTimeAsync(0);
    await stopped;
  });
});
