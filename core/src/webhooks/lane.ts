import type { Logger } from '@idgate/platform';

/** After an unexpected error (database down), a lane waits this many poll intervals. */
const ERROR_BACKOFF_POLLS = 20;
/**
 * An idle lane doubles its sleep after each step that found nothing, up to this many poll
 * intervals (800 ms at the default 50): an idle core then queries the outbox about 2.5 times a
 * second instead of 40. Work found, or a wake (a local outbox commit, a finished attempt), sets
 * the sleep back to one interval, so bursts and local events are not slowed; what only a poll
 * finds (a retry falling due, an expired lease, an event committed by another core process)
 * waits at most one capped interval more.
 */
export const IDLE_BACKOFF_MAX_POLLS = 16;

/**
 * One background loop of the dispatcher: runs `step` again at once while it reports work,
 * otherwise sleeps (`pollMs`, longer while it stays idle) or until woken. Stopping lets the
 * current step finish.
 */
export class Lane {
  private readonly name: string;
  private readonly step: () => Promise<boolean>;
  private readonly pollMs: number;
  private readonly log: Logger;
  private loop: Promise<void> | null = null;
  private stopping = false;
  private wakeUp: (() => void) | null = null;
  private wakeRequested = false;
  private idleSleepMs: number;

  constructor(name: string, step: () => Promise<boolean>, pollMs: number, log: Logger) {
    this.name = name;
    this.step = step;
    this.pollMs = pollMs;
    this.idleSleepMs = pollMs;
    this.log = log;
  }

  start(): void {
    this.stopping = false;
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loop;
    this.loop = null;
  }

  wake(): void {
    this.idleSleepMs = this.pollMs;
    if (this.wakeUp) this.wakeUp();
    else this.wakeRequested = true;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let busy = false;
      try {
        busy = await this.step();
      } catch (err) {
        this.log.error({ err, lane: this.name }, 'webhook dispatcher step failed');
        await this.sleep(this.pollMs * ERROR_BACKOFF_POLLS);
      }
      if (busy) this.idleSleepMs = this.pollMs;
      else if (!this.stopping) {
        const ms = this.idleSleepMs;
        this.idleSleepMs = Math.min(ms * 2, this.pollMs * IDLE_BACKOFF_MAX_POLLS);
        await this.sleep(ms);
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.wakeRequested) {
      this.wakeRequested = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }
}
