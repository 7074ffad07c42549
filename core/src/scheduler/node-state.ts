import type { InferenceServiceClient } from '@idgate/protos';

export type NodeHealth = 'unknown' | 'healthy' | 'down';

/** What the scheduler knows about one inference node. */
export class NodeState {
  readonly address: string;
  readonly client: InferenceServiceClient;
  health: NodeHealth = 'unknown';
  /** Jobs sent and not yet answered (the load-balancing signal). */
  outstanding = 0;
  /** Workers and queue of the node, from its last health answer (capacity = poolSize + maxQueue). */
  poolSize = 1;
  maxQueue = Number.POSITIVE_INFINITY;
  meanRunTimeMs = 100;
  answered = 0;
  failures = 0;
  lastError: string | undefined;

  constructor(address: string, client: InferenceServiceClient) {
    this.address = address;
    this.client = client;
  }

  get usable(): boolean {
    return this.health !== 'down';
  }

  /** Load relative to the node's size, so a 16-worker node takes more than a 2-worker one. */
  get load(): number {
    return this.outstanding / this.poolSize;
  }

  get saturated(): boolean {
    return this.outstanding >= this.poolSize + this.maxQueue;
  }

  /** Seconds until this node could take one more job, from its queue and run time. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((this.outstanding * this.meanRunTimeMs) / this.poolSize / 1000));
  }

  markDown(reason: string): void {
    this.health = 'down';
    this.failures++;
    this.lastError = reason;
  }
}

export interface NodeStatus {
  readonly address: string;
  readonly health: NodeHealth;
  readonly outstanding: number;
  readonly poolSize: number;
  readonly answered: number;
  readonly failures: number;
  readonly lastError?: string;
}

export function statusOf(n: NodeState): NodeStatus {
  return {
    address: n.address,
    health: n.health,
    outstanding: n.outstanding,
    poolSize: n.poolSize,
    answered: n.answered,
    failures: n.failures,
    ...(n.lastError ? { lastError: n.lastError } : {}),
  };
}

/**
 * Least-outstanding choice among usable, unsaturated nodes not yet tried for this job. Healthy
 * nodes win over unknown ones at equal load; ties go round-robin so idle nodes share the work.
 */
export function pickNode(nodes: readonly NodeState[], exclude: ReadonlySet<NodeState>, turn: number): NodeState | undefined {
  const candidates = nodes.filter((n) => n.usable && !n.saturated && !exclude.has(n));
  if (candidates.length === 0) return undefined;
  const rank = (n: NodeState): number => n.load + (n.health === 'healthy' ? 0 : 0.5);
  const best = Math.min(...candidates.map(rank));
  const tied = candidates.filter((n) => rank(n) === best);
  return tied[turn % tied.length];
}
