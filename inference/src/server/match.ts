import { appError, type InferenceFaceInput__Output, type InferenceMatchFacesRequest__Output, type InferenceMatchFacesResponse } from '@idgate/protos';
import type { InferencePool } from '../pool/inference-pool.ts';
import type { EmbedResult } from '../pool/protocol.ts';
import type { RecognizerModel } from '../models/manifest.types.ts';
import { cosineSimilarity, isSamePerson } from '../vision/index.ts';
import type { JobContext } from './job-context.ts';
import { imagesFrom } from './transfer.ts';

export interface MatchDeps {
  readonly pool: InferencePool;
  readonly recognizer: RecognizerModel & { readonly id: string };
  readonly maxImageBytes: number;
}

interface Resolved {
  readonly values: ArrayLike<number>;
  readonly model: string;
  readonly timings: Record<string, number>;
}

/**
 * 1:1 face match. Each side is an image (embedded in the pool, both sides in parallel) or an
 * embedding core stored earlier. The threshold is the active recognizer's calibrated one, so an
 * embedding from another recognizer is refused rather than compared on the wrong scale (unless the
 * manifest says it shares the active one's space: `acceptsEmbeddingsOf`).
 */
export async function matchFaces(deps: MatchDeps, req: InferenceMatchFacesRequest__Output, job: JobContext): Promise<InferenceMatchFacesResponse> {
  const [probe, reference] = await Promise.all([resolve(deps, req.probe, 'probe', job), resolve(deps, req.reference, 'reference', job)]);
  const similarity = cosineSimilarity(probe.values, reference.values);
  const threshold = deps.recognizer.matchThreshold;
  const timingsMs: Record<string, number> = {};
  for (const t of [probe.timings, reference.timings]) for (const [k, v] of Object.entries(t)) timingsMs[k] = (timingsMs[k] ?? 0) + v;
  return { match: isSamePerson(similarity, threshold), similarity, threshold, model: deps.recognizer.id, timingsMs };
}

async function resolve(deps: MatchDeps, input: InferenceFaceInput__Output | undefined, side: string, job: JobContext): Promise<Resolved> {
  if (input?.source === 'image') {
    const images = imagesFrom([input.image], deps.maxImageBytes);
    const r = await deps.pool.run<EmbedResult>('embed', { images, deadline: job.deadline }, { transfer: images, signal: job.signal });
    return { values: r.embedding, model: r.model, timings: r.timings };
  }
  if (input?.source === 'embedding' && input.embedding) {
    const { values = [], model = '' } = input.embedding;
    if (model !== deps.recognizer.id && !deps.recognizer.acceptsEmbeddingsOf?.includes(model)) throw invalid(`${side}_embedding_model_not_active`);
    if (values.length !== deps.recognizer.embeddingSize || !values.every(Number.isFinite)) throw invalid(`${side}_embedding_invalid`);
    return { values, model, timings: {} };
  }
  throw invalid(`${side}_missing`);
}

function invalid(reason: string): Error {
  return appError('REQUEST_INVALID', { details: { reasons: [reason] } });
}
