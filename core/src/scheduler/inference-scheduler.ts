import { randomUUID } from 'node:crypto';
import { appError, callUnary, isAppError, createInferenceClient, type CallContext, type InferenceServiceClient } from '@idgate/protos';
import { outcomeOf } from '@idgate/protos';
import { secondsSince, type Logger } from '@idgate/platform';
import { checkHealth } from './health-monitor.ts';
import { dnsResolver, resolveNodes, type HostResolver } from './node-resolver.ts';
import { NodeState, pickNode, statusOf, type NodeStatus } from './node-state.ts';
import { classifyFailure, type FailureKind } from './retry-policy.ts';
import { callDuration, callRetries, trackScheduler, untrackScheduler } from './scheduler-metrics.ts';
import type { InferenceMethod, MethodRequest, MethodResponse } from './methods.ts';
import type { InferenceCalls } from './inference-calls.ts';

export interface InferenceSchedulerOptions {
  /** INFERENCE_NODES: host:port entries and/or dns:///name:port (headless service). */
  readonly nodes: readonly string[];
  readonly logger?: Logger;
  readonly healthIntervalMs?: number;
  readonly healthTimeoutMs?: number;
  /** How often dns:/// entries are resolved again (pods come and go). */
  readonly resolveIntervalMs?: number;
  /** Deadline applied when the caller gives none, so a stuck node cannot hold a job forever. */
  readonly defaultDeadlineMs?: number;
  /** Seams for tests. */
  readonly resolver?: HostResolver;
  readonly clientFactory?: (address: string) => InferenceServiceClient;
}

/**
 * Sends inference jobs to inference nodes (DESIGN: core's scheduler). Each job goes to the usable
 * node with the fewest outstanding jobs (relative to its pool size). A node that dies mid-job
 * (no answer, connection lost) is marked down and the job is retried ONCE on another node; an
 * answer (biometric outcome, invalid image, timeout) is never retried. When every node is at
 * capacity the job fails fast with INFERENCE_BUSY + retryAfterSeconds instead of queueing here.
 * @example
 * const scheduler = new InferenceScheduler({ nodes: config.inferenceNodes, logger });
 * await scheduler.start();
 * const check = await scheduler.call('checkFace', { frames }, { deadline, requestId });
 */
export class InferenceScheduler implements InferenceCalls {
  readonly #opts: Required<Omit<InferenceSchedulerOptions, 'logger'>> & { logger?: Logger };
  readonly #nodes = new Map<string, NodeState>();
  #timers: NodeJS.Timeout[] = [];
  #turn = 0;

  constructor(opts: InferenceSchedulerOptions) {
    this.#opts = {
      healthIntervalMs: 5_000,
      healthTimeoutMs: 2_000,
      resolveIntervalMs: 30_000,
      defaultDeadlineMs: 30_000,
      resolver: dnsResolver,
      clientFactory: (address) => createInferenceClient(address),
      ...opts,
    };
  }

  /** Resolves the nodes, runs a first health round and starts the periodic ones. */
  async start(): Promise<void> {
    await this.refreshNodes();
    await this.checkHealth();
    trackScheduler(this);
    const every = (ms: number, fn: () => Promise<void>): void => {
      const timer = setInterval(() => void fn().catch((err: unknown) => this.#opts.logger?.warn({ err }, 'inference scheduler task failed')), ms);
      timer.unref();
      this.#timers.push(timer);
    };
    every(this.#opts.healthIntervalMs, () => this.checkHealth());
    every(this.#opts.resolveIntervalMs, () => this.refreshNodes());
  }

  close(): void {
    untrackScheduler(this);
    for (const t of this.#timers) clearInterval(t);
    this.#timers = [];
    for (const n of this.#nodes.values()) n.client.close();
    this.#nodes.clear();
  }

  /** Re-reads the node list (new pods join, vanished ones leave after their jobs). */
  async refreshNodes(): Promise<void> {
    const addresses = new Set(await resolveNodes(this.#opts.nodes, this.#opts.resolver));
    for (const address of addresses) {
      if (!this.#nodes.has(address)) this.#nodes.set(address, new NodeState(address, this.#opts.clientFactory(address)));
    }
    for (const [address, node] of this.#nodes) {
      if (addresses.has(address) || node.outstanding > 0) continue;
      node.client.close();
      this.#nodes.delete(address);
    }
  }

  /** One health round over every node (also run periodically after start()). */
  checkHealth(): Promise<void> {
    return checkHealth([...this.#nodes.values()], this.#opts.healthTimeoutMs);
  }

  /** Whether at least one node is believed able to answer (for core's /readyz). */
  ready(): boolean {
    return [...this.#nodes.values()].some((n) => n.health === 'healthy');
  }

  nodes(): NodeStatus[] {
    return [...this.#nodes.values()].map(statusOf);
  }

  /** Runs one inference RPC on the least-loaded node, retrying once elsewhere if that node dies. */
  async call<M extends InferenceMethod>(method: M, request: MethodRequest<M>, ctx: CallContext = {}): Promise<MethodResponse<M>> {
    const started = performance.now();
    try {
      const res = await this.#call(method, request, ctx);
      callDuration.observe({ method, outcome: 'ok' }, secondsSince(started));
      return res;
    } catch (err) {
      callDuration.observe({ method, outcome: outcomeOf(err) }, secondsSince(started));
      throw err;
    }
  }

  async #call<M extends InferenceMethod>(method: M, request: MethodRequest<M>, ctx: CallContext): Promise<MethodResponse<M>> {
    const job: CallContext = {
      ...ctx,
      requestId: ctx.requestId ?? randomUUID(),
      deadline: ctx.deadline ?? new Date(Date.now() + this.#opts.defaultDeadlineMs),
    };
    const tried = new Set<NodeState>();
    let lastError: unknown;
    let lastKind: FailureKind | undefined;
    for (let attempt = 0; attempt < 2; attempt++) {
      const node = pickNode([...this.#nodes.values()], tried, this.#turn++);
      if (!node) break;
      if (lastKind) callRetries.inc({ method, reason: lastKind });
      tried.add(node);
      try {
        return await this.#attempt(node, method, request, job);
      } catch (err) {
        lastError = err;
        const kind = classifyFailure(err);
        lastKind = kind;
        if (kind === 'final' || Date.now() >= (job.deadline as Date).getTime()) throw err;
        if (kind === 'node_down') node.markDown((err as Error).message);
        this.#opts.logger?.warn({ node: node.address, method, kind, requestId: job.requestId }, 'inference attempt failed; trying another node');
      }
    }
    throw this.#noNodeError(lastError);
  }

  async #attempt<M extends InferenceMethod>(node: NodeState, method: M, request: MethodRequest<M>, job: CallContext): Promise<MethodResponse<M>> {
    node.outstanding++;
    try {
      const res = await callUnary(node.client, method, request, job);
      node.answered++;
      return res;
    } finally {
      node.outstanding--;
    }
  }

  /** Every node tried or none usable: busy when nodes are merely full, unavailable when none answers. */
  #noNodeError(lastError: unknown): Error {
    const usable = [...this.#nodes.values()].filter((n) => n.usable);
    if (usable.length > 0 && (usable.every((n) => n.saturated) || classifyFailure(lastError) === 'node_busy')) {
      // A busy node's own estimate wins; otherwise the soonest any usable node frees up.
      const told = isAppError(lastError) ? lastError.details?.retryAfterSeconds : undefined;
      const retryAfterSeconds = told ?? Math.min(...usable.map((n) => n.retryAfterSeconds));
      return appError('INFERENCE_BUSY', { details: { retryAfterSeconds, reasons: ['inference_nodes_saturated'] } });
    }
    if (lastError instanceof Error && classifyFailure(lastError) !== 'node_busy') return lastError;
    return appError('UPSTREAM_UNAVAILABLE', { details: { reasons: ['no_inference_node_available'] } });
  }
}
