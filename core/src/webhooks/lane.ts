import type { Logger } from '@idgate/protos';

/** After an unexpected error (database down), a lane waits this many poll intervals. */
const ERROR_BACKOFF_POLLS = 20;

/**
 * One background loop of the dispatcher: runs `step` again at once while it reports work,
 * otherwise sleeps `pollMs` or until woken. Stopping lets the current step finish.
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

  constructor(name: string, step: () => Promise<boolean>, pollMs: number, log: Logger) {
    this.name = name;
    this.step = step;
    this.pollMs = pollMs;
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
      if (!busy && !this.stopping) await this.sleep(this.pollMs);
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
