import type { Logger } from '@idgate/platform';
import type { Clock } from '../lib/clock.ts';
import type { SessionRepository } from '../sessions/session.repository.ts';
import type { SessionLifecycle } from '../sessions/session-lifecycle.service.ts';

/**
 * Moves sessions whose time to live ran out to `expired`. Reads expire lazily anyway; this
 * sweep keeps the table honest for sessions nobody reads. `session.expired` is never emitted.
 */
export async function expireDueSessions(deps: { sessions: SessionRepository; lifecycle: SessionLifecycle; clock: Clock }, batch = 200): Promise<number> {
  const ids = await deps.sessions.listExpirable(deps.clock.now(), ['pending', 'in_progress', 'awaiting_retake'], batch);
  for (const id of ids) await deps.lifecycle.change(id, async () => null);
  return ids.length;
}

/** Runs `job` every `intervalMs`, never overlapping itself; returns a stop function. */
export function every(intervalMs: number, job: () => Promise<unknown>, log: Logger, name: string): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = job()
      .catch((err: unknown) => log.error({ err, job: name }, 'job failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
