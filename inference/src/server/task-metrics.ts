import { outcomeOf } from '@idgate/protos';
import { defineHistogram, secondsSince } from '@idgate/platform';
import type { JobContext } from './job-context.ts';

/** The job RPCs of the node, as the `task` label names them. */
export type MeasuredTask = 'check' | 'detect' | 'embed' | 'age' | 'liveness' | 'document' | 'match';

const taskDuration = defineHistogram({
  name: 'idgate_inference_task_duration_seconds',
  help: 'Inference node job latency (queue wait, worker run, encoding) by task and outcome (ok or the error class)',
  labelNames: ['task', 'outcome'],
});

/** Wraps a job handler so its latency is observed with its outcome, success or failure. */
export function measured<Req, Res>(task: MeasuredTask, fn: (req: Req, job: JobContext) => Promise<Res>): (req: Req, job: JobContext) => Promise<Res> {
  return async (req, job) => {
    const started = performance.now();
    try {
      const res = await fn(req, job);
      taskDuration.observe({ task, outcome: 'ok' }, secondsSince(started));
      return res;
    } catch (err) {
      taskDuration.observe({ task, outcome: outcomeOf(err) }, secondsSince(started));
      throw err;
    }
  };
}
