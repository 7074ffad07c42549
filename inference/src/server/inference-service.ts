import type {
  InferenceCheckFaceResponse,
  InferenceFramesRequest__Output,
  InferenceHealthResponse,
  InferenceImageRequest__Output,
  InferenceMatchFacesRequest__Output,
  InferenceReadDocumentRequest__Output,
  InferenceServiceHandlers,
} from '@idgate/protos';
import type { Logger } from '@idgate/platform';
import type { VerifiedModels } from '../models/load-manifest.ts';
import type { InferencePool } from '../pool/inference-pool.ts';
import type { AgeResult, CheckResult, DetectResult, DocumentResult, EmbedResult, LivenessResult, ReadyResult, TaskName } from '../pool/protocol.ts';
import { encodeDocument } from './encode-document.ts';
import { encodeAge, encodeDetect, encodeEmbed, encodeLiveness } from './encode.ts';
import { poolHandler, type JobContext } from './job-context.ts';
import { matchFaces } from './match.ts';
import { measured } from './task-metrics.ts';
import { imagesFrom } from './transfer.ts';

export interface ServiceDeps {
  readonly pool: InferencePool;
  readonly models: VerifiedModels;
  readonly ready: ReadyResult;
  readonly maxImageBytes: number;
  readonly logger: Logger;
}

/**
 * The InferenceService handlers: decode the request, run ONE pool task (two for an image-to-image
 * match), encode the answer. Images are moved into the worker; nothing is kept here.
 */
export function createInferenceHandlers(deps: ServiceDeps): InferenceServiceHandlers {
  const { pool, maxImageBytes } = deps;
  const onInternal = (err: unknown): void => deps.logger.error({ err }, 'inference request failed');
  const run = <T>(task: TaskName, images: (Uint8Array | undefined)[], job: JobContext, extra: object = {}): Promise<T> => {
    const buffers = imagesFrom(images, maxImageBytes);
    return pool.run<T>(task, { images: buffers, deadline: job.deadline, ...extra }, { transfer: buffers, signal: job.signal });
  };
  const one = (req: InferenceImageRequest__Output): (Uint8Array | undefined)[] => [req.image];
  const frames = (req: InferenceFramesRequest__Output): Uint8Array[] => req.frames ?? [];
  return {
    DetectFaces: poolHandler(
      measured('detect', async (req: InferenceImageRequest__Output, job) => encodeDetect(await run<DetectResult>('detect', one(req), job))),
      onInternal,
    ),
    EmbedFace: poolHandler(
      measured('embed', async (req: InferenceImageRequest__Output, job) => encodeEmbed(await run<EmbedResult>('embed', one(req), job))),
      onInternal,
    ),
    EstimateAge: poolHandler(
      measured('age', async (req: InferenceImageRequest__Output, job) => encodeAge(await run<AgeResult>('age', one(req), job))),
      onInternal,
    ),
    CheckLiveness: poolHandler(
      measured('liveness', async (req: InferenceFramesRequest__Output, job) => encodeLiveness(await run<LivenessResult>('liveness', frames(req), job))),
      onInternal,
    ),
    CheckFace: poolHandler(
      measured('check', async (req: InferenceFramesRequest__Output, job) => encodeCheck(await run<CheckResult>('check', frames(req), job))),
      onInternal,
    ),
    MatchFaces: poolHandler(
      measured('match', (req: InferenceMatchFacesRequest__Output, job) =>
        matchFaces({ pool, recognizer: deps.models.active.recognizer, maxImageBytes }, req, job),
      ),
      onInternal,
    ),
    ReadDocument: poolHandler(
      measured('document', async (req: InferenceReadDocumentRequest__Output, job) =>
        encodeDocument(await run<DocumentResult>('document', req.backImage ? [req.image, req.backImage] : [req.image], job, { today: req.today })),
      ),
      onInternal,
    ),
    Health: poolHandler(async () => health(deps), onInternal),
  };
}

function encodeCheck(r: CheckResult): InferenceCheckFaceResponse {
  return { liveness: encodeLiveness(r.liveness), age: encodeAge(r.age), embedding: encodeEmbed(r.embedding), bestFrame: r.bestFrame, timingsMs: r.timings };
}

function health(deps: ServiceDeps): InferenceHealthResponse {
  const s = deps.pool.stats();
  const { active } = deps.models;
  return {
    ready: true,
    poolSize: s.size,
    busy: s.busy,
    queued: s.queued,
    maxQueue: s.maxQueue,
    executionProvider: deps.ready.provider,
    ...(deps.ready.fallbackReason ? { providerFallback: deps.ready.fallbackReason } : {}),
    models: [active.detector.id, active.recognizer.id, active.age.id, ...active.liveness.map((l) => l.id)],
    completed: String(s.completed),
    meanRunTimeMs: s.meanRunTimeMs,
  };
}
