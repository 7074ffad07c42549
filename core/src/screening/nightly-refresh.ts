import type { ScreeningEngine } from './engine.ts';
import type { ScreeningLogger } from './types.ts';

export type TimerHandle = { unref?: () => unknown } | number | object;

export interface NightlyRefreshOptions {
  /** File, folder or http(s) URL (config SCREENING_SOURCE). */
  source: string | readonly string[];
  /** Hour of the day, UTC, at which the refresh starts (config SCREENING_REFRESH_HOUR_UTC). */
  hourUtc: number;
  now?: () => Date;
  setTimer?: (fn: () => void, ms: number) => TimerHandle;
  clearTimer?: (handle: TimerHandle) => void;
  logger?: ScreeningLogger;
  /** Load right away as well (boot); default true. */
  runAtStart?: boolean;
  /** After a failure, try again this much later if that is before the next nightly run (default 1 h). */
  retryAfterMs?: number;
  /**
   * After a failure while no list has loaded yet, try again this much later (default 1 min): the
   * service reports not ready until a list is loaded (/readyz), so a failed first load must not
   * wait an hour.
   */
  retryBeforeFirstLoadMs?: number;
}

export interface NightlyRefresh {
  stop(): void;
  /** When the next attempt is due, or null once stopped. */
  nextRunAt(): Date | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Milliseconds from `now` to the next `hourUtc`:00:00 UTC (strictly in the future). */
export function msUntilHourUtc(now: Date, hourUtc: number): number {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc));
  let ms = next.getTime() - now.getTime();
  while (ms <= 0) ms += DAY_MS;
  return ms;
}

/**
 * Refreshes the engine every day at `hourUtc`. Timers are unref'd so they never keep the process
 * alive; failures are logged (the engine counts them) and retried once an hour until the next slot,
 * once a minute while no list has loaded yet.
 */
export function startNightlyRefresh(engine: ScreeningEngine, options: NightlyRefreshOptions): NightlyRefresh {
  if (!Number.isInteger(options.hourUtc) || options.hourUtc < 0 || options.hourUtc > 23) throw new RangeError('hourUtc must be an integer 0..23');
  const now = options.now ?? (() => new Date());
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as NodeJS.Timeout));
  const retryAfterMs = options.retryAfterMs ?? 60 * 60 * 1000;
  const retryBeforeFirstLoadMs = options.retryBeforeFirstLoadMs ?? 60 * 1000;
  let timer: TimerHandle | null = null;
  let dueAt: Date | null = null;
  let stopped = false;

  const schedule = (ms: number) => {
    if (stopped) return;
    dueAt = new Date(now().getTime() + ms);
    timer = setTimer(run, ms);
    if (typeof timer === 'object' && timer !== null && 'unref' in timer) timer.unref?.();
  };
  const run = () => {
    timer = null;
    engine.refresh(options.source).then(
      () => schedule(msUntilHourUtc(now(), options.hourUtc)),
      () => {
        options.logger?.warn({ refreshFailures: engine.refreshFailures }, 'scheduled screening refresh failed');
        schedule(Math.min(engine.ready ? retryAfterMs : retryBeforeFirstLoadMs, msUntilHourUtc(now(), options.hourUtc)));
      },
    );
  };

  if (options.runAtStart ?? true) run();
  else schedule(msUntilHourUtc(now(), options.hourUtc));
  return {
    stop() {
      stopped = true;
      dueAt = null;
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
    nextRunAt: () => dueAt,
  };
}
