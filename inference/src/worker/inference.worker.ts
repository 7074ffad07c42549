import { workerData } from 'node:worker_threads';
import sharp from 'sharp';
import { isAppError, toWireError } from '@idgate/protos';
import { warmUpDocumentReader } from '../document/index.ts';
import type { DocumentPayload, ImagesPayload, ReadyResult, ReleasePayload, TaskOutcome } from '../pool/protocol.ts';
import { createRuntime, releaseRuntime, type Runtime, type WorkerInit } from './runtime.ts';
import { documentTask } from './tasks/document-task.ts';
import { ageTask, checkTask, detectTask, embedTask, livenessTask } from './tasks/face-tasks.ts';

/**
 * Piscina worker entry: one export per task name. Models are loaded once per worker, lazily,
 * INSIDE the first task that needs them (the pool warms every worker with a `ready` task at
 * start). Nothing runs in the background: an idle Piscina worker blocks in Atomics.wait, which
 * would stall floating promises (STYLE 4a.4).
 */
const init = workerData as WorkerInit & { sharpConcurrency: number };

// Decoded pixels must not outlive the task (images are dropped after use): no libvips cache.
sharp.cache(false);
sharp.concurrency(init.sharpConcurrency);

let runtime: Promise<Runtime> | undefined;
const getRuntime = (): Promise<Runtime> => (runtime ??= createRuntime(init));

/**
 * Every outcome crosses the thread boundary as data (structured clone drops AppError fields).
 * Only a dying worker makes pool.run() reject, so the pool can tell a crash from an error.
 */
async function envelope<T>(fn: (rt: Runtime) => Promise<T>): Promise<TaskOutcome<T>> {
  try {
    return { ok: true, value: await fn(await getRuntime()) };
  } catch (err) {
    if (isAppError(err)) return { ok: false, error: toWireError(err) };
    // A bug: the pool logs `internal`; callers only ever see the catalogue's generic INTERNAL.
    return { ok: false, error: { ...toWireError(err), internal: String((err as Error)?.stack ?? err) } };
  }
}

/** Loads every model of this worker (face models and the document reader's OCR models). */
export const ready = (): Promise<TaskOutcome<ReadyResult>> =>
  envelope(async (rt) => {
    await warmUpDocumentReader({ intraOpThreads: init.intraOpThreads, bytes: init.documentModelBytes });
    return readyResult(rt);
  });

function readyResult(rt: Runtime): ReadyResult {
  const { detector, recognizer, age: ageModel, liveness: livenessModels } = rt;
  const models = {
    detector: detector.spec.id,
    recognizer: recognizer.spec.id,
    age: ageModel.spec.id,
    liveness: livenessModels.map((l) => l.spec.id).join('+'),
  };
  return { provider: rt.provider, ...(rt.fallbackReason ? { fallbackReason: rt.fallbackReason } : {}), models };
}

export const detect = (p: ImagesPayload) => envelope((rt) => detectTask(rt, p));
export const embed = (p: ImagesPayload) => envelope((rt) => embedTask(rt, p));
export const age = (p: ImagesPayload) => envelope((rt) => ageTask(rt, p));
export const liveness = (p: ImagesPayload) => envelope((rt) => livenessTask(rt, p));
export const check = (p: ImagesPayload) => envelope((rt) => checkTask(rt, p));
export const document = (p: DocumentPayload) => envelope((rt) => documentTask(rt, p));

let sessionsReleased = false;

/**
 * Before the pool closes, with WebGPU: this worker's sessions are released one worker at a time
 * (under the GPU run lock) rather than torn down by every thread at once as the threads are
 * terminated, which crashed the process on an H200 (free(): invalid pointer, 8 workers). The
 * barrier holds this worker until every worker has taken its own release task: none takes two.
 */
export async function releaseGpuSessions(p: ReleasePayload): Promise<TaskOutcome<null>> {
  // Once only: a worker that took a second release task (a peer was busy past the barrier's
  // patience) must not release its sessions twice.
  if (sessionsReleased) return { ok: true, value: null };
  sessionsReleased = true;
  if (runtime) await releaseRuntime(await runtime);
  const released = new Int32Array(p.released);
  Atomics.add(released, 0, 1);
  Atomics.notify(released, 0);
  const giveUpAt = Date.now() + 5_000;
  for (let seen = Atomics.load(released, 0); seen < p.workers && Date.now() < giveUpAt; seen = Atomics.load(released, 0)) {
    Atomics.wait(released, 0, seen, 100);
  }
  return { ok: true, value: null };
}
