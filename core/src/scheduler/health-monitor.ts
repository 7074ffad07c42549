import { callUnary } from '@idgate/protos';
import type { NodeState } from './node-state.ts';

/**
 * One health round: every node answers Health within `timeoutMs` or is marked down. A node that
 * answers again comes back (a restarted pod, a node that was only slow). The answer also refreshes
 * the node's capacity (pool size, queue limit) and mean run time used for backpressure.
 */
export async function checkHealth(nodes: readonly NodeState[], timeoutMs: number): Promise<void> {
  await Promise.all(nodes.map((n) => checkOne(n, timeoutMs)));
}

async function checkOne(node: NodeState, timeoutMs: number): Promise<void> {
  try {
    const res = await callUnary(node.client, 'health', {}, { deadline: new Date(Date.now() + timeoutMs) });
    if (!res.ready) {
      node.markDown('not ready');
      return;
    }
    node.health = 'healthy';
    node.poolSize = Math.max(1, res.poolSize ?? 1);
    node.maxQueue = res.maxQueue ?? node.maxQueue;
    if (res.meanRunTimeMs) node.meanRunTimeMs = res.meanRunTimeMs;
  } catch (err) {
    node.markDown(`health check failed: ${(err as Error).message}`);
  }
}
