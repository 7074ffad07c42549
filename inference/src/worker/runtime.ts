import type ort from 'onnxruntime-node';
import type { OcrModelBytes } from '../document/index.ts';
import type { ActiveModels, InferencePolicy } from '../models/manifest.types.ts';
import { GpuRunLock, underRunLock } from './gpu-run-lock.ts';
import { createSession, type ExecutionProvider } from './sessions.ts';
import { TensorScratch } from './tensor-scratch.ts';

/** What every worker receives (Piscina workerData); plain data, structured-cloneable. */
export interface WorkerInit {
  readonly active: ActiveModels;
  readonly policy: InferencePolicy;
  /** Verified model bytes by id (SharedArrayBuffer-backed: shared, not copied, across workers). */
  readonly modelBytes: Readonly<Record<string, Uint8Array>>;
  /** The document reader's OCR models, checked and simplified once by the main thread. */
  readonly documentModelBytes: OcrModelBytes;
  readonly executionProvider: ExecutionProvider;
  /** The pool's GpuRunLock cell, shared by every worker (WebGPU only; gpu-run-lock.ts). */
  readonly gpuRunLock?: SharedArrayBuffer;
  readonly intraOpThreads: number;
  readonly limits: ImageLimits;
}

/** What the face runtime needs of the worker's init (the in-process runner has no OCR models). */
export type RuntimeInit = Omit<WorkerInit, 'documentModelBytes'>;

export interface ImageLimits {
  readonly maxPixels: number;
  readonly maxImageBytes: number;
}

interface Loaded<S> {
  readonly spec: S;
  readonly session: ort.InferenceSession;
  readonly runLock?: GpuRunLock;
}

/** One worker's loaded models. Built once per worker thread and reused by every task. */
export interface Runtime {
  readonly init: RuntimeInit;
  readonly detector: Loaded<ActiveModels['detector']>;
  readonly recognizer: Loaded<ActiveModels['recognizer']>;
  readonly age: Loaded<ActiveModels['age']>;
  readonly liveness: readonly Loaded<ActiveModels['liveness'][number]>[];
  readonly provider: ExecutionProvider;
  readonly fallbackReason?: string;
  /** Reused input buffers of the detector runs (tensor-scratch.ts). */
  readonly scratch: TensorScratch;
}

export async function createRuntime(init: RuntimeInit): Promise<Runtime> {
  // A worker shares its pool's lock; a runtime on the calling thread (the in-process runner) uses
  // the process's, which the pools created here share too.
  const gpuRunLock = init.executionProvider === 'webgpu' ? (init.gpuRunLock ? new GpuRunLock(init.gpuRunLock) : GpuRunLock.processWide()) : undefined;
  const opts = { executionProvider: init.executionProvider, intraOpThreads: init.intraOpThreads, ...(gpuRunLock ? { gpuRunLock } : {}) };
  const load = async <S extends { id: string }>(spec: S) => {
    const loaded = await createSession(spec.id, init.modelBytes[spec.id], opts);
    return { spec, ...loaded };
  };
  const detector = await load(init.active.detector);
  const recognizer = await load(init.active.recognizer);
  const age = await load(init.active.age);
  const liveness = [];
  for (const spec of init.active.liveness) liveness.push(await load(spec));
  const all = [detector, recognizer, age, ...liveness];
  const fallback = all.find((l) => l.fallbackReason);
  return {
    init,
    detector,
    recognizer,
    age,
    liveness,
    scratch: new TensorScratch(),
    provider: all.every((l) => l.provider === init.executionProvider) ? init.executionProvider : 'cpu',
    ...(fallback?.fallbackReason ? { fallbackReason: fallback.fallbackReason } : {}),
  };
}

/**
 * Releases every face-model session of a runtime, each under the WebGPU run lock where there is
 * one (see releaseGpuSessions in inference.worker.ts); the runtime must not be used afterwards.
 */
export async function releaseRuntime(rt: Runtime): Promise<void> {
  for (const loaded of [rt.detector, rt.recognizer, rt.age, ...rt.liveness]) await underRunLock(loaded.runLock, () => loaded.session.release());
}
