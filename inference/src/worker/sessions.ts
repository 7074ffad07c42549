import ort from 'onnxruntime-node';
import { appError } from '@idgate/protos';
import { underRunLock, type GpuRunLock } from './gpu-run-lock.ts';

/**
 * `cuda`: onnxruntime's CUDA provider, whose libraries onnxruntime-node's install script fetches
 * from NuGet (`ONNXRUNTIME_NODE_INSTALL=cuda12`; our install never runs that script) and which
 * needs CUDA 12 and cuDNN 9 on the host. `webgpu`: the WebGPU provider built into onnxruntime-node's Linux
 * binary (Dawn over Vulkan): it needs only a GPU driver with a Vulkan ICD and the Vulkan loader
 * (`libvulkan1`), no download, so it is the GPU path of an offline install.
 */
export type ExecutionProvider = 'cpu' | 'cuda' | 'webgpu';
const PROVIDER_NAMES: Record<ExecutionProvider, string> = { cpu: 'CPU', cuda: 'CUDA', webgpu: 'WebGPU' };

export interface SessionOptions {
  readonly executionProvider: ExecutionProvider;
  /** onnxruntime intra-op threads; pool size x this should not exceed the cores (STYLE 6.5). */
  readonly intraOpThreads: number;
  /** Serialises WebGPU work across the pool's threads (gpu-run-lock.ts); unused on other providers. */
  readonly gpuRunLock?: GpuRunLock;
}

export interface LoadedSession {
  readonly session: ort.InferenceSession;
  /** The provider actually in use (a GPU provider requested but not loadable falls back to cpu). */
  readonly provider: ExecutionProvider;
  /** Why the requested provider was not used, when it was not. */
  readonly fallbackReason?: string;
  /** Held around every run of this session: set when it runs on WebGPU. */
  readonly runLock?: GpuRunLock;
}

/**
 * Creates one ORT session from verified model bytes. One inter-op thread and sequential execution:
 * parallelism comes from the pool, not from inside a session. When a GPU provider is requested
 * but cannot load (no CUDA library, no Vulkan adapter), the session is created on CPU and the
 * reason is returned so the node can say so loudly (health + error log) instead of failing
 * silently. Operators the GPU provider does not implement run on CPU inside the same session
 * (onnxruntime partitions the graph), which is why 'cpu' is always listed second.
 */
export async function createSession(id: string, shared: Uint8Array, opts: SessionOptions): Promise<LoadedSession> {
  // onnxruntime-node accepts only ArrayBuffer-backed bytes; this private copy lives until the
  // session has parsed the model.
  const bytes = new Uint8Array(shared);
  const base: ort.InferenceSession.SessionOptions = {
    logSeverityLevel: 3,
    intraOpNumThreads: opts.intraOpThreads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  };
  const provider = opts.executionProvider;
  if (provider !== 'cpu') {
    const runLock = provider === 'webgpu' ? opts.gpuRunLock : undefined;
    try {
      // Severity 4: onnxruntime's own message about the missing library or adapter is reported below.
      const create = () => ort.InferenceSession.create(bytes, { ...base, logSeverityLevel: 4, executionProviders: [provider, 'cpu'] });
      return { session: await underRunLock(runLock, create), provider, ...(runLock ? { runLock } : {}) };
    } catch (err) {
      const session = await createOnCpu(id, bytes, base);
      return { session, provider: 'cpu', fallbackReason: `${PROVIDER_NAMES[provider]} execution provider could not load: ${(err as Error).message}` };
    }
  }
  return { session: await createOnCpu(id, bytes, base), provider: 'cpu' };
}

async function createOnCpu(id: string, bytes: Uint8Array, base: ort.InferenceSession.SessionOptions): Promise<ort.InferenceSession> {
  try {
    return await ort.InferenceSession.create(bytes, { ...base, executionProviders: ['cpu'] });
  } catch (err) {
    throw appError('MODEL_UNAVAILABLE', {
      message: `Model "${id}" could not be loaded by onnxruntime: ${(err as Error).message}`,
      details: { reasons: ['model_load_failed'] },
      cause: err,
    });
  }
}

/** Float32 tensor helper (NCHW). */
export function floatTensor(data: Float32Array, dims: readonly number[]): ort.Tensor {
  return new ort.Tensor('float32', data, dims);
}

/** Runs a session (under its run lock, if it has one) and returns the named outputs as Float32Arrays. */
export async function runSession(
  loaded: Pick<LoadedSession, 'session' | 'runLock'>,
  feeds: Record<string, ort.Tensor>,
  outputs: readonly string[],
): Promise<Float32Array[]> {
  const { session, runLock } = loaded;
  const result = await underRunLock(runLock, () => session.run(feeds, outputs as string[]));
  return outputs.map((name) => {
    const t = result[name];
    if (!t)
      throw appError('MODEL_UNAVAILABLE', { message: `Model output "${name}" missing; check the manifest`, details: { reasons: ['model_output_missing'] } });
    return t.data as Float32Array;
  });
}
