import sharp from 'sharp';
import type { VerifiedModels } from '../models/load-manifest.ts';
import type { CheckResult, EmbedResult, ImagesPayload } from '../pool/protocol.ts';
import { createRuntime, type ImageLimits } from './runtime.ts';
import { checkTask, embedTask } from './tasks/face-tasks.ts';

export interface InProcessRunner {
  check(payload: ImagesPayload): Promise<CheckResult>;
  embed(payload: ImagesPayload): Promise<EmbedResult>;
}

/**
 * The worker's tasks called directly on the calling thread, with no pool and no gRPC: the
 * baseline `npm run bench:inference` compares the node against, and a tool for calibration
 * scripts. Same models, same code, same sharp settings as a worker.
 */
export async function createInProcessRunner(models: VerifiedModels, opts: { intraOpThreads: number; limits: ImageLimits }): Promise<InProcessRunner> {
  sharp.cache(false);
  const rt = await createRuntime({ active: models.active, policy: models.manifest.policy, modelBytes: models.bytes, executionProvider: 'cpu', intraOpThreads: opts.intraOpThreads, limits: opts.limits });
  return { check: (p) => checkTask(rt, p), embed: (p) => embedTask(rt, p) };
}
