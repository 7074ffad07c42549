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

/** When a task should stop: its caller's deadline, and a flag the pool raises when the caller gives up. */
export interface StopWhen {
  /** Absolute deadline (epoch ms). */
  readonly deadline?: number;
  /** Int32 flag, 1 once the caller has cancelled (pool/inference-pool.ts). */
  readonly cancel?: SharedArrayBuffer;
}

/**
 * Cooperative stop between stages: the pool never kills a worker thread to end a task (another
 * task may share the thread, and a new thread reloads every model), so a task whose deadline has
 * passed or whose caller has cancelled ends at its next check. Its caller was answered already.
 */
export function checkStop(stop: StopWhen): void {
  if (stop.deadline !== undefined && Date.now() >= stop.deadline) throw appError('INFERENCE_TIMEOUT', { details: { reasons: ['deadline_exceeded'] } });
  if (stop.cancel && Atomics.load(new Int32Array(stop.cancel), 0) !== 0) throw appError('INFERENCE_TIMEOUT', { details: { reasons: ['cancelled'] } });
}
