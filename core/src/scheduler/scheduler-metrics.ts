import { defineCounter, defineGauge, defineHistogram } from '@idgate/platform';
import type { NodeStatus } from './node-state.ts';

/** What the node gauges read from a scheduler at scrape time. */
export interface SchedulerGaugeSource {
  nodes(): NodeStatus[];
}

/** Schedulers of this process that are started and not closed (one per core; tests start several). */
const liveSchedulers = new Set<SchedulerGaugeSource>();

export function trackScheduler(s: SchedulerGaugeSource): void {
  liveSchedulers.add(s);
}

export function untrackScheduler(s: SchedulerGaugeSource): void {
  liveSchedulers.delete(s);
}

function allNodes(): NodeStatus[] {
  return [...liveSchedulers].flatMap((s) => s.nodes());
}

// Read at every scrape. reset() first: a node that left (a pod gone from dns:///) drops its series.
defineGauge({
  name: 'idgate_inference_node_outstanding_jobs',
  help: 'Jobs core has sent to an inference node and not yet had answered, by node address',
  labelNames: ['node'],
  collect() {
    this.reset();
    const byNode = new Map<string, number>();
    for (const n of allNodes()) byNode.set(n.address, (byNode.get(n.address) ?? 0) + n.outstanding);
    for (const [node, outstanding] of byNode) this.set({ node }, outstanding);
  },
});
defineGauge({
  name: 'idgate_inference_nodes',
  help: "Inference nodes known to core's scheduler by health (healthy: up; unknown: not checked yet; down)",
  labelNames: ['health'],
  collect() {
    const count = { healthy: 0, unknown: 0, down: 0 };
    for (const n of allNodes()) count[n.health]++;
    for (const [health, value] of Object.entries(count)) this.set({ health }, value);
  },
});

/** Whole scheduler calls (retry included), by RPC method and outcome (ok or the error class). */
export const callDuration = defineHistogram({
  name: 'idgate_inference_call_duration_seconds',
  help: "Latency of core's inference calls (a retry on another node included) by method and outcome",
  labelNames: ['method', 'outcome'],
});

/** Attempts that failed on one node and were sent again to another. */
export const callRetries = defineCounter({
  name: 'idgate_inference_call_retries_total',
  help: 'Inference jobs retried on another node, by method and why the first node failed (node_down, node_busy)',
  labelNames: ['method', 'reason'],
});
