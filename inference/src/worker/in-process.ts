import sharp from 'sharp';
import type { VerifiedModels } from '../models/load-manifest.ts';
import type { AgeResult, CheckResult, EmbedResult, ImagesPayload } from '../pool/protocol.ts';
import { createRuntime, type ImageLimits } from './runtime.ts';
import type { ExecutionProvider } from './sessions.ts';
import type { AgeView } from '../vision/index.ts';
import { ageTask, ageViewsTask, checkTask, embedTask } from './tasks/face-tasks.ts';

export interface InProcessRunner {
  check(payload: ImagesPayload): Promise<CheckResult>;
  embed(payload: ImagesPayload): Promise<EmbedResult>;
  /** The age of a one-frame check (detect, quality, crop, age model, gate policy). */
  age(payload: ImagesPayload): Promise<AgeResult>;
  /** The age model's views of that face, with their distributions (calibration scripts). */
  ageViews(payload: ImagesPayload): Promise<AgeView[]>;
  /** The provider the models run on (a GPU provider that could not load leaves them on cpu). */
  readonly provider: ExecutionProvider;
  readonly fallbackReason?: string;
}

/**
 * The worker's tasks called directly on the calling thread, with no pool and no gRPC: the
 * baseline `npm run bench:inference` compares the node against, and a tool for calibration
 * scripts. Same models, same code, same sharp settings as a worker.
 */
export async function createInProcessRunner(
  models: VerifiedModels,
  opts: { intraOpThreads: number; limits: ImageLimits; executionProvider?: ExecutionProvider },
): Promise<InProcessRunner> {
  sharp.cache(false);
  const executionProvider = opts.executionProvider ?? 'cpu';
  const rt = await createRuntime({
    active: models.active,
    policy: models.manifest.policy,
    modelBytes: models.bytes,
    executionProvider,
    intraOpThreads: opts.intraOpThreads,
    limits: opts.limits,
  });
  return {
    check: (p) => checkTask(rt, p),
    embed: (p) => embedTask(rt, p),
    age: (p) => ageTask(rt, p),
    ageViews: (p) => ageViewsTask(rt, p),
    provider: rt.provider,
    ...(rt.fallbackReason ? { fallbackReason: rt.fallbackReason } : {}),
  };
}
