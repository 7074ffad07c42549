import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { appError, AppError, type ErrorCode, type Logger } from '@idgate/protos';
import type { OcrModelBytes } from '../document/index.ts';
import type { VerifiedModels } from '../models/load-manifest.ts';
import { GpuRunLock } from '../worker/gpu-run-lock.ts';
import type { ExecutionProvider } from '../worker/sessions.ts';
import type { ImageLimits, WorkerInit } from '../worker/runtime.ts';
import { observeStages, stageModels, trackPool, untrackPool } from './pool-metrics.ts';
import type { ReadyResult, ReleasePayload, TaskName, TaskOutcome } from './protocol.ts';
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
  /** Tasks waiting beyond the busy workers before run() answers INFERENCE_BUSY. */
  readonly maxQueue: number;
  readonly executionProvider: ExecutionProvider;
  readonly limits: ImageLimits;
  readonly logger?: Logger;
  /** V8 old-generation floor of the workers' heaps in MB (worker-heap.ts; default 128, 0: V8's default). */
  readonly heapFloorMb?: number;
  /** libvips threads per worker (default: the cores the pool leaves each worker, at least 1). */
  readonly sharpConcurrency?: number;
  /** Registers the crash tasks (testExit, testThrow, and the GPU-lock ones). Tests only. */
  readonly enableTestTasks?: boolean;
}

export interface RunOptions {
  /** Buffers moved (not copied) into the worker. */
  readonly transfer?: ArrayBuffer[];
  /**
   * Aborts the task: removed from the queue, or its worker terminated if it already runs. With
   * WebGPU configured no worker is terminated: the caller is answered at once and the task still
   * runs (and counts as in flight) until the worker's next deadline check, or to its end when the
   * payload has no deadline.
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
 * burst turns into INFERENCE_BUSY with a Retry-After instead of an unbounded queue.
 */
export class InferencePool {
  readonly #piscina: Piscina;
  readonly #opts: InferencePoolOptions;
  /** Tasks accepted and not finished (running + waiting). */
  #inFlight = 0;
  /** The model serving each timed stage (idgate_inference_stage_duration_seconds). */
  readonly #stageModels: ReadonlyMap<string, string>;
  /** One WebGPU run at a time across the workers (gpu-run-lock.ts); undefined on other providers. */
  readonly #gpuRunLock: GpuRunLock | undefined;
  /**
   * WebGPU is configured: some sessions may run on it even where others fell back to CPU, so the
   * pool follows the WebGPU rules (no thread killed mid-run, ordered release at close) throughout.
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
    if (intraOpThreads !== opts.intraOpThreads) opts.logger?.warn({ size: opts.size, requested: opts.intraOpThreads, used: intraOpThreads, cores }, 'intra-op threads reduced to fit the pool on the cores');
    const init: WorkerInit & { sharpConcurrency: number } = {
      active: opts.models.active,
      policy: opts.models.manifest.policy,
      modelBytes: opts.models.bytes,
      documentModelBytes: opts.documentModels,
      executionProvider: opts.executionProvider,
      ...(this.#gpuRunLock ? { gpuRunLock: this.#gpuRunLock.buffer } : {}),
      intraOpThreads,
      limits: opts.limits,
      enableTestTasks: opts.enableTestTasks ?? false,
      sharpConcurrency: opts.sharpConcurrency ?? Math.max(1, Math.floor(cores / opts.size)),
    };
    // Before any worker exists, so every worker (replacements too) starts with it (worker-heap.ts).
    applyWorkerHeapFloor(opts.heapFloorMb ?? WORKER_OLD_SPACE_FLOOR_MB);
    this.#piscina = new Piscina({ filename: WORKER_FILE, minThreads: opts.size, maxThreads: opts.size, maxQueue: opts.maxQueue, idleTimeout: Number.POSITIVE_INFINITY, concurrentTasksPerWorker: 1, recordTiming: true, workerData: init });
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
  async run<T>(task: TaskName, payload: object, opts: RunOptions = {}): Promise<T> {
    // On WebGPU a running task is never cut short by killing its thread: a thread torn down
    // while others use the shared GPU device can crash the process (gpu-run-lock.ts). The caller
    // is answered at once; the worker stops at its next deadline check, and the task counts as
    // in flight until it has. A call its caller already gave up is not sent at all.
    const gpu = this.#onWebGpu;
    if (gpu && opts.signal?.aborted) throw this.#poolError(new DOMException('The caller stopped waiting', 'AbortError'), opts.signal);
    // Admission control lives here, not in Piscina's maxQueue: Piscina parks tasks that carry an
    // AbortSignal in a separate queue its maxQueue check never counts, and every task of ours
    // carries one (deadline/cancel). So the bound is enforced on what we have accepted.
    if (this.#inFlight >= this.#opts.size + this.#opts.maxQueue) throw this.#busyError();
    this.#inFlight++;
    const running = this.#piscina.run(payload, { name: task, transferList: opts.transfer, signal: gpu ? undefined : opts.signal }) as Promise<TaskOutcome<T>>;
    // Here, not after the await: a task its caller abandoned still frees its place and logs its bug.
    void running.then(
      (done) => {
        this.#inFlight--;
        if (!done.ok && done.error.internal) this.#opts.logger?.error({ task, stack: done.error.internal }, 'inference task failed with a bug');
      },
      () => this.#inFlight--,
    );
    let outcome: TaskOutcome<T>;
    try {
      outcome = await (gpu && opts.signal ? abandonOnAbort(running, opts.signal) : running);
    } catch (err) {
      throw this.#poolError(err, opts.signal);
    }
    if (!outcome.ok) {
      throw appError(outcome.error.code as ErrorCode, { message: outcome.error.message, details: outcome.error.details });
    }
    observeStages(this.#stageModels, (outcome.value as { timings?: unknown } | undefined)?.timings);
    return outcome.value;
  }

  stats(): PoolStats {
    return { size: this.#opts.size, busy: Math.min(this.#inFlight, this.#opts.size), queued: Math.max(0, this.#inFlight - this.#opts.size), maxQueue: this.#opts.maxQueue, completed: this.#piscina.completed, meanRunTimeMs: this.#meanRunTimeMs() };
  }

  async close(): Promise<void> {
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
    if (this.#inFlight > 0 || failed.length > 0) this.#opts.logger?.warn({ inFlight: this.#inFlight, failedReleases: failed.length }, 'WebGPU sessions not all released before the pool closed');
  }

  /** INFERENCE_BUSY with the time the work ahead needs: everything in flight, spread over the workers. */
  #busyError(): AppError {
    const waitMs = (this.#inFlight * this.#meanRunTimeMs()) / this.#opts.size;
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

/** Follows `task`, but rejects with an AbortError as soon as `signal` aborts (the task runs on). */
function abandonOnAbort<T>(task: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new DOMException('The caller stopped waiting', 'AbortError'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DOMException('The caller stopped waiting', 'AbortError'));
    signal.addEventListener('abort', onAbort, { once: true });
    task.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
