import { appError } from '@idgate/protos';

/** Stage durations in milliseconds, returned to the main thread (no logging in the hot path). */
export type Timings = Record<string, number>;

/** Runs one stage, adding its duration to `timings[stage]` (stages repeat across burst frames). */
export async function timed<T>(timings: Timings, stage: string, fn: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  try {
    return await fn();
  } finally {
    timings[stage] = (timings[stage] ?? 0) + (performance.now() - start);
  }
}

/**
 * Cooperative deadline check between stages. The pool also aborts the task at the deadline, but
 * aborting a RUNNING task terminates its worker (and reloads the models); stopping here first is
 * the cheap path.
 */
export function checkDeadline(deadline: number | undefined): void {
  if (deadline !== undefined && Date.now() >= deadline) throw appError('INFERENCE_TIMEOUT', { details: { reasons: ['deadline_exceeded'] } });
}
