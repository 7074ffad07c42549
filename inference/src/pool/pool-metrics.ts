import { defineGauge, defineHistogram } from '@idgate/platform';
import { OCR_MODEL_IDS } from '../document/index.ts';
import type { ActiveModels } from '../models/manifest.types.ts';

/** What the queue gauges read from a pool at scrape time. */
export interface PoolGaugeSource {
  stats(): { readonly size: number; readonly busy: number; readonly queued: number };
}

/** Pools of this process that are running (normally one; tests start several). */
const livePools = new Set<PoolGaugeSource>();

export function trackPool(pool: PoolGaugeSource): void {
  livePools.add(pool);
}

export function untrackPool(pool: PoolGaugeSource): void {
  livePools.delete(pool);
}

const sum = (pick: (s: ReturnType<PoolGaugeSource['stats']>) => number): number => {
  let total = 0;
  for (const pool of livePools) total += pick(pool.stats());
  return total;
};

// Read from pool.stats() at every scrape: always current, nothing to keep in step.
defineGauge({
  name: 'idgate_inference_queue_depth',
  help: 'Inference tasks accepted by this node and waiting for a worker',
  collect() {
    this.set(sum((s) => s.queued));
  },
});
defineGauge({
  name: 'idgate_inference_workers_busy',
  help: 'Inference workers of this node running a task',
  collect() {
    this.set(sum((s) => s.busy));
  },
});
defineGauge({
  name: 'idgate_inference_workers',
  help: 'Inference worker threads of this node (pool size)',
  collect() {
    this.set(sum((s) => s.size));
  },
});

const stageDuration = defineHistogram({
  name: 'idgate_inference_stage_duration_seconds',
  help: 'Time one inference task spent in a stage (summed over the frames of a burst), by stage and the model serving it (none: no model)',
  labelNames: ['stage', 'model'],
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
});

/** Stages that run no model. */
const NO_MODEL = 'none';

/**
 * The model serving each stage the workers time (`timings` of the task results, protocol.ts),
 * from the node's active models. Only these stages are observed, so the label set is fixed by the
 * code: a stage missing here is left out rather than turned into a new series.
 */
export function stageModels(active: ActiveModels): ReadonlyMap<string, string> {
  const liveness = active.liveness.map((l) => l.id).join('+');
  return new Map([
    // Face tasks (worker/steps/analyse-frame.ts, worker/tasks/face-tasks.ts).
    ['decode', NO_MODEL],
    ['detect', active.detector.id],
    ['align', NO_MODEL],
    ['quality', NO_MODEL],
    ['liveness', liveness],
    // The orientation probe (worker/steps/orientation.ts) runs the detector once more.
    ['orientation', active.detector.id],
    ['age', active.age.id],
    ['embed', active.recognizer.id],
    // Document task (worker/tasks/document-task.ts): the whole reading, the portrait's detection
    // and embedding, and the reader's own stages (document/read-document.ts) prefixed document_.
    ['read', NO_MODEL],
    ['portrait', `${active.detector.id}+${active.recognizer.id}`],
    ['document_decode', NO_MODEL],
    ['document_modelLoad', NO_MODEL],
    ['document_locate', OCR_MODEL_IDS.det],
    ['document_quality', NO_MODEL],
    ['document_recognise', OCR_MODEL_IDS.rec],
    ['document_parse', NO_MODEL],
    ['document_barcode', NO_MODEL],
  ]);
}

/** Observes a finished task's stage timings (milliseconds) against their models. */
export function observeStages(models: ReadonlyMap<string, string>, timings: unknown): void {
  if (!timings || typeof timings !== 'object') return;
  for (const [stage, ms] of Object.entries(timings as Record<string, unknown>)) {
    const model = models.get(stage);
    if (model === undefined || typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) continue;
    stageDuration.observe({ stage, model }, ms / 1000);
  }
}
