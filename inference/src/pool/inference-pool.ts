import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { appError, AppError, fromWireError } from '@idgate/protos';
import type { Logger } from '@idgate/platform';
import type { OcrModelBytes } from '../document/index.ts';
import type { VerifiedModels } from '../models/load-manifest.ts';
import { GpuRunLock } from '../worker/gpu-run-lock.ts';
import type { ExecutionProvider } from '../worker/sessions.ts';
import type { ImageLimits, WorkerInit } from '../worker/runtime.ts';
import { observeStages, stageModels, trackPool, untrackPool } from './pool-metrics.ts';
import type { ReadyResult, ReleasePayload, TaskName, TaskOutcome } from './protocol.ts';
import { PlaceQueue } from './place-queue.ts';
import { applyWorkerHeapFloor, WORKER_OLD_SPACE_FLOOR_MB } from './worker-heap.ts';

const WORKER_FILE = new URL('../worker/inference.worker.ts', import.meta.url).href;
/** How long close() waits for running WebGPU tasks before releasing the workers' sessions. */
const RELEASE_GRACE_MS = 10_000;

export interface InferencePoolOptions {
  readonly models: VerifiedModels;
  /** The OCR models, prepared once for every worker (prepareOcrModelBytes). */
  readonly documentModels: OcrModelBytes;
  /** Worker threads (default: CPU cores). */
  readonly size: number;
  readonly intraOpThreads: number;
  /** Tasks waiting beyond the workers' places before run() answers INFERENCE_BUSY. */
  readonly maxQueue: number;
  /**
   * Tasks one worker runs interleaved (default 1): their awaits (image decoding on libvips'
   * threads) leave the thread to the other task's model runs, which run on the worker thread.
   */
  readonly tasksPerWorker?: number;
  readonly executionProvider: ExecutionProvider;
  readonly limits: ImageLimits;
  readonly logger?: Logger;
  /** V8 old-generation floor of the workers' heaps in MB (worker-heap.ts; default 128, 0: V8's default). */
  readonly heapFloorMb?: number;
  /** libvips threads per worker (default: the cores the pool leaves each worker, at least 1). */
  readonly sharpConcurrency?: number;
  /**
   * The workers' module (default: worker/inference.worker.ts). Tests name one that adds their
   * own tasks (crashes, gates), so the production worker carries none.
   */
  readonly workerFile?: URL;
}

export interface RunOptions {
  /** Buffers moved (not copied) into the worker. */
  readonly transfer?: ArrayBuffer[];
  /**
   * The caller gives up: it is answered at once with INFERENCE_TIMEOUT. A task still waiting for a
   * place leaves the line; a running one is told to stop (the payload's `cancel` flag) and ends at
   * its worker's next stop check, counting as in flight until then. No worker thread is killed:
   * another task may share it, a new thread reloads every model, and on WebGPU a thread torn down
   * while others use the device can crash the process (gpu-run-lock.ts).
   */
  readonly signal?: AbortSignal;
}

export interface PoolStats {
  readonly size: number;
  readonly busy: number;
  readonly queued: number;
  readonly maxQueue: number;
  readonly completed: number;
  readonly meanRunTimeMs: number;
}

/**
 * The node's Piscina pool of inference workers. Each worker holds its own ORT sessions; the pool
 * is fixed-size (min = max threads) so models load once per thread, and bounded (maxQueue) so a
 * burst turns into INFERENCE_BUSY with a Retry-After instead of an unbounded queue. `Task`: the
 * task names its worker module answers beyond the production ones (a test worker adds its own).
 */
export class InferencePool<Task extends string = TaskName> {
  readonly #piscina: Piscina;
  readonly #opts: InferencePoolOptions;
  /** Tasks accepted and not finished (running + waiting). */
  #inFlight = 0;
  /** The workers' places (size × tasks per worker) and the tasks waiting for one. */
  readonly #places: PlaceQueue;
  /** close() has begun: no task is handed to a worker any more (one may be releasing its sessions). */
  #closing = false;
  /** The model serving each timed stage (idgate_inference_stage_duration_seconds). */
  readonly #stageModels: ReadonlyMap<string, string>;
  /** One WebGPU run at a time across the workers (gpu-run-lock.ts); undefined on other providers. */
  readonly #gpuRunLock: GpuRunLock | undefined;
  /**
   * WebGPU is configured: some sessions may run on it even where others fell back to CPU, so the
   * workers release their sessions one at a time at close (#releaseGpuSessions).
   */
  readonly #onWebGpu: boolean;

  constructor(opts: InferencePoolOptions) {
    this.#opts = opts;
    this.#gpuRunLock = opts.executionProvider === 'webgpu' ? GpuRunLock.processWide() : undefined;
    this.#onWebGpu = this.#gpuRunLock !== undefined;
    const cores = availableParallelism();
    // Parallelism comes from the workers; intra-op threads only fill cores the pool leaves idle
    // (pool size x intra-op threads <= cores, STYLE 6.5), so a too-large setting is reduced.
    const intraOpThreads = Math.max(1, Math.min(opts.intraOpThreads, Math.floor(cores / opts.size)));
    if (intraOpThreads !== opts.intraOpThreads)
      opts.logger?.warn(
        { size: opts.size, requested: opts.intraOpThreads, used: intraOpThreads, cores },
        'intra-op threads reduced to fit the pool on the cores',
      );
    const init: WorkerInit & { sharpConcurrency: number } = {
      active: opts.models.active,
      policy: opts.models.manifest.policy,
      modelBytes: opts.models.bytes,
      documentModelBytes: opts.documentModels,
      executionProvider: opts.executionProvider,
      ...(this.#gpuRunLock ? { gpuRunLock: this.#gpuRunLock.buffer } : {}),
      intraOpThreads,
      limits: opts.limits,
      sharpConcurrency: opts.sharpConcurrency ?? Math.max(1, Math.floor(cores / opts.size)),
    };
    // Before any worker exists, so every worker (replacements too) starts with it (worker-heap.ts).
    applyWorkerHeapFloor(opts.heapFloorMb ?? WORKER_OLD_SPACE_FLOOR_MB);
    const tasksPerWorker = opts.tasksPerWorker ?? 1;
    this.#places = new PlaceQueue(opts.size * tasksPerWorker);
    // No maxQueue here: run() hands Piscina at most as many tasks as there are places (#places).
    this.#piscina = new Piscina({
      filename: opts.workerFile?.href ?? WORKER_FILE,
      minThreads: opts.size,
      maxThreads: opts.size,
      idleTimeout: Number.POSITIVE_INFINITY,
      concurrentTasksPerWorker: tasksPerWorker,
      loadBalancer: placeTasks(tasksPerWorker),
      recordTiming: true,
      workerData: init,
    });
    // A worker that dies with no task in flight is replaced by Piscina; it must not crash the node.
    this.#piscina.on('error', (err: unknown) => opts.logger?.error({ err }, 'inference worker failed'));
    if (this.#gpuRunLock) this.#freeGpuLockWhenWorkersExit(this.#gpuRunLock);
    this.#stageModels = stageModels(opts.models.active);
    trackPool(this);
  }

  /**
   * A worker that dies while it holds the WebGPU run lock (an uncaught error, a crash) would leave
   * every other worker waiting forever: the lock is freed once its thread has exited, not before,
   * as a run in native code finishes before the thread does.
   */
  #freeGpuLockWhenWorkersExit(lock: GpuRunLock): void {
    this.#piscina.on('workerCreate', (created: { id: number }) => {
      const id = created.id;
      this.#piscina.threads.find((t) => t.threadId === id)?.once('exit', () => lock.releaseIfHeldBy(id));
    });
  }

  /** Loads the models in every worker (one `ready` task each) and reports what is running. */
  async start(): Promise<ReadyResult> {
    const results = await Promise.all(Array.from({ length: this.#opts.size }, () => this.run<ReadyResult>('ready', {})));
    this.#piscina.histogram.resetRunTime(); // model loading is not a task's run time
    const fallback = results.find((r) => r.fallbackReason);
    if (fallback) this.#opts.logger?.error({ reason: fallback.fallbackReason }, 'execution provider fallback: running on CPU');
    return results[0];
  }

  /** Runs one task; resolves with its value or rejects with a catalogue AppError. */
  async run<T>(task: TaskName | Task, payload: object, opts: RunOptions = {}): Promise<T> {
    const { signal } = opts;
    if (this.#closing) throw closingError();
    if (signal?.aborted) throw this.#poolError(new DOMException('The caller stopped waiting', 'AbortError'), signal);
    // Admission control: what has been accepted, running or waiting, is bounded (backpressure).
    if (this.#inFlight >= this.#places.places + this.#opts.maxQueue) throw this.#busyError();
    this.#inFlight++;
    try {
      await this.#places.take(signal);
    } catch (err) {
      this.#inFlight--;
      throw this.#closing ? closingError() : this.#poolError(err, signal);
    }
    if (this.#closing) {
      this.#inFlight--;
      this.#places.give(); // to the next caller waiting, who is refused the same way
      throw closingError();
    }
    const cancel = signal ? new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT) : undefined;
    const running = this.#piscina.run(cancel ? { ...payload, cancel } : payload, { name: task, transferList: opts.transfer }) as Promise<TaskOutcome<T>>;
    // Here, not after the await: a task its caller abandoned still frees its place and logs its bug.
    const finished = () => {
      this.#inFlight--;
      this.#places.give();
    };
    void running.then((done) => {
      finished();
      if (!done.ok && done.error.internal) this.#opts.logger?.error({ task, stack: done.error.internal }, 'inference task failed with a bug');
    }, finished);
    let outcome: TaskOutcome<T>;
    try {
      outcome = await (signal && cancel ? abandonOnAbort(running, signal, cancel) : running);
    } catch (err) {
      throw this.#poolError(err, signal);
    }
    if (!outcome.ok) {
      throw fromWireError(outcome.error);
    }
    observeStages(this.#stageModels, (outcome.value as { timings?: unknown } | undefined)?.timings);
    return outcome.value;
  }

  stats(): PoolStats {
    // Piscina gives a task to an idle worker before doubling up: tasks running = workers busy, up to the size.
    return {
      size: this.#opts.size,
      busy: Math.min(this.#places.taken, this.#opts.size),
      queued: this.#places.waiting,
      maxQueue: this.#opts.maxQueue,
      completed: this.#piscina.completed,
      meanRunTimeMs: this.#meanRunTimeMs(),
    };
  }

  async close(): Promise<void> {
    this.#closing = true;
    this.#places.refuseWaiting(closingError);
    untrackPool(this);
    if (this.#onWebGpu) await this.#releaseGpuSessions();
    await this.#piscina.destroy();
  }

  /**
   * WebGPU: every worker releases its sessions, one at a time, before the threads are terminated
   * (see releaseGpuSessions in inference.worker.ts). Tasks still running are waited for first (up
   * to RELEASE_GRACE_MS), as only an idle worker can take its release task.
   */
  async #releaseGpuSessions(): Promise<void> {
    const waitUntil = Date.now() + RELEASE_GRACE_MS;
    while (this.#inFlight > 0 && Date.now() < waitUntil) await new Promise((resolve) => setTimeout(resolve, 20));
    const payload: ReleasePayload = { released: new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT), workers: this.#opts.size };
    const outcomes = await Promise.allSettled(Array.from({ length: this.#opts.size }, () => this.#piscina.run(payload, { name: 'releaseGpuSessions' })));
    const failed = outcomes.filter((o) => o.status === 'rejected');
    if (this.#inFlight > 0 || failed.length > 0)
      this.#opts.logger?.warn({ inFlight: this.#inFlight, failedReleases: failed.length }, 'WebGPU sessions not all released before the pool closed');
  }

  /** INFERENCE_BUSY with the time the work ahead needs: everything in flight, spread over the places. */
  #busyError(): AppError {
    const waitMs = (this.#inFlight * this.#meanRunTimeMs()) / this.#places.places;
    return appError('INFERENCE_BUSY', { details: { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)), reasons: ['inference_queue_full'] } });
  }

  /** Mean task run time (Piscina's histogram); a typical facial check until tasks have run. */
  #meanRunTimeMs(): number {
    const mean = this.#piscina.histogram.runTime.mean;
    return Number.isFinite(mean) && mean > 0 ? mean : 80;
  }

  #poolError(err: unknown, signal: AbortSignal | undefined): AppError {
    const message = (err as Error)?.message ?? '';
    if (message === 'Task queue is at limit') return this.#busyError();
    if ((err as Error)?.name === 'AbortError' || signal?.aborted) return appError('INFERENCE_TIMEOUT', { details: { reasons: ['aborted'] }, cause: err });
    // The envelope turns every task error into data, so a rejection here means the worker died.
    return appError('INFERENCE_WORKER_FAILED', { details: { reasons: ['worker_died'] }, cause: err });
  }
}

/** A task refused because the pool is closing: retryable, core sends it to another node. */
const closingError = () => appError('INFERENCE_WORKER_FAILED', { details: { reasons: ['pool_closing'] } });

/**
 * Follows `task`, but on abort raises the task's `cancel` flag (the worker stops at its next check)
 * and rejects at once with an AbortError, leaving the task to end on its own.
 */
function abandonOnAbort<T>(task: Promise<T>, signal: AbortSignal, cancel: SharedArrayBuffer): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      Atomics.store(new Int32Array(cancel), 0, 1);
      reject(new DOMException('The caller stopped waiting', 'AbortError'));
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    task.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

type LoadBalancer = NonNullable<NonNullable<ConstructorParameters<typeof Piscina>[0]>['loadBalancer']>;

/** Tasks that must each reach a worker of their own: every worker loads its models / releases its sessions. */
const ONE_PER_WORKER: ReadonlySet<string> = new Set<TaskName>(['ready', 'releaseGpuSessions']);

/**
 * Piscina's least-busy placement (an idle worker first, else the least busy one with a place
 * left), except that ONE_PER_WORKER tasks only ever go to an idle worker.
 */
function placeTasks(tasksPerWorker: number): LoadBalancer {
  return (task, workers) => {
    let choice: (typeof workers)[number] | null = null;
    for (const worker of workers) {
      if (worker.currentUsage === 0) return worker;
      if (ONE_PER_WORKER.has(task.name) || worker.currentUsage >= tasksPerWorker) continue;
      if (!choice || worker.currentUsage < choice.currentUsage) choice = worker;
    }
    return choice;
  };
}
