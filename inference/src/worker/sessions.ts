import ort from 'onnxruntime-node';
import { appError } from '@idgate/protos';

export type ExecutionProvider = 'cpu' | 'cuda';

export interface SessionOptions {
  readonly executionProvider: ExecutionProvider;
  /** onnxruntime intra-op threads; pool size x this should not exceed the cores (STYLE 6.5). */
  readonly intraOpThreads: number;
}

export interface LoadedSession {
  readonly session: ort.InferenceSession;
  /** The provider actually in use (cuda requested but not loadable falls back to cpu). */
  readonly provider: ExecutionProvider;
  /** Why the requested provider was not used, when it was not. */
  readonly fallbackReason?: string;
}

/**
 * Creates one ORT session from verified model bytes. One inter-op thread and sequential execution:
 * parallelism comes from the pool, not from inside a session. When CUDA is requested but its
 * provider library cannot load, the session is created on CPU and the reason is returned so the
 * node can say so loudly (health + error log) instead of failing silently.
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
  if (opts.executionProvider === 'cuda') {
    try {
      // Severity 4: onnxruntime's own message about the missing CUDA library is reported below.
      return { session: await ort.InferenceSession.create(bytes, { ...base, logSeverityLevel: 4, executionProviders: ['cuda', 'cpu'] }), provider: 'cuda' };
    } catch (err) {
      const session = await createOnCpu(id, bytes, base);
      return { session, provider: 'cpu', fallbackReason: `CUDA execution provider could not load: ${(err as Error).message}` };
    }
  }
  return { session: await createOnCpu(id, bytes, base), provider: 'cpu' };
}

async function createOnCpu(id: string, bytes: Uint8Array, base: ort.InferenceSession.SessionOptions): Promise<ort.InferenceSession> {
  try {
    return await ort.InferenceSession.create(bytes, { ...base, executionProviders: ['cpu'] });
  } catch (err) {
    throw appError('MODEL_UNAVAILABLE', { message: `Model "${id}" could not be loaded by onnxruntime: ${(err as Error).message}`, details: { reasons: ['model_load_failed'] }, cause: err });
  }
}

/** Float32 tensor helper (NCHW). */
export function floatTensor(data: Float32Array, dims: readonly number[]): ort.Tensor {
  return new ort.Tensor('float32', data, dims);
}

/** Runs a session and returns the named outputs as Float32Arrays. */
export async function runSession(session: ort.InferenceSession, feeds: Record<string, ort.Tensor>, outputs: readonly string[]): Promise<Float32Array[]> {
  const result = await session.run(feeds, outputs as string[]);
  return outputs.map((name) => {
    const t = result[name];
    if (!t) throw appError('MODEL_UNAVAILABLE', { message: `Model output "${name}" missing; check the manifest`, details: { reasons: ['model_output_missing'] } });
    return t.data as Float32Array;
  });
}
