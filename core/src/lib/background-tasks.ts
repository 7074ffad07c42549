import { appError } from '@idgate/protos';
import type { Logger } from '@idgate/platform';

/**
 * The work behind asynchronous endpoints (Face 2FA challenges, blacklist images): at most `limit`
 * tasks at once in this process, so a burst answers INFERENCE_BUSY (503, Retry-After) at the door
 * instead of queueing without bound. Shutdown waits for the running tasks (`drain`). A task that
 * throws is logged; the task itself must record its outcome (it is never retried here).
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();
  private readonly limit: number;
  private readonly log: Logger;

  constructor(opts: { limit: number; log: Logger }) {
    this.limit = opts.limit;
    this.log = opts.log;
  }

  /** Throws INFERENCE_BUSY when `limit` tasks are running; call before storing anything. */
  assertCapacity(): void {
    if (this.running.size >= this.limit) throw appError('INFERENCE_BUSY', { details: { retryAfterSeconds: 2 } });
  }

  /** Starts `task` now, without waiting for it. */
  start(name: string, task: () => Promise<void>): void {
    const p: Promise<void> = task()
      .catch((err: unknown) => this.log.error({ err, task: name }, 'background task failed'))
      .finally(() => this.running.delete(p));
    this.running.add(p);
  }

  get size(): number {
    return this.running.size;
  }

  /** Resolves when every task started so far has ended. */
  async drain(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }
}
